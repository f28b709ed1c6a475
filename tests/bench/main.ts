// `npm run bench`: runs each benchmark group in its own Node process, one after the other (a clean heap
// each, no group slowing another down on a 2-core machine), then prints a table, or with `--json`
// exactly one JSON object on stdout (progress goes to stderr). A full run writes tests/bench/RESULTS.md.
// npm itself prints a "> rashomon@… bench" banner on stdout before the script starts: `npm run -s bench
// -- --json` (or `node tests/bench/run.mjs --json`) leaves stdout to the JSON alone.
//   --json          the JSON object instead of the table
//   --only a,b      only these groups (docScale1000, docScale10000, docScale100000 with --huge: segmented
//                   stories; docScaleOneDoc1000, docScaleOneDoc10000: the one-document comparison;
//                   requests, longSession, price, prose, sync, app); RESULTS.md untouched
//   --no-build      the app group uses the last build in .tmp/bench-dist
//   --huge          also docScale100000: a 100,000-turn segmented story generated (never committed),
//                   opened, edited and sent to, and the app group's 100,000 turns in Chromium; several
//                   minutes and a few GB of memory, so not part of a plain run (in one document it took
//                   minutes more and 1.9 GB: not run)
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { assemble, renderMarkdown, renderTable, type GroupOutcome } from './report.ts';
import { progress } from './stats.ts';

const HERE = fileURLToPath(new URL('./', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const args = process.argv.slice(2);
const json = args.includes('--json');
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : args[args.indexOf(onlyArg) + 1])?.split(',')
  : undefined;

const huge = args.includes('--huge');
/** Room for fake-indexeddb's copy of a 100,000-turn story (320 MB of updates) beside what is open. */
const HUGE_HEAP = ['--max-old-space-size=8192'];

const GROUPS: Array<{ name: string; file: string; args: string[]; node?: string[] }> = [
  { name: 'docScale1000', file: 'doc-scale.ts', args: ['1000', 'segmented'] },
  { name: 'docScale10000', file: 'doc-scale.ts', args: ['10000', 'segmented'] },
  ...(huge
    ? [{ name: 'docScale100000', file: 'doc-scale.ts', args: ['100000', 'segmented'], node: HUGE_HEAP }]
    : []),
  { name: 'docScaleOneDoc1000', file: 'doc-scale.ts', args: ['1000', 'one-doc'] },
  { name: 'docScaleOneDoc10000', file: 'doc-scale.ts', args: ['10000', 'one-doc'] },
  { name: 'requests', file: 'requests.ts', args: [] },
  { name: 'longSession', file: 'long-session.ts', args: [] },
  { name: 'price', file: 'price.ts', args: [] },
  { name: 'prose', file: 'prose.ts', args: [] },
  { name: 'sync', file: 'sync.ts', args: [] },
  {
    name: 'app',
    file: 'app.ts',
    args: [...(args.includes('--no-build') ? ['--no-build'] : []), ...(huge ? ['--huge'] : [])],
  },
];

function runGroup(group: (typeof GROUPS)[number]): Promise<GroupOutcome> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      ['--expose-gc', ...(group.node ?? []), '--import', 'tsx', HERE + group.file, ...group.args],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (part: string) => (out += part));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const line = out.trim().split('\n').at(-1) ?? '';
      try {
        if (code !== 0) throw new Error(`exited ${signal ?? code}`);
        resolve({ name: group.name, ok: true, result: JSON.parse(line), seconds });
      } catch (error) {
        resolve({
          name: group.name,
          ok: false,
          error: String(error instanceof Error ? error.message : error),
          seconds,
        });
      }
    });
  });
}

const started = new Date();
const machine = {
  cores: availableParallelism(),
  node: process.version,
  cpu: cpus()[0]?.model ?? 'unknown',
  memoryGB: Math.round(totalmem() / 2 ** 30),
  platform: `${process.platform} ${process.arch}`,
  loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
};
const selected = GROUPS.filter((g) => !only || only.includes(g.name));
const outcomes: GroupOutcome[] = [];
for (const group of selected) {
  progress(`${group.name}: starting`);
  outcomes.push(await runGroup(group));
}
const command = `npm run bench${args.length ? ` -- ${args.join(' ')}` : ''}`;
const report = assemble(machine, outcomes, {
  command,
  date: started.toISOString(),
  seconds: Math.round((Date.now() - started.getTime()) / 1000),
  loadAverageAtEnd: loadavg().map((x) => Math.round(x * 100) / 100),
});

if (json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
else process.stdout.write(renderTable(report));
if (!only) {
  writeFileSync(HERE + 'RESULTS.md', renderMarkdown(report));
  progress('results written to tests/bench/RESULTS.md');
}
if (outcomes.some((o) => !o.ok)) process.exitCode = 1;
