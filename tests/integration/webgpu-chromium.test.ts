// WebGPU detection in a real Chromium started with --enable-unsafe-webgpu: SwiftShader gives a CPU
// adapter without shader-f16, so only f32 models can run. Fails (never skips) without Chromium.
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { assertChromium, CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { detectWebGpu, type WebGpuDetection } from '../../src/backends/webllm/webgpu.ts';

describe('detectWebGpu in Chromium with SwiftShader WebGPU', () => {
  let context: BrowserContext | undefined;
  let profile: string | undefined;

  afterEach(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
    context = undefined;
    profile = undefined;
  });

  it('finds an adapter without shader-f16 and says only f32 models can run', async () => {
    assertChromium(); // fails the test with "Chromium not found … apt-get install -y chromium"
    profile = mkdtempSync(join(tmpdir(), 'rashomon-webgpu-'));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [...CHROMIUM_ARGS, '--enable-unsafe-webgpu'],
    });
    const page = await context.newPage();
    // WebGPU needs a secure context: about:blank and data: pages have no navigator.gpu, while
    // http://localhost counts as secure. Playwright answers the request, so no server is needed.
    await page.route('http://localhost/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>webgpu</title>' }),
    );
    await page.goto('http://localhost/webgpu.html');
    expect(await page.evaluate('isSecureContext')).toBe(true);
    // The function is self-contained: its source runs in the page as is.
    const status = await page.evaluate<WebGpuDetection>(`(${detectWebGpu.toString()})()`);
    expect(status).toMatchObject({ available: true, shaderF16: false, software: true });
    expect(status.detail).toMatch(/only f32 models \(names with q4f32\)/);
    expect(status.detail).toMatch(/software \(CPU\) adapter/);
    // SwiftShader's limits vary by Chromium version (128 MiB or 1 GiB bindings): above WebLLM's minimum.
    expect(status.limits?.maxStorageBufferBindingSize).toBeGreaterThanOrEqual(128 * 2 ** 20);
    expect(status.limits?.maxBufferSize).toBeGreaterThanOrEqual(256 * 2 ** 20);
  }, 60_000);
});
