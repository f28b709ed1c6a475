// Loads WebLLM engines on demand: the ~6 MB WebLLM chunk is imported only when a model is first
// loaded, concurrent loads of one model share one engine, and load reports become 'download' events.
import type { ModelFailure } from '../../driver/model.ts';
import type { WebllmEngineLike } from './engine.ts';
import { webllmFailure } from './failures.ts';
import type { Wording } from '../wording.ts';
import { createProgressTracker, type InitProgressReportLike } from './progress.ts';
import type { DownloadEvent } from '../reports.ts';

export interface LoadedEngine extends WebllmEngineLike {
  /** Frees the GPU memory; the engine cannot answer afterwards. */
  unload(): Promise<void>;
}

/** Creates an engine with the model loaded (downloading it first if it is not cached). */
export type CreateEngine = (
  modelId: string,
  onReport: (report: InitProgressReportLike) => void,
) => Promise<LoadedEngine>;

export type LoadResult = { ok: true; engine: LoadedEngine } | ModelFailure;

export interface WebllmLoaderOptions {
  /** Defaults to WebLLM's CreateMLCEngine, imported when first needed. */
  createEngine?: CreateEngine;
  /** Now, in milliseconds, for the time-left estimate. */
  clock?: () => number;
  /** The picker's size estimate, shown until WebLLM's reports give the real total. */
  estimateMB?: (modelId: string) => number | undefined;
  /** The words of a failed load (see wording.ts). */
  wording: Wording;
}

export interface WebllmLoader {
  /** Loads the model, or joins a load already running; onProgress gets every 'download' event. */
  load(modelId: string, onProgress?: (event: DownloadEvent) => void): Promise<LoadResult>;
  /** The engine of a model whose load has finished. */
  loaded(modelId: string): LoadedEngine | undefined;
  /** Frees a loaded model (waits for a load in progress first). */
  unload(modelId: string): Promise<void>;
}

/** The real engine, from a dynamic import so the WebLLM chunk loads only when a model is chosen. */
export const createMlcEngine: CreateEngine = async (modelId, onReport) => {
  const webllm = await import('@mlc-ai/web-llm');
  return webllm.CreateMLCEngine(modelId, { initProgressCallback: onReport });
};

interface Entry {
  result: Promise<LoadResult>;
  listeners: Set<(event: DownloadEvent) => void>;
  /** The latest event and, once loaded, the engine. */
  state: { last?: DownloadEvent; engine?: LoadedEngine };
}

export function createWebllmLoader(options: WebllmLoaderOptions): WebllmLoader {
  const createEngine = options.createEngine ?? createMlcEngine;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry>();

  const start = (modelId: string): Entry => {
    const estimate = options.estimateMB?.(modelId);
    const track = createProgressTracker({
      modelId,
      clock,
      ...(estimate !== undefined ? { estimatedTotalMB: estimate } : {}),
    });
    const listeners = new Set<(event: DownloadEvent) => void>();
    const state: Entry['state'] = {};
    const onReport = (report: InitProgressReportLike) => {
      const event = track(report);
      state.last = event;
      for (const listener of listeners) notify(listener, event);
    };
    const result = Promise.resolve()
      .then(() => createEngine(modelId, onReport))
      .then(
        (engine): LoadResult => {
          state.engine = engine;
          return { ok: true, engine };
        },
        (error: unknown): LoadResult => {
          if (entries.get(modelId)?.result === result) entries.delete(modelId); // a later load may retry
          return webllmFailure(error, modelId, options.wording);
        },
      );
    const entry: Entry = { result, listeners, state };
    entries.set(modelId, entry);
    return entry;
  };

  return {
    async load(modelId, onProgress) {
      const entry = entries.get(modelId) ?? start(modelId);
      if (!onProgress) return entry.result;
      if (entry.state.last) notify(onProgress, entry.state.last); // a late joiner starts where the bar is
      entry.listeners.add(onProgress);
      try {
        return await entry.result;
      } finally {
        entry.listeners.delete(onProgress);
      }
    },
    loaded(modelId) {
      return entries.get(modelId)?.state.engine;
    },
    async unload(modelId) {
      const entry = entries.get(modelId);
      if (!entry) return;
      entries.delete(modelId);
      const result = await entry.result;
      if (result.ok) await result.engine.unload().catch(() => {});
    },
  };
}

function notify(listener: (event: DownloadEvent) => void, event: DownloadEvent): void {
  try {
    listener(event);
  } catch {
    // A broken progress display must not break the load.
  }
}
