// One story's model work in two lanes: commands the person waits on, and the background work they do
// not (background.ts). A command never waits behind the background: what runs there is aborted (an
// aborted request stores nothing) and the command starts once it has stopped; the background resumes
// after the command, from what the story then lacks. The app's worker, `rashomon run` and
// `rashomon eval` all play through one of these.
import type { DriverFailure, DriverResult } from '../env.ts';

/** How a run of the background ended. */
export type BackgroundEnd =
  | { kind: 'done' }
  /** Stopped by a command, or held by the person (Stop): it resumes on the next command. */
  | { kind: 'stopped' }
  /** The story is stale: nothing more is written until the person chooses (stale-history). */
  | { kind: 'waiting' }
  | { kind: 'failed'; failure: DriverFailure };

export interface Scheduler {
  /**
   * Runs `command` now: background work in flight is stopped first. Commands run one at a time, in
   * the order they came; the background resumes after the last one — with `resumes: false` (a command
   * that writes nothing) only if it stopped one, and a Stop holding it stays.
   */
  run<T>(command: () => Promise<T>, opts?: { resumes?: boolean }): Promise<T>;
  /** Starts the background unless it is running, held, or a command is. */
  resume(): void;
  /** Stops the background until the next command or `resume` (the person's Stop). */
  hold(): void;
  /**
   * Resolves with how the background's current (or last) run ended, at once when it is not running;
   * rejects when the run threw (a bug).
   */
  idle(): Promise<BackgroundEnd>;
  /** True while the background runs. */
  readonly busy: boolean;
}

/**
 * `background(signal)` does one whole run of background work, returning when nothing is left, when
 * `signal` is aborted, or on the first failure. `onEnd` hears how each run ended.
 */
export function createScheduler(
  background: (signal: AbortSignal) => Promise<DriverResult>,
  onEnd: (end: BackgroundEnd) => void = () => {},
): Scheduler {
  let controller: AbortController | null = null;
  let running: Promise<BackgroundEnd> | null = null;
  let last: BackgroundEnd = { kind: 'done' };
  let held = false;
  let commands = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const start = () => {
    if (running || held || commands > 0) return;
    const c = (controller = new AbortController());
    // A throw is a bug, not a model failure: `idle` rejects with it, and the background stays down
    // until the next command.
    running = background(c.signal).then((r): BackgroundEnd => {
      if (c.signal.aborted || (!r.ok && r.code === 'cancelled')) return { kind: 'stopped' };
      if (r.ok) return { kind: 'done' };
      if (r.code === 'stale-history') return { kind: 'waiting' };
      return { kind: 'failed', failure: r };
    });
    const settle = (end: BackgroundEnd) => {
      last = end;
      running = null;
      controller = null;
      onEnd(end);
    };
    running.then(settle, () => settle({ kind: 'stopped' }));
  };

  const stop = async () => {
    controller?.abort();
    await running?.catch(() => undefined);
  };

  return {
    run<T>(command: () => Promise<T>, opts: { resumes?: boolean } = {}): Promise<T> {
      const resumes = opts.resumes ?? true;
      commands++;
      if (resumes) held = false;
      let stopped = false;
      const turn = queue.then(async () => {
        stopped = running !== null;
        await stop();
        return command();
      });
      queue = turn.catch(() => undefined);
      return turn.finally(() => {
        commands--;
        if (resumes || stopped) start();
      });
    },
    resume() {
      held = false;
      start();
    },
    hold() {
      held = true;
      controller?.abort();
    },
    async idle() {
      return running ?? last;
    },
    get busy() {
      return running !== null;
    },
  };
}
