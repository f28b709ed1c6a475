// The part of the worker's API for "Evaluate this model" in Settings: the shipped eval scenes played
// with one backend profile (driver/eval), progress through a Comlink callback, and a stop. Re-exported
// by api.ts, the one file the app imports.
import type { Language } from '../../driver/doc/schema.ts';
import type { EvalProgress } from '../../driver/eval/run-eval.ts';
import type { EvalReport } from '../../driver/eval/report.ts';
import type { TapeEntry } from '../../driver/eval/tape.ts';
import type { BackendProfile } from '../../backends/profile.ts';
import type { Result } from './result.ts';

export type { EvalProgress, EvalReport, TapeEntry };

export interface EvalApi {
  /**
   * Plays the shipped scenes of `languages` with `profile` as every operation's model and as the
   * judge, in isolation and as shared history; `onProgress` (a Comlink proxy) hears each stage. The
   * answer holds the report (partial when stopped) and every request made, for the person to keep.
   * One evaluation at a time: another while one runs is `busy`.
   */
  evaluateModel(
    profile: BackendProfile,
    languages: Language[],
    onProgress: (progress: EvalProgress) => void,
  ): Promise<Result<{ report: EvalReport; requests: TapeEntry[] }>>;
  /** Stops the running evaluation: it answers with the scenes played whole. */
  stopEvaluation(): Promise<void>;
}
