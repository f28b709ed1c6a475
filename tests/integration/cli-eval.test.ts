// `rashomon eval` end to end: the real CLI as a child process against a scripted OpenAI-protocol
// server on 127.0.0.1 (tests/support/eval-model.ts), over the shipped scenes (en and zh). A clean
// projector leaks nothing, a leaky one is caught, shared history shows what isolation keeps out, the
// JSON is schema-valid and Ctrl-C reports the scenes played whole.
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { METRICS } from '../../src/driver/eval/metrics.ts';
import { evalReportSchema, type EvalReport } from '../../src/driver/eval/report.ts';
import { tapeEntrySchema } from '../../src/driver/eval/tape.ts';
import { rashomon, ROOT, CLI_TIMEOUT, type CliResult } from '../support/cli-process.ts';
import { closedPort } from '../support/closed-port.ts';
import { evalAnswer, type EvalScript } from '../support/eval-model.ts';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';

const TEST_TIMEOUT = 120_000;
const SHIPPED_SCENES = 8;
const work = mkdtempSync(join(tmpdir(), 'rashomon-eval-'));
const servers: OpenAIServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

async function server(script: EvalScript, delayMs = 0): Promise<OpenAIServer> {
  const answer = evalAnswer(script);
  const s = await startOpenAIServer({
    answer: (body, n) => (delayMs ? { text: answer(body, n), delayMs } : answer(body, n)),
  });
  servers.push(s);
  return s;
}

let outs = 0;
const evalArgs = (s: OpenAIServer, out: string, ...extra: string[]) => [
  'eval',
  '--base-url',
  s.baseURL,
  '--model',
  'test-model',
  '--api-key',
  'test',
  '--out',
  out,
  ...extra,
];

async function evaluate(script: EvalScript): Promise<{ result: CliResult; report: EvalReport; out: string }> {
  const s = await server(script);
  const out = join(work, `out-${++outs}`);
  const result = await rashomon(...evalArgs(s, out, '--json'));
  const report = evalReportSchema.parse(JSON.parse(result.stdout));
  return { result, report, out };
}

