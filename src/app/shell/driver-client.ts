// The app's one connection to the driver worker: the comlink proxy of DriverApi, and Solid state fed by
// the worker's pushes (phase, streamed text and background work per story, change notifications,
// model downloads).
import * as Comlink from 'comlink';
import { createComponent, createContext, createSignal, useContext, type Accessor, type JSX } from 'solid-js';
import { createStore, produce, reconcile } from 'solid-js/store';
import type { DriverApi, DriverEvent, Peer, Phase, SyncStatus } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { forgetScreen } from './last-screen-store.ts';
import { countWords, NO_WORDS, type WordCount } from '../ui/word-count.ts';

export type StoryChange = Extract<DriverEvent, { kind: 'story-changed' }>;
export type DownloadProgress = Extract<DriverEvent, { kind: 'download' }>;

/**
 * What is being generated in a story right now. Projection text is kept per audience of the turn being
 * projected; an actor's own tokens are never kept (they are that character's private source): only
 * the fact that they are typing, and how many words they have written so far.
 */
export interface StoryStream {
  /** The turn being projected (from the last 'projecting' phase), or null before that. */
  turnId: string | null;
  projections: Record<string, string>;
  /** The answer attempt each projection's text belongs to: a retry replaces a refused answer's text. */
  attempts: Record<string, number>;
  /** The character whose turn is being written, once its tokens flow. */
  typing: string | null;
  /** How much of that turn is written ("Oren is writing… 54 words"), counted from its answer attempt. */
  written: WordCount & { attempt: number };
}

export interface DriverClient {
  api: Comlink.Remote<DriverApi>;
  /** Why the worker could not start or stopped, or ''. */
  failure: Accessor<string>;
  /** Increases on every 'library-changed' push. */
  libraryVersion: Accessor<number>;
  phase(storyId: string): Phase | null;
  /** The story's background work as the worker last told it (nothing running, nothing left, before it does). */
  background(storyId: string): BackgroundWork;
  stream(storyId: string): StoryStream | undefined;
  download(modelId: string): DownloadProgress | undefined;
  /** Sync with the server, overall and per room (the header's indicator). */
  sync: Accessor<SyncStatus>;
  /** Other devices in a story's room (its co-editing presence); undefined before the first push. */
  presence(storyId: string): Peer[] | undefined;
  /** Calls `listener` for each change pushed for `storyId`; returns the unsubscribe function. */
  onStoryChanged(storyId: string, listener: (change: StoryChange) => void): () => void;
  /** Calls `listener` when `storyId` is deleted on another device or in another tab; returns the unsubscribe. */
  onStoryDeleted(storyId: string, listener: () => void): () => void;
}

/** Listeners per story id; `add` returns the unsubscribe function. */
function listenersByStory<T>() {
  const byStory = new Map<string, Set<(value: T) => void>>();
  return {
    add(storyId: string, fn: (value: T) => void): () => void {
      const set = byStory.get(storyId) ?? new Set();
      byStory.set(storyId, set.add(fn));
      return () => void set.delete(fn);
    },
    call(storyId: string, value: T): void {
      for (const fn of byStory.get(storyId) ?? []) fn(value);
    },
  };
}

/** What a story's background is doing: views left to write, whether it runs, why it stopped. */
export type BackgroundWork = Omit<Extract<DriverEvent, { kind: 'background' }>, 'kind' | 'storyId'>;
const IDLE: BackgroundWork = { pending: 0, running: false };

const emptyStream = (): StoryStream => ({
  turnId: null,
  projections: {},
  attempts: {},
  typing: null,
  written: { ...NO_WORDS, attempt: 0 },
});

