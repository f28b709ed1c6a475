// The open story as the story screen sees it: its overview, the loaded slice of the user's transcript
// (re-read when the worker says the story changed; the virtual list moves the slice as the user
// scrolls), what is being generated, and the play commands with their outcome.
import { batch, createMemo, createSignal, onCleanup, type Accessor } from 'solid-js';
import { createStore, reconcile, unwrap } from 'solid-js/store';
import type {
  Phase,
  Result,
  StaleSummary,
  StoryOverview,
  TranscriptRow,
  TranscriptSlice,
} from '../../workers/api.ts';
import { useDriver, type BackgroundWork } from '../shell/driver-client.ts';
import { latestOnly } from '../ui/latest-only.ts';
import { runCommand } from '../ui/run-command.ts';
import { createStoryCommands, type StaleQuestion, type StoryCommands } from './story-commands.ts';
import type { PathRange } from './transcript/slice-range.ts';
import { createPathMoves, type PathMoves } from './path-moves.ts';
import { createRowEdits, type RowEdits } from './row-edits.ts';
import { createContinueProgress, type ContinueStep } from './continue-progress.ts';
import { isRetried, type FailedCommand } from './failed-command.ts';
import { KEPT_ROWS, readLastScreen, screenKeeper } from './last-screen.ts';
import { forgetScreen } from './last-screen-store.ts';

/** Rows loaded when a story opens: its end, before anything is measured (the last screen keeps as many). */
const INITIAL_ROWS = KEPT_ROWS;

/** The user's own projection of a turn while it streams in, before it is stored. */
export interface StreamingProjection {
  turnId: string;
  text: string;
}

export interface StoryState extends StoryCommands, PathMoves, RowEdits {
  storyId: string;
  overview: Accessor<StoryOverview | undefined>;
  /** The loaded rows: the turns of `range()` the user attended, in path order. */
  rows: TranscriptRow[];
  /** Turns on the active path (rows outside the range are not loaded). */
  length: Accessor<number>;
  range: Accessor<PathRange>;
  /** The part of the path `rows` came from, [start, end). */
  loaded: Accessor<{ start: number; end: number }>;
  /** Loads another part of the path (the virtual list calls it as the user scrolls). */
  showRange(range: PathRange): void;
  /** Increases when the user's command should bring the end of the story into view. */
  followRequests: Accessor<number>;
  /** What on the active path was made from an earlier version of the story, or null. */
  stale: Accessor<StaleSummary | null>;
  /** Views the story does not have yet, everyone's (an imported chat's). */
  missing: Accessor<number>;
  /** Rows at the start of the path this device does not hold, asked for in vain (TranscriptSlice.notHere). */
  notHere: Accessor<number>;
  /** A command refused because of that, waiting for the person's choice; or null. */
  question: Accessor<StaleQuestion | null>;
  /** Why the story could not be opened, or ''. */
  loadError: Accessor<string>;
  /** What is shown is this device's last screen of the story, until the worker's answer replaces it. */
  provisional: Accessor<boolean>;
  /** Another device or tab deleted the story while it was open here: the worker closed it. */
  deletedElsewhere: Accessor<boolean>;
  /** The last command's failure, shown until the next command. */
  error: Accessor<string>;
  /** The command that failed last, while its error is shown (null: none to run again). */
  failed: Accessor<FailedCommand | null>;
  /** Runs the failed command again. */
  retry(): Promise<void>;
  /** A quiet outcome (e.g. a cancelled generation). */
  notice: Accessor<string>;
  phase: Accessor<Phase | null>;
  /** A command runs (its phases show): commands that generate wait. The background alone is not this. */
  generating: Accessor<boolean>;
  streaming: Accessor<StreamingProjection | null>;
  /** Words the acting character has written of its turn so far (0 before its first). */
  actorWords: Accessor<number>;
  /**
   * The story's background work between commands: the perceptions nobody waited for, then memories
   * (running, how many perceptions are left, or why it stopped).
   */
  background: Accessor<BackgroundWork>;
  /** Starts the background again after it stopped on a failure. */
  resumeBackground(): void;
  /** Stops the background until the next command (a backlog the person does not want written now). */
  pauseBackground(): void;
  /** While "Let them continue" runs several turns: which one is under way. */
  continueStep: Accessor<ContinueStep | null>;
  nameOf: (participantId: string) => string;
  /** "Read as": the participant whose point of view the transcript shows, or null for the user's own. */
  readingAs: Accessor<string | null>;
  /** Shows the transcript as `participantId` perceived it, read-only; null (or the user) goes back. */
  readAs(participantId: string | null): void;
}

