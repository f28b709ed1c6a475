// `rashomon run` and `rashomon transcript` end to end: the real CLI as a child process (through
// bin/rashomon.mjs and tsx) against a scripted OpenAI-protocol HTTP server on 127.0.0.1.
// Every CLI start costs about a second, so independent cases run concurrently.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_SENTINEL } from '../../src/driver/doc/schema.ts';
import { PROJECTOR_TEMPERATURE, SELECTOR_TEMPERATURE } from '../../src/driver/turns/sampling.ts';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import { kindOf, subjectOf } from '../support/driver-env.ts';
import {
  openAIError,
  startOpenAIServer,
  type ChatBody,
  type OpenAIServer,
  type ScriptReply,
} from '../support/openai-server.ts';
import { rashomon, runProgram, runSceneArgs, type CliResult } from '../support/cli-process.ts';
import { answer, expectOneLine, readStory, tokens, type Turn } from '../support/cli-scene.ts';

const SCENE_FILE = fileURLToPath(new URL('../fixtures/cli/inn.scene.json', import.meta.url));
const SCENE = JSON.parse(readFileSync(SCENE_FILE, 'utf8')) as { story: StoryJson; steps: unknown[] };
const TEST_TIMEOUT = 90_000;

const work = mkdtempSync(join(tmpdir(), 'rashomon-cli-'));
const servers: OpenAIServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

async function server(script: (body: ChatBody, n: number) => ScriptReply = answer): Promise<OpenAIServer> {
  const s = await startOpenAIServer({ answer: script });
  servers.push(s);
  return s;
}

let files = 0;
function writeScene(scene: unknown): string {
  const file = join(work, `scene-${++files}.json`);
  writeFileSync(file, typeof scene === 'string' ? scene : JSON.stringify(scene));
  return file;
}
const outFile = () => join(work, `out-${++files}.json`);
const runArgs = (scene: string, s: OpenAIServer, out: string, ...extra: string[]) =>
  runSceneArgs(scene, s.baseURL, out, ...extra);

/**
 * The spec's fewest requests (L6) for a path played without batches, as
 * ../shared/tools/scene-check/check-scene.mjs counts them.
 */
function minimumRequests(path: Turn[], autoActs: number): number {
  return (
    autoActs +
    path.reduce((n, t) => {
      const targets = t.audiences.filter((a) => a !== t.author).length;
      return n + targets + (t.origin === 'generated' ? 1 : 0);
    }, 0)
  );
}

/**
 * The projection requests of each turn of `path`, in the order they were asked: an isolated one by its
 * audience's name, a batch by its audiences' names joined with "+".
 */
function projectionsByTurn(s: OpenAIServer, path: Turn[]): string[][] {
  const byTurn = path.map((): string[] => []);
  for (const r of s.requests.filter((r) => r.status === 200)) {
    const kind = kindOf(r.body as never);
    if (kind !== 'project' && kind !== 'batch') continue;
    const task = r.body.messages.at(-1)?.content ?? '';
    const i = path.findIndex((t) => task.includes(t.source));
    if (i < 0) throw new Error(`request ${r.n} projects no turn of the path`);
    const names =
      kind === 'batch'
        ? (r.body.response_format as { json_schema: { schema: { required: string[] } } }).json_schema.schema
            .required
        : [subjectOf({ messages: r.body.messages } as never) ?? '?'];
    byTurn[i]?.push([...names].sort().join('+'));
  }
  return byTurn;
}

/** Every present audience holds a record of every turn; a silent source is perceived by no one; <empty> is never stored. */
function expectCompleteRecords(path: Turn[]): void {
  for (const t of path) {
    expect(t.pov[t.author], `turn ${t.id}: the author's own record`).toBeUndefined();
    expect(Object.keys(t.pov).sort(), `turn ${t.id}: records`).toEqual(
      t.audiences.filter((a) => a !== t.author).sort(),
    );
    for (const rec of Object.values(t.pov)) {
      if (t.source.includes('[[silent]]')) expect(rec).toMatchObject({ perceived: false, text: '' });
      else {
        expect(rec.perceived).toBe(true);
        expect(rec.text).toMatch(/^A (?:floorboard|chair)/);
      }
      expect(rec.text).not.toContain(EMPTY_SENTINEL);
    }
  }
}

