// Settings opened from anywhere (a failed request's Open Settings, the header): which section to show.
import { createSignal } from 'solid-js';

export type SettingsSection = 'backends';

/** null: closed; otherwise open, at the section named (or the top). */
const [request, setRequest] = createSignal<{ section?: SettingsSection } | null>(null);

export const settingsRequest = request;

export function openSettings(section?: SettingsSection): void {
  setRequest(section ? { section } : {});
}

export function closeSettings(): void {
  setRequest(null);
}
