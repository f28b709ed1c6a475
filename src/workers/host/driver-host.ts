// The worker's implementation of DriverApi: it owns the documents, the driver and the model backends,
// and pushes what changed. Built from injected parts so it runs in Node tests as in the worker.
import { observeStoryChanges } from '../../driver/doc/changes.ts';
import { hasStoryEntry } from '../../driver/doc/library-doc.ts';
import { safeParseIn } from '../../driver/i18n/zod-messages.ts';
import type { PromptSet } from '../../driver/prompts/render.ts';
import { deviceSettingsSchema, type SettingsProblem } from '../store/device-settings.ts';
import type { DriverApi, DriverEvent } from '../api.ts';
import type { DeviceBackends } from '../../backends/device-backends.ts';
import { isFailure, notFound, type HostContext } from './context.ts';
import type { SettingsStore } from '../store/settings-store.ts';
import { createMemoryPictureStore, type PictureStore } from '../store/picture-store.ts';
import { createTokenGauge, type TokenGauge } from '../../driver/budget/token-gauge.ts';
import { libraryCommands } from './library-commands.ts';
import { createGenerations, playCommands } from './play-commands.ts';
import { interruptedViews } from '../../driver/turns/background.ts';
import { editCommands } from './edit-commands.ts';
import { continueSuggestCommands } from './continue-suggest-commands.ts';
import { plotHintCommands } from './plot-hint-commands.ts';
import { diceCommands } from './dice-commands.ts';
import { pathCommands } from './path-commands.ts';
import { promptCommands } from './prompt-commands.ts';
import { presetLibraryCommands } from './preset-library-commands.ts';
import { memoryCommands } from './memory-commands.ts';
import { inspectCommands } from './inspect-commands.ts';
import { worldCommands } from './world-commands.ts';
import { castCommands } from './cast-commands.ts';
import { generationCommands } from './generation-commands.ts';
import { libraryCardCommands } from './library-card-commands.ts';
import { loreTestCommand } from './lore-test-command.ts';
import { problemCommands } from './problem-commands.ts';
import { createHostSync } from './sync-commands.ts';
import type { EvalSceneFile } from './eval-commands.ts';
import { lazyCommands } from './lazy-commands.ts';
import {
  ASSISTANT_COMMANDS,
  EVAL_COMMANDS,
  IMPORT_COMMANDS,
  PRESET_ASSISTANT_COMMANDS,
} from './lazy-command-names.ts';
import { overview, transcriptSlice } from './views.ts';
import { createModelRegistry } from './model-registry.ts';
import type { OpenStory, StoryStore } from '../store/story-store.ts';
import type { SyncTransport } from '../sync/room.ts';
import type { Timers } from './token-batcher.ts';
import { setWorkerUiLanguage, uiText, workerUiLanguage } from '../i18n/ui-text.ts';
import { followStoryListing } from './story-listing.ts';
import { keepSegments, type SegmentUpkeep } from './segment-upkeep.ts';

export interface HostParts {
  store: StoryStore;
  settings: SettingsStore;
  /** This device's picture store (IndexedDB in the app; default: one in memory, for the worker's life). */
  pictures?: PictureStore;
  prompts: PromptSet;
  /** Built with the host's own event stream, which their events (download progress) join. */
  backends: (emit: (event: DriverEvent) => void) => DeviceBackends;
  clock: () => number;
  newId: () => string;
  timers: Timers;
  /** WebSocket and fetch for sync (the platform's by default; Node tests pass `ws`). */
  sync?: SyncTransport;
  /** The eval scenes "Evaluate this model" plays, loaded on its first run (the worker bundles the shipped ones; default none). */
  evalScenes?: () => Promise<readonly EvalSceneFile[]>;
}

