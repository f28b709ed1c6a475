// Small measuring helpers for the benchmarks: medians, rounding, a monotonic clock, heap after a
// full garbage collection (the group processes run with --expose-gc), time spent collecting.
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export const now = (): number => performance.now();

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Rounds to `digits` decimals (figures are read by people: no false precision). */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** Runs `fn` once and returns its duration in milliseconds. */
export async function timed(fn: () => unknown): Promise<number> {
  const start = now();
  await fn();
  return now() - start;
}

const gc = (globalThis as { gc?: () => void }).gc;

/** Heap in use after a full collection, in bytes. Needs `node --expose-gc`. */
export function heapAfterGc(): number {
  if (!gc) throw new Error('run the benchmark groups with node --expose-gc (npm run bench does)');
  // Twice: the first pass can leave garbage reachable only from finalizers and weak structures.
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** Progress for people watching: stderr only, so `--json` keeps stdout to the one JSON object. */
export function progress(line: string): void {
  process.stderr.write(`bench: ${line}\n`);
}

/**
 * Milliseconds of garbage collection between two `now()` readings. GC entries arrive a task later:
 * `collected(start, end)` after an `await` of a timeout. Started on first use; the process keeps it.
 */
let gcEntries: PerformanceEntry[] | undefined;
export function watchGc(): void {
  if (gcEntries) return;
  const entries: PerformanceEntry[] = [];
  gcEntries = entries;
  new PerformanceObserver((list) => entries.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
}
export async function collectedMs(start: number, end: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return (gcEntries ?? [])
    .filter((e) => e.startTime >= start && e.startTime + e.duration <= end)
    .reduce((sum, e) => sum + e.duration, 0);
}
