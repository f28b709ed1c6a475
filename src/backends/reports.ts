// What the backends tell Settings, the same through the worker and the CLI: a connection test, a
// profile's context, the local servers to try, WebGPU and the in-browser models, a model's download
// progress, and a backend command's result. Re-exported by the worker's API (api/device.ts).
import type { ContextSource, ModelFailureCode } from '../driver/model.ts';

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

/** A WebLLM model's download, one bar from 0 to 1 (pushed to the app as a 'download' event). */
export interface DownloadEvent {
  kind: 'download';
  modelId: string;
  progress: number;
  loadedMB: number;
  totalMB: number;
  secondsLeft?: number;
  text: string;
}

/** What a backend command answers: done, or why not in words the person can act on. */
export type BackendResult =
  { ok: true } | { ok: false; code: ModelFailureCode | 'not-found'; detail: string };
