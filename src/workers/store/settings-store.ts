// Device settings in the worker: IndexedDB through idb-keyval (a worker has no localStorage). Never
// part of a Y.Doc, so they are never synced or exported.
import { createStore, get, set } from 'idb-keyval';
import { parseDeviceSettings, type DeviceSettings } from './device-settings.ts';
import type { SettingsStore } from '../host/context.ts';

const KEY = 'device-settings';

export function createIdbSettingsStore(onProblem: (detail: string) => void = () => {}): SettingsStore {
  const store = createStore('rashomon-device', 'settings');
  return {
    async read() {
      const raw = await get<string>(KEY, store);
      const parsed = parseDeviceSettings(raw ?? null);
      if (!parsed.ok) onProblem(parsed.detail);
      // Before anything is saved, the interface speaks the browser's language when it is one we have.
      if (raw === undefined) return { ...parsed.settings, uiLanguage: browserLanguage() };
      return parsed.settings;
    },
    async write(settings: DeviceSettings) {
      await set(KEY, JSON.stringify(settings), store);
    },
  };
}

function browserLanguage(): DeviceSettings['uiLanguage'] {
  const known = navigator.languages.find((tag) => /^(en|zh)\b/i.test(tag));
  return known?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
