// The in-browser model picker and loader up to the engine boundary: which of WebLLM's models are
// offered, their sizes, what fits a device, cached flags, delete, progress → 'download' events, and
// an engine created only when a model is loaded.
import { describe, expect, it } from 'vitest';
import { prebuiltAppConfig } from '@mlc-ai/web-llm';
import {
  deleteWebllmModel,
  estimateDownload,
  fitsDevice,
  isPickerModel,
  listWebllmModels,
  recordContextTokens,
  type DeviceBudget,
  type WebllmRecord,
} from '../../src/backends/webllm/models.ts';
import { createProgressTracker } from '../../src/backends/webllm/progress.ts';
import { createWebllmLoader, type CreateEngine } from '../../src/backends/webllm/loader.ts';
import { createWebllmProfileModel } from '../../src/backends/webllm/profile-model.ts';
import type { DownloadEvent } from '../../src/backends/reports.ts';
import { english } from '../../src/backends/wording.ts';
import { createScriptedWebllmEngine } from '../support/scripted-webllm-engine.ts';

const MIB = 2 ** 20;
const GOOD_GPU: DeviceBudget = {
  webgpu: true,
  shaderF16: true,
  maxBufferSize: 2048 * MIB,
  maxStorageBufferBindingSize: 2048 * MIB,
  deviceMemoryGB: 8,
};

const records: WebllmRecord[] = [
  { model_id: 'Llama-3.2-1B-Instruct-q4f32_1-MLC', vram_required_MB: 1128.82, low_resource_required: true },
  { model_id: 'Llama-3.2-1B-Instruct-q4f16_1-MLC', vram_required_MB: 879.04, low_resource_required: true },
  { model_id: 'Llama-3.1-8B-Instruct-q4f32_1-MLC', vram_required_MB: 6101.01, low_resource_required: false },
  {
    model_id: 'gemma-2b-it-q4f32_1-MLC',
    vram_required_MB: 1750.66,
    low_resource_required: false,
    buffer_size_required_bytes: 262144000,
  },
  { model_id: 'Phi-3.5-vision-instruct-q4f16_1-MLC', vram_required_MB: 4521.54, model_type: 2 },
  { model_id: 'snowflake-arctic-embed-m-q0f32-MLC-b32', vram_required_MB: 1407.51, model_type: 1 },
  { model_id: 'Ministral-3-3B-Base-2512-q4f16_1-MLC', vram_required_MB: 2863.69 },
  { model_id: 'Qwen2.5-Coder-1.5B-Instruct-q4f16_1-MLC', vram_required_MB: 1629.75 },
  { model_id: 'Qwen2.5-Math-1.5B-Instruct-q4f16_1-MLC', vram_required_MB: 1629.75 },
  { model_id: 'WizardMath-7B-V1.1-q4f16_1-MLC', vram_required_MB: 4573.39 },
];

