// The driver worker: owns the story and library documents (IndexedDB), the driver and the model
// backends, and exposes DriverApi to the page through comlink.
import * as Comlink from 'comlink';
import type { DriverApi } from './api.ts';
import { bundledPrompts } from './host/bundled-prompts.ts';
import { createDeviceBackends } from '../backends/device-backends.ts';
import { createDriverHost } from './host/driver-host.ts';
import { uiText } from './i18n/ui-text.ts';
import { createIdbSettingsStore } from './store/settings-store.ts';
import { createIdbPictureStore } from './store/picture-store.ts';
import { createStoryStore } from './store/story-store.ts';

const host = createDriverHost({
  // Two tabs each have this worker: their documents stay in step over a BroadcastChannel.
  store: createStoryStore({ broadcast: globalThis.BroadcastChannel, segmented: true }),
  settings: createIdbSettingsStore(),
  pictures: createIdbPictureStore(),
  prompts: bundledPrompts,
  // Bundled apart, with the code of "Evaluate this model": loaded on its first run.
  evalScenes: async () => (await import('./host/bundled-eval-scenes.ts')).bundledEvalScenes,
  // The backends word their failures in the interface language of the moment.
  backends: (emit) => createDeviceBackends(emit, uiText),
  clock: () => Date.now(),
  newId: () => crypto.randomUUID(),
  timers: { setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as number) },
});

Comlink.expose(host satisfies DriverApi);
