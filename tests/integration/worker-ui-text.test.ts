// What the worker tells the person follows the device's interface language: failures a user really
// meets (an unreachable server, a missing story, no model set up) come back in Chinese once the device
// settings say 'zh', and in English again after switching back.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { DEFAULT_DEVICE_SETTINGS } from '../../src/workers/store/device-settings.ts';
import { createDeviceBackends } from '../../src/backends/device-backends.ts';
import { corsHelpFor, endpointPresets } from '../../src/backends/openai/endpoints.ts';
import { detectWebGpu } from '../../src/backends/webllm/webgpu.ts';
import type { DriverApi } from '../../src/workers/api.ts';
import { createDriverHost } from '../../src/workers/host/driver-host.ts';
import { createStoryStore, type StoryStore } from '../../src/workers/store/story-store.ts';
import { setWorkerUiLanguage, uiText } from '../../src/workers/i18n/ui-text.ts';
import { testBackends } from '../support/host-harness.ts';
import { memorySettings } from '../support/memory-settings.ts';
import { closedPort } from '../support/closed-port.ts';

/** A host with no model set up, whose Test connection is the worker's own, over the network, in uiText. */
function startHost(store: StoryStore): DriverApi {
  return createDriverHost({
    store,
    settings: memorySettings({ ...DEFAULT_DEVICE_SETTINGS, uiLanguage: 'en' }),
    prompts: shippedPrompts(),
    backends: (emit) => ({
      ...testBackends(() => {
        throw new Error('no model in this test');
      }),
      testConnection: createDeviceBackends(emit, uiText).testConnection,
    }),
    clock: Date.now,
    newId: randomUUID,
    timers: {
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
  });
}

async function useLanguage(api: DriverApi, uiLanguage: 'en' | 'zh'): Promise<void> {
  const saved = await api.setDeviceSettings({ ...(await api.getDeviceSettings()), uiLanguage });
  expect(saved).toEqual({ ok: true });
}

describe("the worker speaks the device's interface language", () => {
  let store: StoryStore | undefined;
  afterEach(async () => {
    await store?.closeAll();
    store = undefined;
    setWorkerUiLanguage('en'); // module state: later tests read English
  });

  it('tells a real failure in Chinese after switching to zh, and in English after switching back', async () => {
    store = createStoryStore({ prefix: `test-${randomUUID()}` });
    const api = startHost(store);
    const baseURL = `http://127.0.0.1:${await closedPort()}/v1`;
    const created = await api.createStory({
      title: 'Night watch',
      language: 'en',
      user: { name: 'Wren' },
      characters: [{ name: 'Jane' }],
    });
    if (!created.ok) throw new Error(created.detail);

    await useLanguage(api, 'zh');
    const unreachable = await api.testConnection({ baseURL });
    expect(unreachable).toMatchObject({ ok: false, code: 'unreachable' });
    expect(unreachable.detail).toMatch(
      new RegExp(`^无法连接到 ${baseURL} 的模型服务器（.*ECONNREFUSED.*）。服务器是否在运行？`),
    );
    expect(await api.openStory('missing')).toEqual({
      ok: false,
      code: 'not-found',
      detail: '此设备上没有故事 missing。',
    });
    const noModel = await api.act(created.storyId, { auto: true });
    expect(noModel).toMatchObject({ ok: false, code: 'no-backend' });
    expect(!noModel.ok && noModel.detail).toMatch(/^此设备上还没有设置模型。请打开“设置”/);

    await useLanguage(api, 'en');
    expect((await api.testConnection({ baseURL })).detail).toMatch(
      new RegExp(
        `^Could not reach the model server at ${baseURL} \\(.*ECONNREFUSED.*\\)\\. Is the server running`,
      ),
    );
    expect(await api.openStory('missing')).toMatchObject({ detail: 'No story missing on this device.' });
    const again = await api.act(created.storyId, { auto: true });
    expect(!again.ok && again.detail).toMatch(/^No model is set up on this device\./);
  });

  it('words the endpoint advice and the self-contained WebGPU check in the language of the moment', async () => {
    setWorkerUiLanguage('zh');
    expect(corsHelpFor(endpointPresets(uiText)[0]!, 'https://app.example', uiText)).toContain(
      'OLLAMA_ORIGINS=https://app.example ollama serve。',
    );
    expect((await detectWebGpu(null, uiText)).detail).toMatch(
      /^此浏览器不支持 WebGPU.*请改用 OpenAI 兼容服务器/,
    );
    setWorkerUiLanguage('en');
    expect(corsHelpFor(endpointPresets(uiText)[0]!, undefined, uiText)).toContain(
      "OLLAMA_ORIGINS=this app's address ollama serve.",
    );
    expect((await detectWebGpu(null, uiText)).detail).toMatch(/^This browser has no WebGPU/);
  });
});
