// The one failure shape across the worker boundary, and the result every command answers with: the
// leaf of the worker's API, imported by each of its parts (and re-exported by api.ts).
import type { DriverFailure, DriverFailureCode } from '../../driver/env.ts';

/**
 * The one failure shape across the boundary: the driver's (code, detail in words the person can act
 * on, and with some codes the turn stored before it or the stale history), plus the worker's codes.
 */
export type Failure = Omit<DriverFailure, 'code'> & {
  code: DriverFailureCode | 'not-found' | 'busy' | 'needs-approval';
};

export type Result<T = object> = ({ ok: true } & T) | Failure;
