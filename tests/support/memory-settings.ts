// Device settings kept in memory, for hosts built in tests: the worker's own settings store over a
// text held in a variable (so stored text that cannot be used is reported as in the app).
import { DEFAULT_DEVICE_SETTINGS, type DeviceSettings } from '../../src/workers/store/device-settings.ts';
import { createSettingsStore, type SettingsStore } from '../../src/workers/store/settings-store.ts';

/** `initial` is saved first; a string is taken as the stored text itself (to store something broken). */
export function memorySettings(initial: DeviceSettings | string = DEFAULT_DEVICE_SETTINGS): SettingsStore {
  let text: string | undefined = typeof initial === 'string' ? initial : JSON.stringify(initial);
  return createSettingsStore({
    get: async () => text,
    set: async (value) => {
      text = value;
    },
  });
}
