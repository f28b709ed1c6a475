// Device-local settings: model backends, API keys, sync server and tokens. They live in the device's
// own storage (never in a Y.Doc, an export or a sync message) and are validated on every read.
import { z } from 'zod';

export const openAIBackendSchema = z.object({
  kind: z.literal('openai'),
  baseURL: z.url(),
  apiKey: z.string().default(''),
  model: z.string().default(''),
});

export const webllmBackendSchema = z.object({ kind: z.literal('webllm'), model: z.string().default('') });

export const backendSchema = z.discriminatedUnion('kind', [openAIBackendSchema, webllmBackendSchema]);
export type Backend = z.infer<typeof backendSchema>;

export const deviceSettingsSchema = z.object({
  version: z.literal(1).default(1),
  uiLanguage: z.enum(['en', 'zh']).default('en'),
  backend: backendSchema.optional(),
  sync: z.object({ serverURL: z.url(), token: z.string() }).optional(),
});
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;

/** The minimal key-value storage the settings need (localStorage in the app, a Map in tests). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const STORAGE_KEY = 'rashomon.device-settings';

export type SettingsRead =
  { ok: true; settings: DeviceSettings } | { ok: false; settings: DeviceSettings; detail: string };

export function readDeviceSettings(storage: KeyValueStorage): SettingsRead {
  const raw = storage.getItem(STORAGE_KEY);
  const defaults = deviceSettingsSchema.parse({});
  if (raw === null) return { ok: true, settings: defaults };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return {
      ok: false,
      settings: defaults,
      detail: 'Saved device settings were not valid JSON; defaults are in use. Save settings again.',
    };
  }
  const parsed = deviceSettingsSchema.safeParse(json);
  return parsed.success
    ? { ok: true, settings: parsed.data }
    : {
        ok: false,
        settings: defaults,
        detail: `Saved device settings were invalid (${parsed.error.issues[0]?.message}); defaults are in use.`,
      };
}

export function writeDeviceSettings(storage: KeyValueStorage, settings: DeviceSettings): void {
  storage.setItem(STORAGE_KEY, JSON.stringify(deviceSettingsSchema.parse(settings)));
}
