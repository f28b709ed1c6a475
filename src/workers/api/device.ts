// The part of the worker's API about this device: its settings, and its model backends as Settings
// tests, sizes up and downloads them. Re-exported by api.ts.
import type { ContextSource } from '../../driver/model.ts';
import type { BackendProfile, DeviceSettings } from '../store/device-settings.ts';
import type { Result } from './result.ts';

export interface ConnectionReport {
  ok: boolean;
  /** reachable → authorized → model found; the first failing step, with `detail` saying what to do. */
  code?: 'unreachable' | 'cors' | 'unauthorized' | 'model-not-found' | 'no-models';
  detail: string;
  models: string[];
}

/** What Settings shows of a backend profile's context: what requests are fitted into, and why. */
export interface ModelLimitsReport {
  /** What requests are fitted into: the profile's setting when set, else what was detected; null: neither. */
  contextTokens: number | null;
  source?: ContextSource;
  /** What the server or the model's record says the model runs with (null: nothing says), even under a setting. */
  detected: number | null;
  /** The model's trained length, where the server tells it beside what it runs with (Ollama, LM Studio). */
  trainedTokens?: number;
  /** Where `detected` comes from, in words. */
  detail: string;
  /** The server runs the model with less context than it was trained for (Ollama): what it costs and the fix. */
  warning?: string;
  /** How the server keeps each participant's prompt, and the setting that helps, where it says which server it is. */
  promptKeeping?: string;
}

export interface EndpointPreset {
  id: string;
  label: string;
  baseURL: string;
  /** How to let a web page reach it when the browser blocks the request (CORS). */
  corsHelp: string;
}

export interface WebGpuStatus {
  available: boolean;
  shaderF16: boolean;
  /** Why in-browser models cannot run here, and what to use instead. */
  detail: string;
}

export interface WebllmModel {
  id: string;
  downloadMB: number;
  memoryMB: number;
  lowResource: boolean;
  fitsDevice: boolean;
  cached: boolean;
}

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
