// Log lines that a flood repeats (refused connections) printed once per reason per interval, then one
// line saying how many were left out: a flood of refusals cannot fill the disk or hide other lines (SV18).
import type { Log } from './config.ts';

/** `line` under `reason`: the first of an interval is printed, the rest are counted and summed up once. */
export type ThrottledLog = (reason: string, line: string) => void;

export function throttledLog(log: Log, intervalMs: number): ThrottledLog {
  /** Reasons printed in the current interval → lines left out since. */
  const suppressed = new Map<string, number>();
  return (reason, line) => {
    const count = suppressed.get(reason);
    if (count !== undefined) {
      suppressed.set(reason, count + 1);
      return;
    }
    log(line);
    suppressed.set(reason, 0);
    setTimeout(() => {
      const left = suppressed.get(reason) ?? 0;
      suppressed.delete(reason);
      if (left > 0) log(`${left} more connections refused (${reason}) in the last ${intervalMs / 1000} s`);
    }, intervalMs).unref();
  };
}
