// The part of the worker's API about this device: its settings, and its model backends as Settings
// tests, sizes up and downloads them. Re-exported by api.ts.
import type { DeviceSettings } from '../store/device-settings.ts';
import type {
  ConnectionReport,
  EndpointPreset,
  ModelLimitsReport,
  WebGpuStatus,
  WebllmModel,
} from '../../backends/reports.ts';
import type { DeviceBackends } from '../../backends/device-backends.ts';
import type { Result } from './result.ts';

export type { ConnectionReport, EndpointPreset, ModelLimitsReport, WebGpuStatus, WebllmModel };

/**
 * What Settings asks of this device's model backends: the device's backends answer it (a download's
 * progress comes as 'download' events instead of a callback).
 */
export interface BackendsApi extends Omit<DeviceBackends, 'factory' | 'downloadWebllmModel'> {
  downloadWebllmModel(modelId: string): Promise<Result>;
}

export interface DeviceApi extends BackendsApi {
  getDeviceSettings(): Promise<DeviceSettings>;
  /** Why the settings saved on this device could not be used (the defaults are in use), or null. */
  settingsProblem(): Promise<string | null>;
  setDeviceSettings(settings: DeviceSettings): Promise<Result>;
}
