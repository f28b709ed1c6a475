// How a benchmark group runs: in its own Node process (a clean heap, --expose-gc), started by main.ts.
// It reports progress on stderr and prints its result as exactly one JSON line on stdout.
import { progress } from './stats.ts';

export async function runGroup(name: string, measure: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  try {
    const result = await measure();
    process.stdout.write(`${JSON.stringify(result)}\n`);
    progress(`${name} done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    // A handle left open by a library must not hold the run: the result is out already.
    setTimeout(() => process.exit(), 5000).unref();
  } catch (error) {
    progress(`${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  }
}
