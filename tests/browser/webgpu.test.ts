// WebGPU detection in the test browser, which runs without --enable-unsafe-webgpu: no adapter, so
// in-browser models are reported unavailable with a message that points at a local server.
import { describe, expect, it } from 'vitest';
import { detectWebGpu } from '../../src/backends/webllm/webgpu.ts';

describe('detectWebGpu in Chromium without unsafe WebGPU', () => {
  it('reports WebGPU unavailable and suggests Ollama or LM Studio instead', async () => {
    const status = await detectWebGpu();
    expect(status.available).toBe(false);
    expect(status.shaderF16).toBe(false);
    expect(status.detail).toMatch(/in-browser models cannot run here/);
    expect(status.detail).toMatch(/OpenAI-compatible server.*Ollama or LM Studio/);
    // The message names the step that failed: no navigator.gpu at all, or no adapter behind it.
    const gpu = (navigator as Navigator & { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
    if (gpu) {
      expect(await gpu.requestAdapter()).toBeNull();
      expect(status.detail).toMatch(/found no usable graphics adapter/);
    } else {
      expect(status.detail).toMatch(/This browser has no WebGPU/);
    }
  });

  it('uses an injected GPU: an adapter without shader-f16 allows only f32 models', async () => {
    const adapter = {
      features: new Set<string>(),
      limits: { maxBufferSize: 2 ** 30, maxStorageBufferBindingSize: 2 ** 27 },
    };
    const status = await detectWebGpu({ requestAdapter: async () => adapter });
    expect(status).toMatchObject({ available: true, shaderF16: false, software: false });
    expect(status.detail).toMatch(/only f32 models \(names with q4f32\)/);
  });
});
