// The open story as the story screen sees it: its overview and the user's transcript (re-read when the
// worker says they changed), what is being generated, and the play commands with their outcome.
import { createMemo, createSignal, onCleanup, type Accessor } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import type { Phase } from '../driver/env.ts';
import type { ActChoice, Result, StoryOverview, TranscriptRow, TranscriptSlice } from '../workers/api.ts';
import { useDriver } from './driver-client.ts';

/** The user's own projection of a turn while it streams in, before it is stored. */
export interface StreamingProjection {
  turnId: string;
  text: string;
}

export interface StoryState {
  overview: Accessor<StoryOverview | undefined>;
  rows: TranscriptRow[];
  /** Why the story could not be opened, or ''. */
  loadError: Accessor<string>;
  /** The last command's failure, shown until the next command. */
  error: Accessor<string>;
  /** A quiet outcome (e.g. a cancelled generation). */
  notice: Accessor<string>;
  phase: Accessor<Phase | null>;
  generating: Accessor<boolean>;
  streaming: Accessor<StreamingProjection | null>;
  nameOf: (participantId: string) => string;
  send(text: string, next: ActChoice): Promise<boolean>;
  act(next: ActChoice): Promise<void>;
  cancel(): Promise<void>;
  setManualTurns(manual: boolean): Promise<void>;
}

/** Loads `load()` into `set`, dropping answers that arrive after a newer request was made. */
function latestOnly<T>(load: () => Promise<T>, set: (value: T) => void): () => Promise<void> {
  let requested = 0;
  return async () => {
    const mine = ++requested;
    const value = await load();
    if (mine === requested) set(value);
  };
}

export function createStoryState(storyId: string): StoryState {
  const { api, phase: phaseOf, stream: streamOf, onStoryChanged } = useDriver();
  const [overview, setOverview] = createSignal<StoryOverview>();
  const [transcript, setTranscript] = createStore<{ rows: TranscriptRow[] }>({ rows: [] });
  const [loadError, setLoadError] = createSignal('');
  const [error, setError] = createSignal('');
  const [notice, setNotice] = createSignal('');
  const [running, setRunning] = createSignal(0);

  const loadOverview = latestOnly<Result<{ story: StoryOverview }>>(
    () => api.openStory(storyId),
    (result) => (result.ok ? setOverview(result.story) : setLoadError(result.detail)),
  );
  const loadTranscript = latestOnly<Result<TranscriptSlice>>(
    () => api.transcript(storyId),
    (result) => {
      if (result.ok) setTranscript('rows', reconcile(result.rows, { key: 'turnId' }));
      else setLoadError(result.detail);
    },
  );
  void loadOverview().then(loadTranscript);
  onCleanup(
    onStoryChanged(storyId, (change) => {
      if (change.meta || change.participants) void loadOverview();
      void loadTranscript();
    }),
  );

  const names = createMemo(() => new Map(overview()?.participants.map((p) => [p.id, p.name]) ?? []));
  const phase = (): Phase | null => phaseOf(storyId);
  const generating = (): boolean => running() > 0 || phase() !== null;
  const streaming = (): StreamingProjection | null => {
    const stream = streamOf(storyId);
    const user = overview()?.userId;
    const text = user === undefined ? undefined : stream?.projections[user];
    return stream?.turnId && text ? { turnId: stream.turnId, text } : null;
  };

  /** Runs one command; its failure becomes the error shown, a cancellation only a notice. */
  const run = async <T extends object>(command: () => Promise<Result<T>>): Promise<Result<T>> => {
    setRunning((n) => n + 1);
    try {
      const result = await command();
      if (!result.ok && result.code === 'cancelled') setNotice('Cancelled. Nothing was stored.');
      else if (!result.ok) setError(result.detail);
      await loadTranscript();
      return result;
    } catch (thrown) {
      // A bug or a crashed worker, not an expected failure: still say so where the user looks.
      const detail = `The story engine stopped unexpectedly: ${String(thrown)}`;
      setError(detail);
      return { ok: false, code: 'server', detail };
    } finally {
      setRunning((n) => n - 1);
    }
  };
  const start = (): void => {
    setError('');
    setNotice('');
  };

  const act = async (next: ActChoice): Promise<void> => {
    start();
    await run(() => api.act(storyId, next));
  };

  return {
    overview,
    get rows() {
      return transcript.rows;
    },
    loadError,
    error,
    notice,
    phase,
    generating,
    streaming,
    nameOf: (id) => names().get(id) ?? id,
    async send(text, next) {
      start();
      const authored = await run(() => api.authorTurn(storyId, { text }));
      // A failed projection may still have stored the turn: the draft is kept only when it was not.
      const last = transcript.rows.at(-1);
      const stored = authored.ok || (last?.kind === 'own' && last.text === text);
      if (authored.ok && overview()?.settings.turnSelection !== 'manual')
        await run(() => api.act(storyId, next));
      return stored;
    },
    act,
    async cancel() {
      await api.cancel(storyId);
    },
    async setManualTurns(manual) {
      start();
      const result = await api.updateStorySettings(storyId, { turnSelection: manual ? 'manual' : 'auto' });
      if (!result.ok) setError(result.detail);
      await loadOverview();
    },
  };
}
