// What the device offers for in-browser models, asked of the worker only once something needs it
// (the WebLLM engine is a large chunk loaded on first use).
import { createResource, createSignal, type Resource } from 'solid-js';
import type { Remote } from 'comlink';
import type { DriverApi, WebGpuStatus, WebllmModel } from '../../workers/api.ts';

export interface WebllmCatalog {
  /** Starts loading the status and the model list (idempotent). */
  load(): void;
  status: Resource<WebGpuStatus | undefined>;
  models: Resource<WebllmModel[] | undefined>;
  /** Re-reads the model list (after a download or a deletion). */
  refresh(): void;
}

export function createWebllmCatalog(api: Remote<DriverApi>): WebllmCatalog {
  const [wanted, setWanted] = createSignal(false);
  const [status] = createResource(wanted, () => api.webgpuStatus());
  const [models, { refetch }] = createResource(wanted, () => api.webllmModels());
  return {
    load: () => setWanted(true),
    status,
    models,
    refresh: () => void refetch(),
  };
}
