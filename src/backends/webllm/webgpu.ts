// Whether this browser can run in-browser models: a WebGPU adapter, its shader-f16 feature and
// buffer limits, with a message that says what to use instead when it cannot.
import type { WebGpuStatus } from '../reports.ts';
import type { Wording } from '../wording.ts';

/** The parts of navigator.gpu and GPUAdapter the detection reads. */
export interface GpuAdapterLike {
  features: { has(feature: string): boolean };
  limits: { maxBufferSize: number; maxStorageBufferBindingSize: number };
  info?: { vendor?: string; architecture?: string; description?: string };
  isFallbackAdapter?: boolean;
}

export interface GpuLike {
  requestAdapter(options?: {
    powerPreference?: 'high-performance' | 'low-power';
  }): Promise<GpuAdapterLike | null>;
}

export interface WebGpuDetection extends WebGpuStatus {
  /** The adapter's limits, for the model picker's fitsDevice. */
  limits?: { maxBufferSize: number; maxStorageBufferBindingSize: number };
  /** A software (CPU) adapter such as SwiftShader: it works, far too slowly for a model. */
  software?: boolean;
}

/**
 * Self-contained (no imports but types, no module-level helpers) so a test can send its source into a
 * page. `gpu` null means "this browser has no navigator.gpu". The detail is in `wording` (see
 * wording.ts); by default the English text only gets its placeholders filled.
 */
export async function detectWebGpu(
  gpu: GpuLike | null | undefined = (globalThis as { navigator?: { gpu?: GpuLike } }).navigator?.gpu,
  wording: Wording = (text, values = {}) =>
    text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')),
): Promise<WebGpuDetection> {
  const instead = wording(
    'Use an OpenAI-compatible server instead: Ollama or LM Studio on this computer, or any other endpoint.',
  );
  if (!gpu) {
    return {
      available: false,
      shaderF16: false,
      detail: wording(
        'This browser has no WebGPU, so in-browser models cannot run here. {instead} (Recent Chrome and Edge have WebGPU.)',
        { instead },
      ),
    };
  }
  let adapter: GpuAdapterLike | null = null;
  let failure: string | undefined;
  try {
    adapter = await gpu.requestAdapter({ powerPreference: 'high-performance' });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  }
  if (!adapter) {
    return {
      available: false,
      shaderF16: false,
      detail:
        failure === undefined
          ? wording(
              'WebGPU found no usable graphics adapter: the GPU may be disabled or blocked for this browser, so in-browser models cannot run here. {instead}',
              { instead },
            )
          : wording(
              'WebGPU found no usable graphics adapter ({reason}): the GPU may be disabled or blocked for this browser, so in-browser models cannot run here. {instead}',
              { reason: failure, instead },
            ),
    };
  }
  const limits = {
    maxBufferSize: Number(adapter.limits.maxBufferSize),
    maxStorageBufferBindingSize: Number(adapter.limits.maxStorageBufferBindingSize),
  };
  const software =
    adapter.isFallbackAdapter === true ||
    /swiftshader/i.test(`${adapter.info?.architecture ?? ''} ${adapter.info?.description ?? ''}`);
  const slow = software
    ? wording(
        'This is a software (CPU) adapter: models would run very slowly; an endpoint will be much faster.',
      )
    : '';
  // WebLLM's runtime gives up below 256 MiB buffers or 128 MiB storage bindings.
  if (limits.maxBufferSize < 256 * 2 ** 20 || limits.maxStorageBufferBindingSize < 128 * 2 ** 20) {
    return {
      available: false,
      shaderF16: adapter.features.has('shader-f16'),
      limits,
      software,
      detail: wording("This GPU's WebGPU limits are too small for in-browser models. {instead}", { instead }),
    };
  }
  if (!adapter.features.has('shader-f16')) {
    return {
      available: true,
      shaderF16: false,
      limits,
      software,
      detail: slow
        ? wording(
            'WebGPU works here, but this GPU lacks the shader-f16 feature: only f32 models (names with q4f32) can run; they need more memory than the f16 ones. {slow}',
            { slow },
          )
        : wording(
            'WebGPU works here, but this GPU lacks the shader-f16 feature: only f32 models (names with q4f32) can run; they need more memory than the f16 ones.',
          ),
    };
  }
  return {
    available: true,
    shaderF16: true,
    limits,
    software,
    detail: slow
      ? wording('WebGPU with shader-f16 works here: in-browser models can run. {slow}', { slow })
      : wording('WebGPU with shader-f16 works here: in-browser models can run.'),
  };
}