describe.concurrent('rashomon eval', () => {
  it(
    '[E3][E4][E5][E7] computes every score for the shipped scenes; a clean projector leaks nothing, and shared history shows the leaks isolation keeps out',
    async () => {
      const { result, report, out } = await evaluate({ leaky: false });
      expect(result.code, result.stderr).toBe(0);
      expect(report.scenes).toEqual({ total: SHIPPED_SCENES, played: SHIPPED_SCENES });
      expect(report.failures).toEqual([]);
      expect(report.stopped).toBe(false);
      const isolation = report.modes.isolation;
      const shared = report.modes['shared-history'];
      for (const m of METRICS) {
        const s = isolation[m];
        expect(s.opportunities, m).toBeGreaterThan(0);
        expect(s.per100, m).not.toBeNull();
        expect(s.low as number, m).toBeLessThanOrEqual(s.per100 as number);
        expect(s.high as number, m).toBeGreaterThanOrEqual(s.per100 as number);
        expect(s.high as number, m).toBeGreaterThan(s.low as number);
      }
      expect(isolation.L0).toMatchObject({ hits: 0 });
      expect(isolation.L1).toMatchObject({ hits: 0 });
      expect(isolation.L2).toMatchObject({ hits: 0 });
      expect(isolation.overFiltering.hits).toBe(0);
      // The baseline puts every source into every character's request: the secrets reach them.
      expect(shared.L0.hits).toBeGreaterThan(0);
      expect(shared.L1.hits).toBeGreaterThan(0);
      expect(shared.L2.hits).toBeGreaterThanOrEqual(shared.L1.hits);
      // Nothing is projected in shared history: the projection scores have no opportunity there.
      expect(shared.overFiltering).toMatchObject({ opportunities: 0, per100: null });
      // Every request is kept, one JSON line each, judge calls included.
      const lines = readFileSync(join(out, 'requests.jsonl'), 'utf8').trim().split('\n');
      expect(lines).toHaveLength(report.requests);
      const entries = lines.map((l) => tapeEntrySchema.parse(JSON.parse(l)));
      expect(entries.some((e) => e.tag.op === 'judge')).toBe(true);
      expect(new Set(entries.map((e) => e.mode))).toEqual(new Set(['isolation', 'shared-history']));
      expect(evalReportSchema.parse(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')))).toEqual(
        report,
      );
      // Each played story is kept, and reads back as Story JSON: the witness heard the password.
      const heard = await rashomon(
        'transcript',
        join(out, 'stories/isolation/en/control-witness.json'),
        '--as',
        'Bram',
      );
      expect(heard.code, heard.stderr).toBe(0);
      expect(heard.stdout).toContain('GX-3390-WILLOW');
    },
    TEST_TIMEOUT,
  );

  it(
    '[E4][E5] catches a leaky projector that copies private thoughts into projections (L1 > 0, L0 still 0)',
    async () => {
      const { result, report } = await evaluate({ leaky: true });
      expect(result.code, result.stderr).toBe(0);
      const isolation = report.modes.isolation;
      expect(isolation.L1.hits).toBeGreaterThan(0);
      expect(isolation.L2.hits).toBeGreaterThan(isolation.L1.hits);
      expect(isolation.textWhereNothing.hits).toBeGreaterThan(0);
      // The model leaked; the driver did not.
      expect(isolation.L0.hits).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'prints a table on stdout, progress on stderr, and where the requests are',
    async () => {
      const s = await server({ leaky: false });
      const out = join(work, `out-${++outs}`);
      const result = await rashomon(...evalArgs(s, out));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/8 of 8 scenes/);
      expect(result.stdout).toMatch(
        /^L0 structural leak \(must be 0\)\s+0\.0 \[0\.0–\d+\.\d\] 0\/\d+\s+\d+\.\d \[/m,
      );
      expect(result.stdout).toContain(`requests kept in ${out}`);
      expect(result.stderr).toMatch(/scene 8\/8 ".+" \(shared-history\): playing/);
    },
    TEST_TIMEOUT,
  );

  it(
    '[E7] stops on Ctrl-C (SIGINT) with the figures of the scenes played whole, exit 130',
    async () => {
      const s = await server({ leaky: false }, 30);
      const out = join(work, `out-${++outs}`);
      const child = spawn(process.execPath, ['bin/rashomon.mjs', ...evalArgs(s, out, '--json')], {
        cwd: ROOT,
        env: { ...process.env, NO_COLOR: '1' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      const interrupted = new Promise<void>((resolve) =>
        child.stderr.on('data', (d: Buffer) => {
          stderr += d.toString();
          if (/scene 2\/8/.test(stderr) && !child.killed) {
            child.kill('SIGINT');
            resolve();
          }
        }),
      );
      const code = await new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), CLI_TIMEOUT);
        child.on('exit', (c) => {
          clearTimeout(timer);
          resolve(c);
        });
      });
      await interrupted;
      expect(code, stderr).toBe(130);
      expect(stderr).toMatch(/stopping/);
      const report = evalReportSchema.parse(JSON.parse(stdout));
      expect(report.stopped).toBe(true);
      expect(report.scenes).toEqual({ total: SHIPPED_SCENES, played: 1 });
      expect(report.modes.isolation.L1.opportunities).toBeGreaterThan(0);
      expect(existsSync(join(out, 'requests.jsonl'))).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    '[E7] ends at the first failure that says the backend cannot be used (an unreachable server), exit 1',
    async () => {
      const out = join(work, `out-${++outs}`);
      const base = `http://127.0.0.1:${await closedPort()}/v1`;
      const result = await rashomon('eval', '--base-url', base, '--model', 'm', '--out', out, '--json');
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/stopped, the model cannot be used: .+Could not reach the model server/);
      const report = evalReportSchema.parse(JSON.parse(result.stdout));
      expect(report.scenes.played).toBe(0);
      expect(report.requests).toBe(1);
    },
    TEST_TIMEOUT,
  );

  it(
    '[E7] ends when the judge model does not exist, saying so',
    async () => {
      const s = await startOpenAIServer({ answer: evalAnswer({ leaky: false }), models: ['test-model'] });
      servers.push(s);
      const result = await rashomon(
        ...evalArgs(s, join(work, `out-${++outs}`), '--judge-model', 'no-such-judge', '--json'),
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/the model cannot be used: .+the judge: .*no-such-judge/);
      expect(evalReportSchema.parse(JSON.parse(result.stdout)).scenes.played).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'asks the judge with an overridden eval/judge prompt (--prompts DIR)',
    async () => {
      const s = await server({ leaky: true });
      const prompts = join(work, `prompts-${++outs}`);
      mkdirSync(join(prompts, 'en/eval'), { recursive: true });
      writeFileSync(
        join(prompts, 'en/eval/judge.md'),
        'You judge a roleplay, strictly. Secrets of ${who}:\n${facts}\n<text>\n${text}\n</text>\nJSON only.',
      );
      const scenes = join(ROOT, 'eval/scenes/en');
      const result = await rashomon(
        ...evalArgs(s, join(work, `out-${++outs}`), '--scenes', scenes, '--prompts', prompts),
      );
      expect(result.code, result.stderr).toBe(0);
      const judged = s.requests.filter((r) => r.body.messages[0]?.content.startsWith('You judge a roleplay'));
      expect(judged.length).toBeGreaterThan(0);
      expect(judged.every((r) => r.body.messages[0]?.content.includes('strictly. Secrets of'))).toBe(true);
      expect(result.stdout).toMatch(/4 of 4 scenes/);
    },
    TEST_TIMEOUT,
  );

  it(
    '[E1] refuses a scene folder with a bad scene before any request, naming the file (exit 2)',
    async () => {
      const s = await server({ leaky: false });
      const result = await rashomon(
        ...evalArgs(s, join(work, `out-${++outs}`), '--scenes', join(ROOT, 'tests/fixtures/eval-bad')),
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(
        /eval-bad\/canary-elsewhere\.json: canaries\[0\]\.text: not in the text of step 1/,
      );
      expect(s.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    '[E9] refuses --out naming a file in one line (exit 2, no stack trace), leaving the file as it was',
    async () => {
      const s = await server({ leaky: false });
      const file = join(work, `out-${++outs}.txt`);
      writeFileSync(file, 'mine\n');
      const result = await rashomon(...evalArgs(s, file));
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/--out .*\.txt is a file/)]);
      expect(readFileSync(file, 'utf8')).toBe('mine\n');
      expect(s.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    '[E9] refuses a symbolic link planted in the --out folder in one line (exit 2) and writes through none',
    async () => {
      const s = await server({ leaky: false });
      const elsewhere = join(work, `elsewhere-${++outs}.txt`);
      writeFileSync(elsewhere, 'precious\n');
      for (const planted of ['requests.jsonl', 'stories']) {
        const out = join(work, `out-${++outs}`);
        mkdirSync(out);
        symlinkSync(planted === 'stories' ? work : elsewhere, join(out, planted));
        const result = await rashomon(...evalArgs(s, out));
        expect(result.code, planted).toBe(2);
        expect(result.stderr.trim().split('\n'), planted).toEqual([
          expect.stringMatching(new RegExp(`${planted} is a symbolic link`)),
        ]);
        expect(existsSync(join(out, 'report.json')), planted).toBe(false);
      }
      expect(readFileSync(elsewhere, 'utf8')).toBe('precious\n');
      expect(s.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );
});
