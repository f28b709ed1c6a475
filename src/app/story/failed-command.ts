// The play command that failed last, kept so the error can offer to run it again, and whether the
// failure is the backend's (then Settings is where to mend it).
import type { Failure, Result } from '../../workers/api.ts';

export interface FailedCommand {
  code: Failure['code'];
  /** Runs the command again (a turn stored before the failure is not stored twice). */
  again(): Promise<Result<object>>;
}

/** Failures that Settings mends: no backend, one that cannot be reached, a refused key, a missing model. */
const BACKEND_FAILURES: ReadonlySet<Failure['code']> = new Set<Failure['code']>([
  'no-backend',
  'unreachable',
  'unauthorized',
  'model-not-found',
]);

export const isBackendFailure = (code: Failure['code']): boolean => BACKEND_FAILURES.has(code);

/** Failures there is no point in retrying as they are: the person's own choice or input decides. */
const NOT_RETRIED: ReadonlySet<Failure['code']> = new Set<Failure['code']>(['cancelled', 'stale-history']);

export const isRetried = (code: Failure['code']): boolean => !NOT_RETRIED.has(code);