/** Requests a participant was not entitled to see carry none of its secrets (a light version of the property test). */
function expectNoLeaks(s: OpenAIServer, story: StoryJson): void {
  const cards = new Map(
    story.participants.map((p) => [p.name, tokens(JSON.stringify(p.card ?? {}) + (p.persona ?? ''))]),
  );
  const persona = tokens(story.participants.find((p) => p.kind === 'user')?.persona ?? '');
  for (const r of s.requests.filter((r) => r.status === 200)) {
    const text = r.body.messages.map((m) => m.content).join('\n');
    const kind = kindOf(r.body as unknown as Parameters<typeof kindOf>[0]);
    const who = kind === 'actor' ? subjectOf({ messages: r.body.messages } as never) : undefined;
    for (const [name, secret] of cards) {
      for (const c of secret) {
        const allowed = kind === 'actor' && (who === name || persona.has(c));
        if (!allowed)
          expect(text, `request ${r.n} (${kind}${who ? ` as ${who}` : ''}) carries ${c}`).not.toContain(c);
      }
    }
  }
}

describe.concurrent('rashomon run', () => {
  it(
    '[L1][L6][P3][P5][P7][P8] plays a scene: exit 0, every present audience projected, silent turns stored as perceived nothing, then each transcript shows only its own view',
    async () => {
      const s = await server();
      const out = outFile();
      const result = await rashomon(...runArgs(SCENE_FILE, s, out));
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/step 9\/9/);
      const { story, path, id } = readStory(out);
      expect(path).toHaveLength(7);
      expect(path.map((t) => t.origin)).toEqual([
        'authored',
        'generated',
        'authored',
        'generated',
        'authored',
        'generated',
        'generated',
      ]);
      expectCompleteRecords(path);
      // Presence: Bertram joins before the silent turn; Lotte leaves before the last.
      expect(path.map((t) => t.audiences.includes(id('Bertram')))).toEqual([
        false,
        false,
        false,
        false,
        true,
        true,
        true,
      ]);
      expect(path.map((t) => t.audiences.includes(id('Lotte')))).toEqual([
        true,
        true,
        true,
        true,
        true,
        true,
        false,
      ]);
      const silent = path[4] as Turn;
      expect(silent.source).toContain('[[silent]]');
      expect(Object.values(silent.pov)).toHaveLength(3);
      expect(Object.values(silent.pov).every((r) => !r.perceived)).toBe(true);
      // One request per other audience, one per generated turn, one per automatic choice (both among two).
      expect(s.requests.every((r) => r.status === 200)).toBe(true);
      expect(s.requests).toHaveLength(minimumRequests(path, 2));
      expect(s.requests).toHaveLength(22);
      // The user's projection of each character's turn is asked for first.
      for (const t of path.filter((t) => t.author !== id('Ines'))) {
        const first = s.requests.find(
          (r) =>
            kindOf(r.body as never) === 'project' && (r.body.messages[1]?.content ?? '').includes(t.source),
        );
        expect(
          first && subjectOf({ messages: first.body.messages } as never),
          `first projection of ${t.id}`,
        ).toBe('Ines');
      }
      expectNoLeaks(s, story);

      // `rashomon transcript OUT --as NAME`, for every participant, concurrently.
      const names = ['Ines', 'Oskar', 'Lotte', 'Bertram'];
      const views = await Promise.all(names.map((n) => rashomon('transcript', out, '--as', n)));
      for (const [i, name] of names.entries()) {
        const view = views[i] as CliResult;
        expect(view.code, view.stderr).toBe(0);
        const me = id(name);
        const mine = path.filter((t) => t.audiences.includes(me));
        const rows = view.stdout.split('\n').filter((l) => l.trim() !== '');
        expect(rows, `${name}'s transcript`).toHaveLength(mine.length);
        const known = new Set<string>();
        for (const [k, t] of mine.entries()) {
          const row = rows[k] as string;
          const rec = t.pov[me];
          if (t.author === me) expect(row, `${name}'s own turn, as written`).toContain(t.source);
          else if (rec?.perceived) expect(row).toContain(rec.text);
          else expect(row).toContain('Nothing seems to have happened.');
          for (const s of tokens(t.author === me ? t.source : (rec?.text ?? ''))) known.add(s);
        }
        expect(view.stdout).not.toContain(EMPTY_SENTINEL);
        // Never another participant's private source: only what this participant wrote or perceived.
        for (const s of tokens(view.stdout)) expect(known, `${name}'s transcript shows ${s}`).toContain(s);
      }
      // The silent turn is an interstitial row for everyone but its author; Oskar never sees Lotte's thought.
      expect(views[1]?.stdout).toContain('Nothing seems to have happened.');
      expect(views[1]?.stdout).not.toContain('CANARY-L1');
      expect(views[0]?.stdout).toContain('CANARY-U2');
      expect(views[0]?.stdout).not.toContain('Nothing seems to have happened.');
    },
    TEST_TIMEOUT,
  );

  it(
    "[O4][L1][L2][L8] --batch: the views the background writes, one game-master request per turn with several of them; the user's and the next actor's alone, at once",
    async () => {
      const s = await server();
      const out = outFile();
      const result = await rashomon(...runArgs(SCENE_FILE, s, out, '--batch'));
      expect(result.code, result.stderr).toBe(0);
      const { story, path } = readStory(out);
      expect(story.settings.batchReprojection).toBe(true);
      expect(path).toHaveLength(7);
      expectCompleteRecords(path);
      // Per turn, in the order asked: a name alone is an isolated projection, names joined a batch.
      expect(projectionsByTurn(s, path)).toEqual([
        // Ines's turn and Oskar's act are one Send: Oskar's view before he acts, Lotte's after.
        ['Oskar', 'Lotte'],
        // A character's turn: the user's view at once (L1), the one other audience's in the background.
        ['Ines', 'Lotte'],
        // Lotte's turn as Ines wrote it: nobody waits for a view of it; the background batches both.
        ['Ines+Oskar'],
        ['Ines', 'Lotte'],
        // Bertram's view of the silent turn before he acts (L2), the two others together after.
        ['Bertram', 'Lotte+Oskar'],
        ['Ines', 'Lotte+Oskar'],
        ['Ines', 'Oskar'],
      ]);
      // Besides them, one actor call per generated turn and one selector call per automatic choice.
      const kinds = s.requests.map((r) => kindOf(r.body as never));
      expect(kinds.filter((k) => k === 'actor')).toHaveLength(4);
      expect(kinds.filter((k) => k === 'selector')).toHaveLength(2);
      expect(s.requests).toHaveLength(19);
      expectNoLeaks(s, story);
    },
    TEST_TIMEOUT,
  );

  it(
    "[R10] the scene's Story JSON sampling reaches the actor's requests; the helpers keep their own",
    async () => {
      const s = await server();
      const scene = writeScene({
        ...SCENE,
        story: {
          ...SCENE.story,
          settings: { ...SCENE.story.settings, actorTemperature: 1.2, actorTopP: 0.8 },
        },
      });
      const out = outFile();
      const result = await rashomon(...runArgs(scene, s, out));
      expect(result.code, result.stderr).toBe(0);
      const sampling = new Set(
        s.requests.map((r) => JSON.stringify([kindOf(r.body as never), r.body.temperature, r.body.top_p])),
      );
      expect([...sampling].sort()).toEqual(
        [
          ['actor', 1.2, 0.8],
          ['project', PROJECTOR_TEMPERATURE, undefined],
          ['selector', SELECTOR_TEMPERATURE, undefined],
        ]
          .map((x) => JSON.stringify(x))
          .sort(),
      );
      expect(readStory(out).story.settings).toMatchObject({ actorTemperature: 1.2, actorTopP: 0.8 });
    },
    TEST_TIMEOUT,
  );

  it(
    'transport faults (500, 503, 429) are retried and the run still succeeds',
    async () => {
      let faults = 0;
      const s = await server((body, n) => {
        // The first fault waits out the real backoff; later ones ask for no wait (retry-after-ms: 0).
        if (n === 2) return (faults++, openAIError(500, 'injected crash'));
        if (n % 5 === 4)
          return (faults++, openAIError(429, 'injected rate limit', { 'retry-after-ms': '0' }));
        if (n % 5 === 0) return (faults++, openAIError(503, 'injected overload', { 'retry-after-ms': '0' }));
        return answer(body, n);
      });
      const out = outFile();
      const result = await rashomon(...runArgs(SCENE_FILE, s, out));
      expect(result.code, result.stderr).toBe(0);
      const { path } = readStory(out);
      expect(path).toHaveLength(7);
      expectCompleteRecords(path);
      expect(faults).toBeGreaterThan(5);
      // Each failed request was sent again unchanged, and only the successful ones count toward the minimum.
      for (const r of s.requests.filter((r) => r.status !== 200)) {
        expect(
          s.requests.some(
            (o) => o.n > r.n && o.status === 200 && JSON.stringify(o.body) === JSON.stringify(r.body),
          ),
        ).toBe(true);
      }
      expect(s.requests.filter((r) => r.status === 200)).toHaveLength(22);
    },
    TEST_TIMEOUT,
  );

  it(
    '[L5] a server that always answers 401: exit 1, the reason on stderr, the story as before the failed step',
    async () => {
      const s = await server(() => openAIError(401, 'Incorrect API key provided: test.'));
      const out = outFile();
      const result = await rashomon(...runArgs(SCENE_FILE, s, out));
      expect(result.code).toBe(1);
      // Ines's turn and the act after it are one Send: the turn is stored, the act's selector is refused.
      expect(result.stderr).toMatch(/step 2 failed \(unauthorized\)/);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      // Not retried (a bad key does not get better): the selector was asked once, and at most the
      // background's first view of Ines's turn after it.
      expect(kindOf(s.requests[0]?.body as never)).toBe('selector');
      expect(s.requests.length).toBeLessThanOrEqual(2);
      expect(new Set(s.requests.map((r) => JSON.stringify(r.body))).size).toBe(s.requests.length);
      const { story, path } = readStory(out);
      expect(path.map((t) => [t.origin, Object.keys(t.pov)])).toEqual([['authored', []]]);
      expect(story.participants.map((p) => p.name).sort()).toEqual(['Bertram', 'Ines', 'Lotte', 'Oskar']);
    },
    TEST_TIMEOUT,
  );

  it(
    '[L5][L8] a key revoked mid-run: exit 1, the out file holds every step done, without the views the background could not write',
    async () => {
      // Steps 1 and 2, one Send, take six requests (selector, Oskar's view, actor, Ines's view; then
      // the background's two views for Lotte); then 401.
      const s = await server((body, n) =>
        n <= 6 ? answer(body, n) : openAIError(401, 'Incorrect API key provided: revoked.'),
      );
      const out = outFile();
      const result = await rashomon(...runArgs(SCENE_FILE, s, out));
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/step 3 failed \(unauthorized\)/);
      const { path } = readStory(out);
      expect(path.map((t) => t.origin)).toEqual(['authored', 'generated', 'authored']);
      expectCompleteRecords(path.slice(0, 2));
      // Lotte's hand-written turn of step 3 is stored; no view of it was written (L5), so none carries it.
      const lotte = path[2] as Turn;
      expect(lotte.source).toContain('CANARY-L1');
      expect(lotte.pov).toEqual({});
      expect(s.requests.slice(6).every((r) => r.status === 401)).toBe(true);
    },
    TEST_TIMEOUT,
  );

  it(
    '[L8] the background names its records apart: every step that makes a turn names it step-N, however much was chronicled',
    async () => {
      const s = await server();
      const scene = fileURLToPath(new URL('../fixtures/price/two-bookbinder.scene.json', import.meta.url));
      const out = outFile();
      // A small context: windows fill within a few rounds and the background chronicles between steps.
      const result = await rashomon(...runArgs(scene, s, out, '--context', '1500'));
      expect(result.code, result.stderr).toBe(0);
      const story = JSON.parse(readFileSync(out, 'utf8')) as StoryJson;
      const steps = (JSON.parse(readFileSync(scene, 'utf8')) as { steps: object[] }).steps;
      const made = steps.flatMap((step, i) => ('user' in step || 'act' in step ? [`step-${i + 1}`] : []));
      expect(story.turns.map((t) => t.id).sort()).toEqual([...made].sort());
      const records = JSON.stringify(story.participants.map((p) => p.chronicle ?? {}));
      // The test can fail: memories were chronicled (records with ids of their own).
      expect(records).toContain('"memories"');
      expect(records).not.toMatch(/"id":"step-/);
    },
    TEST_TIMEOUT,
  );

  it(
    'bad scenes exit 2 with one line on stderr, no stack trace, no out file and no model call',
    async () => {
      const s = await server();
      const story = SCENE.story;
      const bad: Array<[string, string | object, RegExp]> = [
        ['not JSON', '{ "story": nope\n}', /not JSON/],
        ['wrong shape', { story, steps: { user: 'Hello?' } }, /a scene is/],
        [
          'an unknown name',
          { story, steps: [{ user: 'Hi.' }, { as: 'Nobody', text: 'I wave.' }] },
          /steps\[1\]\.as: no participant named "Nobody"/,
        ],
        ['the user asked to act', { story, steps: [{ act: 'Ines' }] }, /steps\[0\]\.act: "Ines" is the user/],
        [
          'a step of unknown kind',
          { story, steps: [{ user: 'Hi.' }, { dance: 'Oskar' }] },
          /steps\[1\]: not a step/,
        ],
        [
          'an absent character asked to act',
          { story, steps: [{ user: 'Hi.' }, { act: 'Bertram' }] },
          /steps\[1\]\.act: "Bertram" is not present/,
        ],
        [
          'a character asked to act after leaving',
          { story, steps: [{ present: { Lotte: false } }, { act: 'lotte' }] },
          /steps\[1\]\.act: "Lotte" is not present/,
        ],
        [
          'a story the import refuses',
          {
            story: {
              ...story,
              participants: [
                ...story.participants,
                { id: 'oskar2', kind: 'character', name: 'OSKAR', present: true },
              ],
            },
            steps: [{ user: 'Hi.' }],
          },
          /participants\[4\]\.name: "OSKAR" is used twice/,
        ],
      ];
      const results = await Promise.all(
        bad.map(async ([what, scene, message]) => {
          const out = outFile();
          return { what, message, out, result: await rashomon(...runArgs(writeScene(scene), s, out)) };
        }),
      );
      for (const { what, message, out, result } of results) {
        expect(result.code, `${what}: ${result.stderr}`).toBe(2);
        expect(expectOneLine(result.stderr), what).toMatch(message);
        expect(existsSync(out), `${what}: an out file was written`).toBe(false);
        expect(result.stdout, what).toBe('');
      }
      expect(s.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    'npx rashomon --help works from the project root',
    async () => {
      const result = await runProgram('npx', ['--no-install', 'rashomon', '--help']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/rashomon run SCENE\.json/);
      expect(result.stdout).toMatch(/rashomon transcript STORY\.json --as NAME/);
    },
    TEST_TIMEOUT,
  );
});