describe('WebLLM model picker', () => {
  it('offers chat models only: no embedding, vision, base, code or maths models', () => {
    expect(records.filter(isPickerModel).map((r) => r.model_id)).toEqual([
      'Llama-3.2-1B-Instruct-q4f32_1-MLC',
      'Llama-3.2-1B-Instruct-q4f16_1-MLC',
      'Llama-3.1-8B-Instruct-q4f32_1-MLC',
      'gemma-2b-it-q4f32_1-MLC',
    ]);
  });

  it("filters WebLLM's own prebuilt list to a sensible set of chat models", () => {
    const all = prebuiltAppConfig.model_list;
    const offered = all.filter(isPickerModel);
    expect(offered.length).toBeGreaterThan(50);
    expect(offered.length).toBeLessThan(all.length);
    const ids = offered.map((r) => r.model_id);
    expect(ids).toContain('Llama-3.2-1B-Instruct-q4f32_1-MLC');
    expect(ids).toContain('Qwen3-1.7B-q4f32_1-MLC');
    expect(ids.some((id) => /embed|vision|-Base-|Coder|Math/i.test(id))).toBe(false);
    // Every offered model has a size estimate and a memory need.
    for (const record of offered) {
      expect(estimateDownload(record).mb, record.model_id).toBeGreaterThan(50);
      expect(record.vram_required_MB, record.model_id).toBeGreaterThan(0);
    }
  });

  it('estimates the download from parameters and quantisation, or falls back to the memory need', () => {
    // 1e9 weights × 5 bits (q4f32_1: 4 bits + an f32 scale per 32) = 625 MB = 596 MiB
    expect(estimateDownload({ model_id: 'Llama-3.2-1B-Instruct-q4f32_1-MLC' })).toEqual({
      mb: 596,
      basis: 'parameters',
    });
    // 360e6 × 4.5 bits (q4f16_1)
    expect(estimateDownload({ model_id: 'SmolLM2-360M-Instruct-q4f16_1-MLC' }).mb).toBe(193);
    // 1.6e9 × 16 bits (q0f16: unquantised)
    expect(estimateDownload({ model_id: 'stablelm-2-zephyr-1_6b-q0f16-MLC' }).mb).toBe(3052);
    // The id has no size, the table knows Phi-3.5-mini (3.8e9)
    expect(estimateDownload({ model_id: 'Phi-3.5-mini-instruct-q4f16_1-MLC-1k' }).mb).toBe(2038);
    expect(estimateDownload({ model_id: 'gemma-4-E2B-it-q4f16_1-MLC', vram_required_MB: 3387.37 })).toEqual({
      mb: 3387,
      basis: 'memory',
    });
  });

  it('fitsDevice: needs WebGPU, shader-f16 for f16 models, large enough buffers and memory', () => {
    const [f32, f16, big, gemma] = records as [WebllmRecord, WebllmRecord, WebllmRecord, WebllmRecord];
    expect(fitsDevice(f32, GOOD_GPU, english)).toEqual({ fits: true });
    expect(fitsDevice(f32, { ...GOOD_GPU, webgpu: false }, english).fits).toBe(false);
    // f16 models need shader-f16 even when the record does not list it
    expect(fitsDevice(f16, { ...GOOD_GPU, shaderF16: false }, english)).toMatchObject({
      fits: false,
      reason: expect.stringMatching(/shader-f16.*q4f32/),
    });
    expect(fitsDevice(f32, { ...GOOD_GPU, shaderF16: false }, english).fits).toBe(true);
    // SwiftShader-like limits: 128 MiB bindings are enough for most models, not for gemma-2b's 250 MB
    const swiftshader = { ...GOOD_GPU, shaderF16: false, maxStorageBufferBindingSize: 128 * MIB };
    expect(fitsDevice(f32, swiftshader, english).fits).toBe(true);
    expect(fitsDevice(gemma, swiftshader, english)).toMatchObject({
      fits: false,
      reason: expect.stringMatching(/250 MB/),
    });
    expect(fitsDevice(f32, { ...GOOD_GPU, maxBufferSize: 128 * MIB }, english).fits).toBe(false);
    // 8 GB reported (Chrome's cap) → 6 GB for a model: the 8B model's 5.96 GB fits; 4 GB → 3 GB does not
    expect(fitsDevice(big, GOOD_GPU, english).fits).toBe(true);
    expect(fitsDevice(big, { ...GOOD_GPU, deviceMemoryGB: 4 }, english)).toMatchObject({
      fits: false,
      reason: expect.stringMatching(/about 6\.0 GB .* reports 4 GB \(3\.0 GB usable/),
    });
    expect(fitsDevice(f32, { ...GOOD_GPU, deviceMemoryGB: 2 }, english).fits).toBe(true); // 1129 MB of 1536
    expect(fitsDevice(gemma, { ...GOOD_GPU, deviceMemoryGB: 2 }, english).fits).toBe(false); // 1751 MB
    // Memory not reported: only models marked for low-resource devices count as fitting
    const unknown = { ...GOOD_GPU, deviceMemoryGB: undefined };
    expect(fitsDevice(f32, unknown, english).fits).toBe(true);
    expect(fitsDevice(gemma, unknown, english).fits).toBe(false);
  });

  it('lists models with sizes, fit and cached flags from the injected cache check', async () => {
    const asked: string[] = [];
    const list = await listWebllmModels({
      records,
      budget: { ...GOOD_GPU, shaderF16: false },
      hasModelInCache: async (id) => {
        asked.push(id);
        if (id.startsWith('gemma')) throw new Error('cache unavailable');
        return id === 'Llama-3.2-1B-Instruct-q4f32_1-MLC';
      },
      wording: english,
    });
    expect(asked).toHaveLength(4); // only offered models are looked up
    expect(list.map(({ id, cached, fitsDevice: fits }) => ({ id, cached, fits }))).toEqual([
      { id: 'Llama-3.2-1B-Instruct-q4f32_1-MLC', cached: true, fits: true },
      { id: 'Llama-3.2-1B-Instruct-q4f16_1-MLC', cached: false, fits: false },
      { id: 'Llama-3.1-8B-Instruct-q4f32_1-MLC', cached: false, fits: true },
      { id: 'gemma-2b-it-q4f32_1-MLC', cached: false, fits: true },
    ]);
    expect(list[0]).toMatchObject({
      downloadMB: 596,
      downloadBasis: 'parameters',
      memoryMB: 1129,
      lowResource: true,
      needsShaderF16: false,
    });
    expect(list[1]?.unfitReason).toMatch(/shader-f16/);
  });

  it('deletes a cached model through the injected delete, and refuses unknown ids', async () => {
    const deleted: string[] = [];
    const deleteModelAllInfoInCache = async (id: string) => void deleted.push(id);
    expect(
      await deleteWebllmModel('Llama-3.2-1B-Instruct-q4f32_1-MLC', {
        records,
        deleteModelAllInfoInCache,
        wording: english,
      }),
    ).toEqual({
      ok: true,
    });
    expect(
      await deleteWebllmModel('no-such-model', { records, deleteModelAllInfoInCache, wording: english }),
    ).toMatchObject({
      ok: false,
      code: 'not-found',
    });
    expect(deleted).toEqual(['Llama-3.2-1B-Instruct-q4f32_1-MLC']);
  });
});

// Report texts exactly as WebLLM 0.2.86 writes them (fetchTensorCacheInternal, shader loading, reload).
const fetching = (shard: number, mb: number, percent: number, secs: number) =>
  `Fetching param cache[${shard}/20]: ${mb}MB fetched. ${percent}% completed, ${secs} secs elapsed. ` +
  'It can take a while when we first visit this page to populate the cache. Later refreshes will become faster.';
const fromCache = (shard: number, mb: number, percent: number, secs: number) =>
  `Loading model from cache[${shard}/20]: ${mb}MB loaded. ${percent}% completed, ${secs} secs elapsed.`;

describe('WebLLM load progress → download events', () => {
  it('turns a first download into one rising bar with megabytes and time left', () => {
    let now = 1_000_000;
    const track = createProgressTracker({ modelId: 'm', estimatedTotalMB: 600, clock: () => now });
    const events: DownloadEvent[] = [];
    events.push(track({ progress: 0, timeElapsed: 0, text: 'Start to fetch params' }));
    now += 10_000;
    events.push(track({ progress: 0.25, timeElapsed: 10, text: fetching(5, 175, 25, 10) }));
    now += 10_000;
    events.push(track({ progress: 0.5, timeElapsed: 20, text: fetching(10, 350, 50, 20) }));
    now += 20_000;
    events.push(track({ progress: 1, timeElapsed: 40, text: fetching(20, 700, 100, 40) }));
    events.push(track({ progress: 0.5, timeElapsed: 1, text: fromCache(10, 350, 50, 1) }));
    events.push(
      track({
        progress: 0.5,
        timeElapsed: 1,
        text: 'Loading GPU shader modules[10/20]: 50% completed, 1 secs elapsed.',
      }),
    );
    events.push(track({ progress: 1, timeElapsed: 43, text: 'Finish loading on WebGPU - google' }));

    expect(events[0]).toMatchObject({
      kind: 'download',
      modelId: 'm',
      progress: 0,
      loadedMB: 0,
      totalMB: 600,
    });
    expect(events[0]!.secondsLeft).toBeUndefined();
    // The real total (350 MB is half) replaces the estimate; 10 s for a quarter → 30 s left
    expect(events[1]).toMatchObject({ progress: 0.2, loadedMB: 175, totalMB: 700, secondsLeft: 30 });
    expect(events[2]).toMatchObject({ progress: 0.4, loadedMB: 350, totalMB: 700, secondsLeft: 20 });
    expect(events[3]).toMatchObject({ progress: 0.8, loadedMB: 700, totalMB: 700 });
    // Loading onto the GPU continues the bar; the download stays complete
    expect(events[4]).toMatchObject({ loadedMB: 700, totalMB: 700 });
    expect(events[4]!.progress).toBeCloseTo(0.875);
    expect(events[5]!.progress).toBeCloseTo(0.975);
    expect(events[6]).toMatchObject({
      progress: 1,
      loadedMB: 700,
      secondsLeft: 0,
      text: 'Finish loading on WebGPU - google',
    });
    const bars = events.map((event) => event.progress);
    expect(bars).toEqual([...bars].sort((a, b) => a - b)); // never goes backwards
  });

  it('a cached model fills the bar from loading alone, with no jump', () => {
    let now = 0;
    const track = createProgressTracker({ modelId: 'm', clock: () => now });
    const start = track({ progress: 0, timeElapsed: 0, text: 'Start to fetch params' });
    now += 2_000;
    const half = track({ progress: 0.5, timeElapsed: 2, text: fromCache(10, 300, 50, 2) });
    expect(start.progress).toBe(0);
    expect(half).toMatchObject({ loadedMB: 300, totalMB: 600, secondsLeft: 2 });
    expect(half.progress).toBeCloseTo(0.475);
  });

  it('starts the time-left clock at the stage start that timeElapsed implies', () => {
    const track = createProgressTracker({ modelId: 'm', estimatedTotalMB: 1000, clock: () => 50_000 });
    // The first report seen is already 30 s into the fetch, 60 % done → 20 s left
    expect(track({ progress: 0.6, timeElapsed: 30, text: fetching(12, 600, 60, 30) })).toMatchObject({
      secondsLeft: 20,
      loadedMB: 600,
      totalMB: 1000,
    });
  });
});

describe('WebLLM loader', () => {
  function scriptedCreate() {
    const created: string[] = [];
    const createEngine: CreateEngine = async (modelId, onReport) => {
      created.push(modelId);
      onReport({ progress: 0, timeElapsed: 0, text: 'Start to fetch params' });
      await new Promise((resolve) => setTimeout(resolve, 5));
      onReport({ progress: 0.5, timeElapsed: 1, text: fetching(10, 300, 50, 1) });
      onReport({ progress: 1, timeElapsed: 2, text: 'Finish loading on WebGPU - test' });
      return createScriptedWebllmEngine(() => `answer from ${modelId}`);
    };
    return { created, createEngine };
  }

  it('creates no engine until a model is loaded, then one per model however many ask', async () => {
    const { created, createEngine } = scriptedCreate();
    const loader = createWebllmLoader({ createEngine, clock: () => 0, wording: english });
    expect(created).toEqual([]);
    expect(loader.loaded('m1')).toBeUndefined();
    const events: DownloadEvent[] = [];
    const [a, b] = await Promise.all([loader.load('m1', (e) => events.push(e)), loader.load('m1')]);
    expect(created).toEqual(['m1']);
    expect(a.ok && b.ok && a.engine === b.engine).toBe(true);
    expect(loader.loaded('m1')).toBe(a.ok ? a.engine : undefined);
    expect(events.map((e) => [e.progress, e.loadedMB, e.totalMB])).toEqual([
      [0, 0, 0],
      [0.4, 300, 600],
      [1, 600, 600],
    ]);
  });

  it('turns a failed load into a failure a user can act on, and lets a later load retry', async () => {
    let attempts = 0;
    const loader = createWebllmLoader({
      createEngine: async () => {
        attempts++;
        if (attempts === 1) {
          const error = new Error('WebGPU is not supported');
          error.name = 'WebGPUNotAvailableError';
          throw error;
        }
        return createScriptedWebllmEngine(() => 'ok');
      },
      wording: english,
    });
    expect(await loader.load('m')).toMatchObject({ ok: false, code: 'unreachable' });
    expect(await loader.load('m')).toMatchObject({ ok: true });
    expect(attempts).toBe(2);
  });

  it('unloads an engine and forgets it', async () => {
    const { createEngine } = scriptedCreate();
    const loader = createWebllmLoader({ createEngine, wording: english });
    const result = await loader.load('m1');
    await loader.unload('m1');
    expect(result.ok && (result.engine as unknown as { unloaded: boolean }).unloaded).toBe(true);
    expect(loader.loaded('m1')).toBeUndefined();
  });

  it("reads a record's context window: every prebuilt chat model has one, embedding models none", () => {
    const record = (id: string) => prebuiltAppConfig.model_list.find((r) => r.model_id === id);
    expect(recordContextTokens(record('Llama-3.2-1B-Instruct-q4f32_1-MLC'))).toBe(4096);
    expect(recordContextTokens(record('snowflake-arctic-embed-m-q0f32-MLC-b4'))).toBeUndefined();
    const chat = prebuiltAppConfig.model_list.filter((r) => isPickerModel(r));
    expect(chat.every((r) => (recordContextTokens(r) ?? 0) > 0)).toBe(true);
  });

  it("a profile model tells its record's context before any load, without loading", async () => {
    const { created, createEngine } = scriptedCreate();
    const loader = createWebllmLoader({ createEngine, wording: english });
    const profile = (model: string) =>
      createWebllmProfileModel({
        loader,
        model,
        isCached: async () => true,
        contextWindow: async (id) => (id === 'm1' ? 2048 : undefined),
        wording: english,
      });
    expect(await profile('m1').limits!()).toEqual({ contextTokens: 2048, source: 'record', promptSlots: 1 });
    expect(await profile('m2').limits!()).toEqual({ contextTokens: null, promptSlots: 1 });
    expect(await profile('').limits!()).toEqual({ contextTokens: null, promptSlots: 1 });
    expect(created).toEqual([]);
  });

  it('a profile model loads a cached model on first use but never downloads one implicitly', async () => {
    const { created, createEngine } = scriptedCreate();
    const loader = createWebllmLoader({ createEngine, wording: english });
    const messages = [{ role: 'user' as const, content: 'hi' }];
    const notCached = createWebllmProfileModel({
      loader,
      model: 'm1',
      isCached: async () => false,
      wording: english,
    });
    expect(await notCached.complete({ messages })).toMatchObject({ ok: false, code: 'model-not-found' });
    expect(created).toEqual([]);
    const cached = createWebllmProfileModel({
      loader,
      model: 'm1',
      isCached: async () => true,
      wording: english,
    });
    expect(await cached.complete({ messages })).toMatchObject({ ok: true, text: 'answer from m1' });
    expect(await notCached.complete({ messages })).toMatchObject({ ok: true }); // loaded now
    expect(created).toEqual(['m1']);
  });
});
