// A worker host for Node tests: fake-indexeddb, shipped prompts, one OpenAI-compatible profile on a
// local server (or a scripted model the test holds), and DriverApi reached through comlink over a
// MessageChannel, like the page does; and a wait for a story's background work to stop.
import 'fake-indexeddb/auto';
import * as Comlink from 'comlink';
import { randomUUID } from 'node:crypto';
import type { OpenAIServer } from './openai-server.ts';
import { memorySettings } from './memory-settings.ts';
import { evalSceneFiles, SHIPPED_SCENES_DIR } from '../../src/cli/eval-scenes.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { limitsReport } from '../../src/backends/limits-report.ts';
import { createDriverHost } from '../../src/workers/host/driver-host.ts';
import type { DeviceBackends } from '../../src/backends/device-backends.ts';
import { createStoryStore, type StoryStore } from '../../src/workers/store/story-store.ts';
import type { DriverApi, DriverEvent } from '../../src/workers/api.ts';
import type { PictureStore } from '../../src/workers/store/picture-store.ts';
import type { DeviceSettings } from '../../src/workers/store/device-settings.ts';
import type { BackendProfile } from '../../src/backends/profile.ts';
import type { ChatModel } from '../../src/driver/model.ts';

export interface HostHarness {
  api: Comlink.Remote<DriverApi>;
  events: DriverEvent[];
  store: StoryStore;
  close(): Promise<void>;
}

/**
 * Platform backends for a test host: models from `factory`; endpoints and WebLLM answer as absent; a
 * profile's limits are asked of its server as in the app (in-browser records give none).
 */
export function testBackends(factory: DeviceBackends['factory']): DeviceBackends {
  const unsupported = async () => ({
    ok: false as const,
    code: 'no-backend' as const,
    detail: 'not in this test',
  });
  return {
    factory,
    endpointPresets: async () => [],
    testConnection: async () => ({ ok: true, detail: '', models: [] }),
    probeLocalServers: async () => [],
    modelLimits: (profile) =>
      limitsReport(profile, { contextWindow: async () => undefined, wording: english }),
    webgpuStatus: async () => ({ available: false, shaderF16: false, detail: '' }),
    webllmModels: async () => [],
    downloadWebllmModel: unsupported,
    deleteWebllmModel: unsupported,
  };
}

/** The device settings a test host starts with: one OpenAI-compatible profile on `server`. */
export function testSettings(
  server: Pick<OpenAIServer, 'baseURL'>,
  profile: Partial<BackendProfile> = {},
): DeviceSettings {
  return {
    version: 1,
    uiLanguage: 'en',
    profiles: [
      {
        id: 'local',
        label: 'Local',
        kind: 'openai',
        baseURL: server.baseURL,
        apiKey: 'k',
        model: 'test-model',
        ...profile,
      } as BackendProfile,
    ],
    operations: { default: 'local' },
    storyOperations: {},
    sharedStories: [],
  };
}

/**
 * A host on its own IndexedDB databases (each test its own device), or on `store` to reopen what
 * an earlier host stored (a reload); `storedSettings` replaces the saved device settings' text.
 */
export async function startHost(
  server: OpenAIServer,
  store: StoryStore = createStoryStore({ prefix: `test-${randomUUID()}` }),
  storedSettings?: string,
  /** The device's picture store (default: one in memory of its own). */
  pictures?: PictureStore,
): Promise<HostHarness> {
  const backends = testBackends((p) => {
    if (p.kind !== 'openai') throw new Error('only OpenAI-compatible profiles in this harness');
    return createOpenAIChatModel({ baseURL: p.baseURL, apiKey: p.apiKey, model: p.model, wording: english });
  });
  return connect(backends, store, storedSettings ?? testSettings(server), pictures);
}

/**
 * A host like `startHost`'s whose one profile is served by `model`, a double the test controls (the
 * scripted model: it sees each request's abort signal), with no server.
 */
export function startScriptedHost(
  model: ChatModel,
  store: StoryStore = createStoryStore({ prefix: `test-${randomUUID()}` }),
): Promise<HostHarness> {
  return connect(
    testBackends(() => model),
    store,
    testSettings({ baseURL: 'http://model.invalid/v1' }, { model: 'scripted' }),
  );
}

/** The host over `store`, reached through comlink over a MessageChannel as the page reaches it. */
async function connect(
  backends: DeviceBackends,
  store: StoryStore,
  settings: DeviceSettings | string,
  pictures?: PictureStore,
): Promise<HostHarness> {
  const host = createDriverHost({
    store,
    ...(pictures ? { pictures } : {}),
    settings: memorySettings(settings),
    prompts: shippedPrompts(),
    evalScenes: async () => evalSceneFiles(SHIPPED_SCENES_DIR),
    backends: () => backends,
    clock: Date.now,
    newId: randomUUID,
    timers: {
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
  });
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(host, port1);
  const api = Comlink.wrap<DriverApi>(port2);
  const events: DriverEvent[] = [];
  await api.subscribe(Comlink.proxy((e: DriverEvent) => void events.push(e)));
  return {
    api,
    events,
    store,
    async close() {
      port1.close();
      port2.close();
      await store.closeAll();
    },
  };
}

export type BackgroundEvent = Extract<DriverEvent, { kind: 'background' }>;

/** How long a test waits for the background's last event after it has stopped (it crosses comlink). */
const BACKGROUND_TOLD_MS = 5_000;

/**
 * After a command: resolves once the story's background (the views nobody waited for, then memories:
 * background.ts) has stopped, with the last `background` event it told — everything written, or why
 * not (`pending`, `failure`). `exportStory` is what waits for it; the event follows a moment later.
 */
export async function backgroundSettled(
  host: {
    api: Pick<DriverApi, 'exportStory'> | Pick<Comlink.Remote<DriverApi>, 'exportStory'>;
    events: DriverEvent[];
  },
  storyId: string,
): Promise<BackgroundEvent> {
  const exported = await host.api.exportStory(storyId);
  if (!exported.ok) throw new Error(exported.detail);
  const deadline = Date.now() + BACKGROUND_TOLD_MS;
  for (;;) {
    const last = host.events.findLast(
      (e): e is BackgroundEvent => e.kind === 'background' && e.storyId === storyId,
    );
    // Its count is the one the export saw (an earlier run's last event may still be the newest here).
    if (last && !last.running && last.pending === exported.unwritten) return last;
    if (Date.now() > deadline) throw new Error(`the background of ${storyId} never told that it stopped`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** A story with the user Wren and the character Jane (a guard). */
export async function newStory(
  api: Comlink.Remote<DriverApi>,
  language: 'en' | 'zh' = 'en',
): Promise<string> {
  const created = await api.createStory({
    title: 'Night watch',
    language,
    user: { name: 'Wren', persona: 'A traveller.' },
    characters: [{ name: 'Jane', card: { description: 'A guard.' } }],
  });
  if (!created.ok) throw new Error(created.detail);
  return created.storyId;
}
