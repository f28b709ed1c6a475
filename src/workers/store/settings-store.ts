// Device settings in the worker: stored as text (IndexedDB through idb-keyval in the app: a worker
// has no localStorage), never part of a Y.Doc, so never synced or exported. Stored settings that
// cannot be used give the defaults, and the store keeps what was wrong until the next save, so the
// person is told instead of finding their backends silently gone.
import { createStore, get, set } from 'idb-keyval';
import { parseDeviceSettings, type DeviceSettings, type SettingsProblem } from './device-settings.ts';

export interface SettingsStore {
  read(): Promise<DeviceSettings>;
  write(settings: DeviceSettings): Promise<void>;
  /** What was wrong with the stored settings at the last read (the defaults were used), or null. */
  problem(): SettingsProblem | null;
}

/** Where the settings text lives; `undefined`: nothing was ever saved. */
export interface SettingsText {
  get(): Promise<string | undefined>;
  set(text: string): Promise<void>;
}

const KEY = 'device-settings';

export function createSettingsStore(
  text: SettingsText,
  /** The settings before the first save (the app's follow the browser's language). */
  firstStart: (defaults: DeviceSettings) => DeviceSettings = (defaults) => defaults,
): SettingsStore {
  let problem: SettingsProblem | null = null;
  return {
    async read() {
      const raw = await text.get();
      const parsed = parseDeviceSettings(raw ?? null);
      problem = parsed.ok ? null : parsed.problem;
      return raw === undefined ? firstStart(parsed.settings) : parsed.settings;
    },
    async write(settings) {
      await text.set(JSON.stringify(settings));
      problem = null;
    },
    problem: () => problem,
  };
}

export function createIdbSettingsStore(): SettingsStore {
  const store = createStore('rashomon-device', 'settings');
  return createSettingsStore(
    { get: () => get<string>(KEY, store), set: (value) => set(KEY, value, store) },
    // Before anything is saved, the interface speaks the browser's language when it is one we have.
    (defaults) => ({ ...defaults, uiLanguage: browserLanguage() }),
  );
}

function browserLanguage(): DeviceSettings['uiLanguage'] {
  const known = navigator.languages.find((tag) => /^(en|zh)\b/i.test(tag));
  return known?.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
