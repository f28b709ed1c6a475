// One command sent to the worker, and its outcome shown where the person looks: an expected failure
// becomes the error shown (in the worker's words), a cancellation says that nothing was stored, and a
// throw (a bug, a crashed worker) is still said, as a failure, instead of being lost.
import type { Failure, Result } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

/** Where a screen shows a command's outcome. */
export interface CommandOutcome {
  /** Shows why the command failed. */
  error(detail: string): void;
  /** Shows that a cancelled command stored nothing. */
  cancelled(text: string): void;
  /** Takes a failure the screen answers in its own way (it is then not shown as an error): true if taken. */
  answer?(failure: Failure): boolean;
  /** Re-reads what the command changed, before the outcome is returned (a throw here is the command's). */
  reread?(): Promise<void>;
}

export async function runCommand<T extends object>(
  command: () => Promise<Result<T>>,
  outcome: CommandOutcome,
): Promise<Result<T>> {
  try {
    const result = await command();
    if (!result.ok && !outcome.answer?.(result)) {
      if (result.code === 'cancelled') outcome.cancelled(t('Cancelled. Nothing was stored.'));
      else outcome.error(result.detail);
    }
    await outcome.reread?.();
    return result;
  } catch (thrown) {
    const detail = t('The story engine stopped unexpectedly: {reason}', { reason: String(thrown) });
    outcome.error(detail);
    return { ok: false, code: 'server', detail };
  }
}