export function createDriverHost(parts: HostParts): DriverApi {
  const listeners = new Set<(e: DriverEvent) => void>();
  const emit = (e: DriverEvent) => listeners.forEach((l) => l(e));
  const backends = parts.backends(emit);
  const registry = createModelRegistry(backends.factory);
  const gauges = new Map<string, TokenGauge>();
  // By document: a story deleted and restored (Undo, or another tab's) opens as a new one to watch.
  const watched = new WeakMap<OpenStory['doc'], SegmentUpkeep>();
  const deviceSettings = followingUiLanguage(parts.settings);
  void deviceSettings.read();
  // The store as the host sees it: opened stories join their sync rooms.
  const sync = createHostSync({
    ...parts,
    settings: deviceSettings,
    transport: parts.sync ?? {},
    emit,
    // A story deleted elsewhere stops generating here (generations is made below, before any event).
    onRemoved: (storyId) => generations.forget(storyId),
  });
  const store = sync.store;

  const listing = {
    library: store.library,
    clock: parts.clock,
    onListed: () => emit({ kind: 'library-changed' }),
  };
  // Every change to an open story, from this worker, another tab or a sync peer, is pushed once.
  // A segmented story's segments are kept too: loaded as its views need, checkpointed, unloaded.
  const watch = (story: OpenStory): SegmentUpkeep => {
    const known = watched.get(story.doc);
    if (known) return known;
    const upkeep = keepSegments(story, parts.timers, parts.clock);
    watched.set(story.doc, upkeep);
    story.doc.once('destroy', () => {
      upkeep.stop();
      // A closed story's background would write where nothing reads: it stops with it.
      generations.forget(story.id);
    });
    const follow = () => {
      const stopChanges = observeStoryChanges(story.doc, (change) => {
        upkeep.changed();
        generations.changed(story.id);
        emit({ kind: 'story-changed', storyId: story.id, ...change });
      });
      const stopListing = followStoryListing(listing, story);
      return () => {
        stopChanges();
        stopListing();
      };
    };
    const stop = follow();
    // A story arriving empty is segmented by its first sync: from then on its segments are watched too.
    if (!story.segments?.())
      story.onSegmented?.(() => {
        stop();
        follow();
      });
    return upkeep;
  };

  const ctx: HostContext = {
    store,
    settings: deviceSettings,
    pictures: parts.pictures ?? createMemoryPictureStore(),
    prompts: parts.prompts,
    clock: parts.clock,
    newId: parts.newId,
    timers: parts.timers,
    emit,
    gaugeFor(profile, op) {
      const backend = profile && [
        profile.id,
        profile.kind,
        profile.model,
        'baseURL' in profile ? profile.baseURL : '',
      ];
      const key = JSON.stringify([op, backend ?? null]);
      let gauge = gauges.get(key);
      if (!gauge) gauges.set(key, (gauge = createTokenGauge()));
      return gauge;
    },
    async modelFor(storyId, op) {
      return registry.modelFor(await deviceSettings.read(), storyId, op);
    },
    async story(storyId, showing) {
      await store.ready;
      if (!hasStoryEntry(store.library, storyId)) return notFound(storyId);
      const opened = await store.open(storyId);
      if (!opened.ok) return { ok: false, code: 'invalid', detail: opened.detail };
      const upkeep = watch(opened.story);
      // Known from the synced library but not here yet: the server fills it, or this says why not.
      const missing = await sync.arrived(opened.story);
      if (missing) return missing;
      await upkeep.ready(showing);
      return opened.story;
    },
  };

  const generations = createGenerations(ctx);
  const library = libraryCommands(ctx);
  const prompts = promptCommands(ctx);
  const play = playCommands(ctx, generations);
  const edit = editCommands(ctx, generations);
  const memory = memoryCommands(ctx);
  // Files in and out, the assistants and "Evaluate this model" load on first use (lazy-commands.ts).
  const assistants = lazyCommands(ASSISTANT_COMMANDS, async () => {
    const [{ assistantCommands }, { createDoctors }] = await Promise.all([
      import('./assistant-commands.ts'),
      import('./doctor-assistant.ts'),
    ]);
    return assistantCommands(ctx, createDoctors(ctx, generations, { ...play, ...edit, ...memory }));
  });

  return {
    ...library,
    deleteStory(storyId) {
      generations.forget(storyId);
      return library.deleteStory(storyId);
    },
    async exportStory(storyId) {
      // What the background still writes goes into the file: the export waits for it.
      await generations.settled(storyId);
      return library.exportStory(storyId);
    },
    ...play,
    ...edit,
    ...continueSuggestCommands(ctx, generations),
    ...plotHintCommands(generations),
    ...diceCommands(ctx),
    ...pathCommands(ctx),
    ...prompts,
    ...presetLibraryCommands(ctx),
    ...lazyCommands(IMPORT_COMMANDS, async () =>
      (await import('./import-commands.ts')).importCommands(ctx, {
        importStory: library.importStory,
        importSillyTavernPreset: prompts.importSillyTavernPreset,
      }),
    ),
    ...memory,
    ...inspectCommands(ctx),
    ...worldCommands(ctx),
    ...castCommands(ctx),
    ...assistants,
    ...lazyCommands(PRESET_ASSISTANT_COMMANDS, async () =>
      (await import('./preset-assistant-commands.ts')).presetAssistantCommands(ctx, assistants.sendAssistant),
    ),
    ...generationCommands(ctx),
    ...libraryCardCommands(ctx),
    ...loreTestCommand(ctx),
    ...lazyCommands(EVAL_COMMANDS, async () => {
      const [{ evalCommands }, scenes] = await Promise.all([
        import('./eval-commands.ts'),
        parts.evalScenes?.() ?? [],
      ]);
      return evalCommands(ctx, registry.modelOf, scenes);
    }),
    ...problemCommands(ctx),

    async openStory(storyId) {
      const story = await ctx.story(storyId, true);
      if (isFailure(story)) return story;
      generations.opened(storyId, interruptedViews(story));
      return { ok: true, story: overview(story) };
    },
    async transcript(storyId, range, participant) {
      const story = await ctx.story(storyId, true);
      if (isFailure(story)) return story;
      if (participant !== undefined && !story.views.cast().get(participant))
        return {
          ok: false,
          code: 'unknown-participant',
          detail: uiText('There is no such participant in this story.'),
        };
      await watch(story).reach(Math.max(0, range?.start ?? 0));
      return { ok: true, ...transcriptSlice(story, range, participant) };
    },
    getDeviceSettings: () => deviceSettings.read(),
    async settingsProblem() {
      await deviceSettings.read();
      const problem = deviceSettings.problem();
      return problem && settingsProblemText(problem);
    },
    async setDeviceSettings(settings) {
      // Refused settings change nothing, so the reason is told in the language in use until now.
      const parsed = safeParseIn(deviceSettingsSchema, settings, workerUiLanguage());
      if (!parsed.success)
        return {
          ok: false,
          code: 'invalid',
          detail: uiText('Settings not saved: {reason}', { reason: parsed.issues[0]?.message ?? '' }),
        };
      await deviceSettings.write(parsed.data);
      sync.apply(parsed.data);
      return { ok: true };
    },
    endpointPresets: () => backends.endpointPresets(),
    testConnection: (endpoint) => backends.testConnection(endpoint),
    probeLocalServers: () => backends.probeLocalServers(),
    modelLimits: (profile) => backends.modelLimits(profile),
    webgpuStatus: () => backends.webgpuStatus(),
    webllmModels: () => backends.webllmModels(),
    downloadWebllmModel: (modelId) => backends.downloadWebllmModel(modelId, emit),
    deleteWebllmModel: (modelId) => backends.deleteWebllmModel(modelId),
    ...sync.commands,

    async subscribe(listener) {
      listeners.add(listener);
    },
  };
}

/** The settings store, telling the worker's words which interface language to use on every read and save. */
function followingUiLanguage(store: SettingsStore): SettingsStore {
  return {
    async read() {
      const settings = await store.read();
      setWorkerUiLanguage(settings.uiLanguage);
      return settings;
    },
    async write(settings) {
      await store.write(settings);
      setWorkerUiLanguage(settings.uiLanguage);
    },
    problem: () => store.problem(),
  };
}

/** What the person is told about stored settings that could not be used. */
function settingsProblemText(problem: SettingsProblem): string {
  switch (problem.code) {
    case 'not-json':
      return uiText(
        'The settings saved on this device could not be read, so the defaults are in use. Set up your model backends again and save.',
      );
    case 'invalid':
      return uiText(
        'The settings saved on this device were not valid ({issue}), so the defaults are in use. Set up your model backends again and save.',
        { issue: problem.issue },
      );
    default:
      return problem satisfies never;
  }
}
