// The ChatModel behind a WebLLM backend profile: loads the model on first use (from the browser's
// cache, never an implicit multi-GB download) and then answers through the queued WebLLM adapter;
// its limits come from the model's record, known before any load.
import { ModelFailureCode, type ChatModel } from '../../driver/model.ts';
import { createWebllmChatModel, recordLimits } from './chat-model.ts';
import { webllmCancelled } from './failures.ts';
import type { WebllmLoader } from './loader.ts';
import type { DownloadEvent } from '../reports.ts';
import type { Wording } from '../wording.ts';

export interface WebllmProfileModelOptions {
  loader: WebllmLoader;
  /** The profile's WebLLM model id. */
  model: string;
  /** WebLLM's hasModelInCache: a model that is neither loaded nor cached is not fetched here. */
  isCached: (modelId: string) => Promise<boolean>;
  /** Progress of loading the cached model onto the GPU. */
  onProgress?: (event: DownloadEvent) => void;
  thinking?: boolean;
  /** The context window of a model's record (prebuiltAppConfig), undefined when it has none. */
  contextWindow?: (modelId: string) => Promise<number | undefined>;
  /** The words of its failures (see wording.ts). */
  wording: Wording;
}

export function createWebllmProfileModel(options: WebllmProfileModelOptions): ChatModel {
  const { loader, model, wording } = options;
  const contextTokens = async () =>
    model ? ((await options.contextWindow?.(model).catch(() => undefined)) ?? null) : null;
  return {
    limits: async () => recordLimits(await contextTokens()),
    async complete(request) {
      if (!model) {
        return {
          ok: false,
          code: ModelFailureCode.modelNotFound,
          detail: wording('This in-browser profile has no model chosen yet. Pick one in the settings.'),
        };
      }
      let engine = loader.loaded(model);
      if (!engine) {
        const cached = await options.isCached(model).catch(() => false);
        if (!cached) {
          return {
            ok: false,
            code: ModelFailureCode.modelNotFound,
            detail: wording(
              'The in-browser model {model} is not downloaded yet. Download it in the settings first.',
              { model },
            ),
          };
        }
        const loading = loader.load(model, options.onProgress);
        const loaded = await untilAborted(loading, request.signal);
        if (!loaded) return webllmCancelled(wording); // the load goes on; the next request will use it
        if (!loaded.ok) return loaded;
        engine = loaded.engine;
      }
      const tokens = await contextTokens();
      return createWebllmChatModel({
        engine,
        model,
        wording,
        ...(options.thinking !== undefined ? { thinking: options.thinking } : {}),
        ...(tokens !== null ? { contextTokens: tokens } : {}),
      }).complete(request);
    },
  };
}

/** The promise's value, or undefined as soon as the signal aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T | undefined> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
