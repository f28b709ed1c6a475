// Device settings kept in memory, for hosts built in tests.
import { DEFAULT_DEVICE_SETTINGS, type DeviceSettings } from '../../src/workers/store/device-settings.ts';
import type { SettingsStore } from '../../src/workers/host/context.ts';

export function memorySettings(initial: DeviceSettings = DEFAULT_DEVICE_SETTINGS): SettingsStore {
  let current = initial;
  return {
    read: async () => current,
    write: async (s) => {
      current = s;
    },
  };
}