/** Builds a client over an existing remote (tests pass a fake); `createDriverClient` makes the worker. */
export function createClientFor(
  api: Comlink.Remote<DriverApi>,
  failure: Accessor<string> = () => '',
): DriverClient {
  const [libraryVersion, setLibraryVersion] = createSignal(0);
  const [phases, setPhases] = createStore<Record<string, Phase | null>>({});
  const [streams, setStreams] = createStore<Record<string, StoryStream>>({});
  const [downloads, setDownloads] = createStore<Record<string, DownloadProgress>>({});
  const [backgrounds, setBackgrounds] = createStore<Record<string, BackgroundWork>>({});
  const changed = listenersByStory<StoryChange>();
  const deleted = listenersByStory<void>();
  const [sync, setSync] = createSignal<SyncStatus>({ status: 'off', detail: '' });
  const [presence, setPresence] = createStore<Record<string, Peer[]>>({});

  const onPhase = (storyId: string, phase: Phase | null): void => {
    setPhases(storyId, phase);
    if (phase === null) return void setStreams(storyId, emptyStream());
    setStreams(
      produce((all) => {
        const stream = (all[storyId] ??= emptyStream());
        if (phase.kind === 'projecting') {
          if (stream.turnId !== phase.turnId)
            Object.assign(stream, { turnId: phase.turnId, projections: {}, attempts: {} });
        } else Object.assign(stream, emptyStream());
      }),
    );
  };

  const onTokens = (event: Extract<DriverEvent, { kind: 'tokens' }>): void => {
    setStreams(
      produce((all) => {
        const stream = (all[event.storyId] ??= emptyStream());
        if (event.op === 'actor') {
          const actor = event.actor ?? stream.typing ?? '';
          // Another character, or a retry after a refused answer: the count starts again.
          const from =
            actor === stream.typing && stream.written.attempt >= event.attempt ? stream.written : NO_WORDS;
          stream.typing = actor;
          stream.written = { ...countWords(event.text, from), attempt: event.attempt };
          return;
        }
        const audience = event.audience;
        if (audience === undefined) return;
        if (event.turnId !== undefined && stream.turnId !== event.turnId)
          Object.assign(stream, { turnId: event.turnId, projections: {}, attempts: {} });
        // Text streamed for a refused answer is void once the retry starts.
        if ((stream.attempts[audience] ?? 0) < event.attempt) stream.projections[audience] = '';
        stream.attempts[audience] = event.attempt;
        stream.projections[audience] = (stream.projections[audience] ?? '') + event.text;
      }),
    );
  };

  const listener = (event: DriverEvent): void => {
    switch (event.kind) {
      case 'library-changed':
        setLibraryVersion((v) => v + 1);
        return;
      case 'story-changed':
        changed.call(event.storyId, event);
        return;
      case 'story-deleted':
        // Deleted on another device or tab: its last screen here goes too, open or not.
        forgetScreen(event.storyId);
        deleted.call(event.storyId, undefined);
        return;
      case 'phase':
        onPhase(event.storyId, event.phase);
        return;
      case 'tokens':
        onTokens(event);
        return;
      case 'background': {
        const { kind: _kind, storyId, ...work } = event;
        // Replaced, not merged: a run that starts again has no failure.
        setBackgrounds(storyId, reconcile(work));
        return;
      }
      case 'download':
        setDownloads(event.modelId, event);
        return;
      case 'sync': {
        const { kind: _kind, ...status } = event;
        setSync(status);
        return;
      }
      case 'presence':
        setPresence(event.storyId, event.peers);
        return;
      default:
        event satisfies never;
    }
  };
  // Pushes come on changes only: read where sync stands once subscribed (unless a push came first).
  void api
    .subscribe(Comlink.proxy(listener))
    .then(() => api.syncStatus())
    .then((status) => setSync((now) => (now.detail === '' ? status : now)))
    .catch(() => {});

  return {
    api,
    failure,
    libraryVersion,
    phase: (storyId) => phases[storyId] ?? null,
    background: (storyId) => backgrounds[storyId] ?? IDLE,
    stream: (storyId) => streams[storyId],
    download: (modelId) => downloads[modelId],
    sync,
    presence: (storyId) => presence[storyId],
    onStoryChanged: changed.add,
    onStoryDeleted: deleted.add,
  };
}

/** Starts the driver worker (once per page) and connects to it. */
export function createDriverClient(): DriverClient {
  const worker = new Worker(new URL('../../workers/driver.worker.ts', import.meta.url), { type: 'module' });
  const [failure, setFailure] = createSignal('');
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    setFailure(event.message || t('The story engine (a web worker) could not start in this browser.'));
  });
  return createClientFor(Comlink.wrap<DriverApi>(worker), failure);
}

const DriverContext = createContext<DriverClient>();

export function DriverProvider(props: { client: DriverClient; children: JSX.Element }): JSX.Element {
  return createComponent(DriverContext.Provider, {
    get value() {
      return props.client;
    },
    get children() {
      return props.children;
    },
  });
}

export function useDriver(): DriverClient {
  const client = useContext(DriverContext);
  if (!client) throw new Error('useDriver() is used outside <DriverProvider>.');
  return client;
}
