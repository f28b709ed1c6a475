// `rashomon eval`: plays the eval scenes against an OpenAI-compatible server, in isolation and as
// shared history, and prints how often secrets leaked. Progress on stderr, the table (or --json) on
// stdout; every request is appended to OUT/requests.jsonl as it is made, so a stop keeps them too,
// and each played story is written to OUT/stories/<mode>/<scene>.
// Ctrl-C stops the run and prints the scenes played whole (exit 130). Exit 1: the backend cannot be
// used (unreachable, a wrong key or model: the run ends at the first such failure), or a structural leak in isolation, which is a
// bug of Rashomon's, not of the model.
import { closeSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createTape, EvalMode, type TapeEntry } from '../driver/eval/tape.ts';
import { runEval, type EvalProgress } from '../driver/eval/run-eval.ts';
import { sceneModel } from './run-command.ts';
import { overridePrompts, shippedPrompts } from './prompt-files.ts';
import { resolvePrompts } from '../driver/prompts/resolve.ts';
import { readEvalScenes, SHIPPED_SCENES_DIR } from './eval-scenes.ts';
import { evalTable } from './eval-table.ts';
import { outFolder } from './out-folder.ts';

export interface EvalCommandOptions {
  baseURL: string;
  model: string;
  apiKey?: string;
  judgeModel?: string;
  scenes?: string;
  json: boolean;
  out?: string;
  /** Prompt overrides, `<lang>/<group>/<name>.md` (the judge's `eval/judge` too), over the shipped prompts. */
  prompts?: string;
  /** How long one model request may take, answer included (`--timeout`). */
  requestTimeoutMs?: number;
}

/** The exit code of a run stopped by Ctrl-C, as shells report SIGINT. */
const STOPPED_EXIT = 130;

const REQUESTS = 'requests.jsonl';
const REPORT = 'report.json';
/** Where a played story goes: `stories/<mode>/<scene>`, readable with `rashomon transcript`. */
const storyFile = (mode: EvalMode, scene: string) => `stories/${mode}/${scene}`;

const defaultOut = (now: Date) => join('.rashomon-eval', now.toISOString().replace(/[:.]/g, '-'));

export async function evalCommand(opts: EvalCommandOptions, log: (line: string) => void): Promise<number> {
  const now = new Date();
  const scenes = readEvalScenes(opts.scenes ?? SHIPPED_SCENES_DIR, now.toISOString());
  // Checked whole before any request, as `run --prompts` does.
  const prompts = opts.prompts
    ? resolvePrompts({ shipped: shippedPrompts(), library: overridePrompts(opts.prompts) }).prompts
    : shippedPrompts();
  const folder = outFolder(resolve(opts.out ?? defaultOut(now)), '--out');
  const out = folder.dir;
  // Every file the run will write is checked before the first request (E9).
  for (const rel of [
    REQUESTS,
    REPORT,
    ...Object.values(EvalMode).flatMap((m) => scenes.map((s) => storyFile(m, s.name))),
  ])
    folder.check(rel);
  const requestsFile = join(out, REQUESTS);
  // Held open for the run: each request is appended through it, never by its name again.
  const requests = folder.open(REQUESTS);
  const tape = createTape((entry: TapeEntry) => writeSync(requests, `${JSON.stringify(entry)}\n`));
  const connect = (model: string) =>
    sceneModel({
      baseURL: opts.baseURL,
      model,
      ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
      ...(opts.requestTimeoutMs !== undefined ? { requestTimeoutMs: opts.requestTimeoutMs } : {}),
    });
  const judgeModel = opts.judgeModel ?? opts.model;
  const controller = new AbortController();
  const stop = () => {
    log('rashomon eval: stopping; the scenes played whole are reported');
    controller.abort();
  };
  process.once('SIGINT', stop);
  log(`rashomon eval: ${scenes.length} scenes, requests kept in ${requestsFile}`);
  let last = '';
  const progress = (p: EvalProgress) => {
    const line = `scene ${p.scene}/${p.scenes} "${p.title}" (${p.mode}): ${p.stage}, ${p.requests} requests so far`;
    if (line !== last) log((last = line));
  };
  try {
    const report = await runEval({
      scenes,
      model: connect(opts.model),
      judgeModel: connect(judgeModel),
      labels: { model: opts.model, judgeModel },
      prompts,
      clock: Date.now,
      tape,
      signal: controller.signal,
      onProgress: progress,
      // Readable afterwards with `rashomon transcript FILE --as NAME`.
      onPlayed: (scene, played) =>
        folder.write(storyFile(played.mode, scene.name), `${JSON.stringify(played.story, null, 2)}\n`),
    });
    folder.write(REPORT, `${JSON.stringify(report, null, 2)}\n`);
    process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : `${evalTable(report, out)}\n`);
    if (report.stopped) return STOPPED_EXIT;
    if (report.fatal !== null) {
      log(`rashomon eval: stopped, the model cannot be used: ${report.fatal}`);
      return 1;
    }
    if (report.modes.isolation.L0.hits > 0) {
      log(
        `rashomon eval: ${report.modes.isolation.L0.hits} request(s) in isolation carried a secret their participant never perceived. That is a bug in Rashomon, whatever the model: please report it with ${requestsFile}.`,
      );
      return 1;
    }
    return 0;
  } finally {
    process.off('SIGINT', stop);
    closeSync(requests);
  }
}
