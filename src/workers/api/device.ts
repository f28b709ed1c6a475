// The part of the worker's API about this device: its settings, and its model backends as Settings
// tests, sizes up and downloads them. Re-exported by api.ts.
import type { DeviceSettings } from '../store/device-settings.ts';
import type { BackendProfile } from '../../backends/profile.ts';
import type {
  ConnectionReport,
  EndpointPreset,
  ModelLimitsReport,
  WebGpuStatus,
  WebllmModel,
} from '../../backends/reports.ts';
import type { Result } from './result.ts';

export type { ConnectionReport, EndpointPreset, ModelLimitsReport, WebGpuStatus, WebllmModel };

/** What Settings asks of this device's model backends (the device's backends answer it). */
export interface BackendsApi {
  endpointPresets(): Promise<EndpointPreset[]>;
  testConnection(endpoint: { baseURL: string; apiKey?: string; model?: string }): Promise<ConnectionReport>;
  probeLocalServers(): Promise<Array<{ preset: EndpointPreset; report: ConnectionReport }>>;
  /** Asks the profile's server (or its model's record) for the context, as the profile stands (saved or not). */
  modelLimits(profile: BackendProfile): Promise<ModelLimitsReport>;
  webgpuStatus(): Promise<WebGpuStatus>;
  webllmModels(): Promise<WebllmModel[]>;
  downloadWebllmModel(modelId: string): Promise<Result>;
  deleteWebllmModel(modelId: string): Promise<Result>;
}

export interface DeviceApi extends BackendsApi {
  getDeviceSettings(): Promise<DeviceSettings>;
  /** Why the settings saved on this device could not be used (the defaults are in use), or null. */
  settingsProblem(): Promise<string | null>;
  setDeviceSettings(settings: DeviceSettings): Promise<Result>;
}
