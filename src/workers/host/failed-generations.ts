// The last generating command of each story that failed, kept in the worker while it runs so the
// session doctor can tell it and run it again; a later command of the story that succeeds clears it.
// A cancellation, a refusal for stale history and a story already busy are the person's or the
// moment's, not failures to retry: they leave what was kept as it was.
import type { Failure, Result } from '../api.ts';

export interface FailedRun {
  failure: Failure;
  /** Runs the same command again, as the story's one generation. */
  again(): Promise<Result>;
}

const NOT_KEPT: ReadonlySet<Failure['code']> = new Set<Failure['code']>([
  'cancelled',
  'busy',
  'stale-history',
]);

export function createFailedRuns() {
  const last = new Map<string, FailedRun>();
  return {
    note(storyId: string, result: Result, again: () => Promise<Result>): void {
      if (result.ok) last.delete(storyId);
      else if (!NOT_KEPT.has(result.code)) last.set(storyId, { failure: result, again });
    },
    get: (storyId: string): FailedRun | undefined => last.get(storyId),
  };
}
