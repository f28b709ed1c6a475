// The platform side of model backends in the worker: OpenAI-compatible endpoints over fetch, WebGPU
// detection, and WebLLM — loaded with a dynamic import, only when an in-browser model is used. Every
// backend words what it says with the worker's wording (its uiText, in the interface language). The
// endpoints' presets, connection test and local-server finder load when Settings first asks for them.
import type { ChatModel } from '../driver/model.ts';
import type { BackendProfile } from './profile.ts';
import type {
  BackendResult,
  ConnectionReport,
  DownloadEvent,
  EndpointPreset,
  ModelLimitsReport,
  WebGpuStatus,
  WebllmModel,
} from './reports.ts';
import { createOpenAIChatModel } from './openai/chat-model.ts';
import { limitsReport } from './limits-report.ts';
import { detectWebGpu } from './webllm/webgpu.ts';
import { createWebllmLoader } from './webllm/loader.ts';
import {
  deleteWebllmModel,
  estimateDownload,
  listWebllmModels,
  recordContextTokens,
} from './webllm/models.ts';
import { createWebllmProfileModel } from './webllm/profile-model.ts';
import type { Wording } from './wording.ts';

/** Builds a profile's ChatModel (the worker's model registry keeps one per profile). */
export type BackendFactory = (profile: BackendProfile) => ChatModel;

/** Everything about model backends that depends on the platform (fetch, WebGPU, WebLLM). */
export interface DeviceBackends {
  factory: BackendFactory;
  endpointPresets(): Promise<EndpointPreset[]>;
  testConnection(endpoint: { baseURL: string; apiKey?: string; model?: string }): Promise<ConnectionReport>;
  probeLocalServers(): Promise<Array<{ preset: EndpointPreset; report: ConnectionReport }>>;
  /** Asks the profile's server (or its model's record) for the context, as the profile stands (saved or not). */
  modelLimits(profile: BackendProfile): Promise<ModelLimitsReport>;
  webgpuStatus(): Promise<WebGpuStatus>;
  webllmModels(): Promise<WebllmModel[]>;
  downloadWebllmModel(modelId: string, emit: (e: DownloadEvent) => void): Promise<BackendResult>;
  deleteWebllmModel(modelId: string): Promise<BackendResult>;
}

const webllm = () => import('@mlc-ai/web-llm');
const endpoints = () => import('./openai/endpoints.ts');

export function createDeviceBackends(emit: (event: DownloadEvent) => void, wording: Wording): DeviceBackends {
  const origin = globalThis.location?.origin;
  const records = async () => (await webllm()).prebuiltAppConfig.model_list;
  let knownRecords: Awaited<ReturnType<typeof records>> = [];
  const loader = createWebllmLoader({
    estimateMB: (id) => {
      const r = knownRecords.find((x) => x.model_id === id);
      return r ? estimateDownload(r).mb : undefined;
    },
    wording,
  });
  const isCached = async (id: string) => (await webllm()).hasModelInCache(id);
  const contextWindow = async (id: string) =>
    recordContextTokens((await records()).find((r) => r.model_id === id));
  const connection = { isBrowser: true, ...(origin ? { appOrigin: origin } : {}), wording };

  return {
    factory: (profile) =>
      profile.kind === 'openai'
        ? createOpenAIChatModel({
            baseURL: profile.baseURL,
            apiKey: profile.apiKey,
            model: profile.model,
            ...(profile.requestTimeoutSeconds !== undefined
              ? { requestTimeoutMs: profile.requestTimeoutSeconds * 1000 }
              : {}),
            wording,
          })
        : createWebllmProfileModel({
            loader,
            model: profile.model,
            isCached,
            contextWindow,
            onProgress: emit,
            wording,
          }),
    async endpointPresets() {
      const { corsHelpFor, endpointPresets } = await endpoints();
      return endpointPresets(wording).map((p) => ({ ...p, corsHelp: corsHelpFor(p, origin, wording) }));
    },
    testConnection: async (endpoint) => (await endpoints()).testConnection(endpoint, connection),
    probeLocalServers: async () => (await endpoints()).probeLocalServers(connection),
    modelLimits: (profile) => limitsReport(profile, { contextWindow, wording }),
    webgpuStatus: async () => {
      const { available, shaderF16, detail } = await detectWebGpu(undefined, wording);
      return { available, shaderF16, detail };
    },
    async webllmModels() {
      const status = await detectWebGpu();
      knownRecords = await records();
      const memory = (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory;
      return listWebllmModels({
        records: knownRecords,
        budget: {
          webgpu: status.available,
          shaderF16: status.shaderF16,
          ...status.limits,
          ...(memory !== undefined ? { deviceMemoryGB: memory } : {}),
        },
        hasModelInCache: isCached,
        wording,
      });
    },
    async downloadWebllmModel(modelId, onEvent) {
      knownRecords = knownRecords.length ? knownRecords : await records();
      const loaded = await loader.load(modelId, onEvent);
      return loaded.ok ? { ok: true } : loaded;
    },
    async deleteWebllmModel(modelId) {
      await loader.unload(modelId);
      return deleteWebllmModel(modelId, {
        records: await records(),
        deleteModelAllInfoInCache: async (id) => (await webllm()).deleteModelAllInfoInCache(id),
        wording,
      });
    },
  };
}