const sameStale = (a: StaleSummary | null, b: StaleSummary | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.from === b.from &&
    a.byHand === b.byHand &&
    a.turns.length === b.turns.length &&
    a.turns.every((id, i) => id === b.turns[i]) &&
    JSON.stringify(a.handTurns) === JSON.stringify(b.handTurns));

export function createStoryState(storyId: string): StoryState {
  const {
    api,
    phase: phaseOf,
    stream: streamOf,
    background: backgroundOf,
    onStoryChanged,
    onStoryDeleted,
  } = useDriver();
  const [overview, setOverview] = createSignal<StoryOverview>();
  const [transcript, setTranscript] = createStore<{ rows: TranscriptRow[] }>({ rows: [] });
  const [length, setLength] = createSignal(0);
  const [range, setRange] = createSignal<PathRange>({ start: 0, end: null });
  const [loaded, setLoaded] = createSignal({ start: 0, end: 0 });
  const [followRequests, setFollowRequests] = createSignal(0);
  const [loadError, setLoadError] = createSignal('');
  const [deletedElsewhere, setDeletedElsewhere] = createSignal(false);
  const [error, setError] = createSignal('');
  const [failed, setFailed] = createSignal<FailedCommand | null>(null);
  const [notice, setNotice] = createSignal('');
  const [running, setRunning] = createSignal(0);
  const [stale, setStale] = createSignal<StaleSummary | null>(null, { equals: sameStale });
  const [missing, setMissing] = createSignal(0);
  const [notHere, setNotHere] = createSignal(0);
  const [question, setQuestion] = createSignal<StaleQuestion | null>(null);
  const [readingAs, setReadingAs] = createSignal<string | null>(null);

  const [provisional, setProvisional] = createSignal(false);

  /** No slice is read before the story's length gives the first range (its end). */
  let opened = false;
  const loadOverview = latestOnly<Result<{ story: StoryOverview }>>(
    () => api.openStory(storyId),
    (result) => {
      if (!result.ok) {
        if (provisional()) {
          forgetScreen(storyId);
          batch(() => {
            setProvisional(false);
            setOverview(undefined);
            setTranscript('rows', []);
          });
        }
        return void setLoadError(result.detail);
      }
      // The list takes the story's height as it appears: it is not laid out empty first, then moved
      // under the reader when the rows come (the view would take that for a scroll up and stop following).
      batch(() => {
        if (!opened) {
          setLength(result.story.length);
          setRange({ start: Math.max(0, result.story.length - INITIAL_ROWS), end: null });
        }
        setOverview(result.story);
      });
    },
  );
  const loadTranscript = latestOnly<{ start: number; end: number | null; result: Result<TranscriptSlice> }>(
    async () => {
      const { start, end } = range();
      const slice = end === null ? { start } : { start, end };
      const reader = readingAs();
      return {
        start,
        end,
        result: await (reader === null
          ? api.transcript(storyId, slice)
          : api.transcript(storyId, slice, reader)),
      };
    },
    ({ start, end, result }) => {
      if (!result.ok) return void setLoadError(result.detail);
      // The rows and the part of the path they come from change together: nothing sees one without the other.
      batch(() => {
        setLength(result.length);
        setStale(result.stale);
        setMissing(result.missing);
        setNotHere(result.notHere);
        setLoaded({
          start: Math.min(start, result.length),
          end: Math.min(end ?? result.length, result.length),
        });
        setTranscript('rows', reconcile(result.rows, { key: 'turnId' }));
        setProvisional(false);
      });
      keepScreen();
    },
  );
  // This device's last screen of the story, until the worker answers (last-screen.ts).
  const screen = readLastScreen(storyId);
  if (screen)
    batch(() => {
      setLength(screen.length);
      setRange({ start: screen.start, end: null });
      setLoaded({ start: screen.start, end: screen.length });
      setStale(screen.stale);
      setMissing(screen.missing);
      setTranscript('rows', screen.rows);
      setOverview(screen.overview);
      setProvisional(true);
    });
  // The end of the user's own transcript, as the worker gave it, is kept as this device's last screen.
  const keepScreen = screenKeeper(storyId, () => {
    const shown = overview();
    // Deleted elsewhere: the client forgot its screen (driver-client.ts), and a wait still running keeps none.
    if (!shown || deletedElsewhere() || provisional() || readingAs() !== null || range().end !== null)
      return undefined;
    return {
      overview: unwrap(shown),
      length: length(),
      start: Math.max(loaded().start, length() - KEPT_ROWS),
      rows: unwrap(transcript.rows).filter((row) => row.index >= length() - KEPT_ROWS),
      stale: stale(),
      missing: missing(),
    };
  });
  void loadOverview().then(() => {
    opened = true;
    return loadTranscript();
  });
  onCleanup(
    onStoryChanged(storyId, (change) => {
      if (change.meta || change.participants) void loadOverview();
      if (opened) void loadTranscript();
    }),
  );
  onCleanup(onStoryDeleted(storyId, () => setDeletedElsewhere(true)));

  const names = createMemo(() => new Map(overview()?.participants.map((p) => [p.id, p.name]) ?? []));
  const phase = (): Phase | null => phaseOf(storyId);
  const generating = (): boolean => running() > 0 || phase() !== null;
  const streaming = (): StreamingProjection | null => {
    const stream = streamOf(storyId);
    const reader = readingAs() ?? overview()?.userId;
    const text = reader === undefined ? undefined : stream?.projections[reader];
    return stream?.turnId && text ? { turnId: stream.turnId, text } : null;
  };
  const actorWords = (): number => {
    const acting = phase();
    const stream = streamOf(storyId);
    return acting?.kind === 'acting' && stream?.typing === acting.actor ? stream.written.words : 0;
  };

  /** Runs one command; its failure becomes the error shown, a cancellation only a notice. */
  const run = async <T extends object>(command: () => Promise<Result<T>>): Promise<Result<T>> => {
    setRunning((n) => n + 1);
    try {
      const result = await runCommand(command, {
        error: setError,
        cancelled: setNotice,
        // The stale-history refusal is a question (the banner asks it), not an error.
        answer: (failure) => failure.code === 'stale-history',
        reread: loadTranscript,
      });
      if (!result.ok && isRetried(result.code)) setFailed({ code: result.code, again: command });
      return result;
    } finally {
      setRunning((n) => n - 1);
    }
  };
  /** A new command: clears the last outcome and, when asked, brings the end of the story into view. */
  const start = (follow: boolean): void => {
    // A new command replaces one that was still waiting for the stale-history choice.
    question()?.dismiss();
    setError('');
    setFailed(null);
    setNotice('');
    if (!follow) return;
    const end = range().end;
    if (end !== null) setRange({ start: Math.max(0, length() - INITIAL_ROWS), end: null });
    setFollowRequests((n) => n + 1);
  };
  const showRange = (next: PathRange): void => {
    const now = range();
    if (now.start === next.start && now.end === next.end) return;
    setRange(next);
    void loadTranscript();
  };
  const commands = createStoryCommands({
    api,
    storyId,
    run,
    start,
    length,
    reloadOverview: loadOverview,
    setError,
    ask: setQuestion,
  });

  const progress = createContinueProgress(phase);

  return {
    ...commands,
    continueFor: (turns) => progress.during(turns, () => commands.continueFor(turns)),
    continueStep: progress.step,
    ...createPathMoves({ api, storyId, run, start }),
    ...createRowEdits({ api, storyId, run, start, userId: () => overview()?.userId }),
    storyId,
    overview,
    get rows() {
      return transcript.rows;
    },
    length,
    range,
    loaded,
    showRange,
    followRequests,
    stale,
    missing,
    notHere,
    question,
    loadError,
    provisional,
    deletedElsewhere,
    error,
    failed,
    async retry() {
      const last = failed();
      if (!last) return;
      start(true);
      await run(last.again);
    },
    notice,
    phase,
    generating,
    streaming,
    actorWords,
    background: () => backgroundOf(storyId),
    resumeBackground: () => void api.resumeBackground(storyId),
    pauseBackground: () => void api.cancel(storyId),
    nameOf: (id) => names().get(id) ?? id,
    readingAs,
    readAs(participantId) {
      const next = participantId === overview()?.userId ? null : participantId;
      if (next === readingAs()) return;
      setReadingAs(next);
      void loadTranscript();
    },
  };
}
