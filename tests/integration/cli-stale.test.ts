// `rashomon run` with edit steps: an edit applied as the app applies it, a step that would build on
// the stale history it leaves stops with exit 2 and one line (the story as it stood is written), and
// `--stale keep|rewrite` says what to do: keep re-stamps, rewrite keeps the old turns on their branch
// and leaves there the turns written by hand after the first one it writes again.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import { startOpenAIServer, type OpenAIServer } from '../support/openai-server.ts';
import { rashomon, runSceneArgs } from '../support/cli-process.ts';
import { answer, expectOneLine, readStory } from '../support/cli-scene.ts';

const SCENE_FILE = fileURLToPath(new URL('../fixtures/cli/inn.scene.json', import.meta.url));
const INN = JSON.parse(readFileSync(SCENE_FILE, 'utf8')) as { story: StoryJson };
const TEST_TIMEOUT = 90_000;

const work = mkdtempSync(join(tmpdir(), 'rashomon-cli-stale-'));
const servers: OpenAIServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

let files = 0;
async function run(steps: unknown[], ...extra: string[]) {
  const s = await startOpenAIServer({ answer });
  servers.push(s);
  const scene = join(work, `scene-${++files}.json`);
  writeFileSync(scene, JSON.stringify({ story: INN.story, steps }));
  const out = join(work, `out-${files}.json`);
  const result = await rashomon(...runSceneArgs(scene, s.baseURL, out, ...extra));
  return { result, out, server: s };
}

const EDITED = 'I push open the inn door, shaking, and stamp the snow off my boots.';
/** A user turn (step-1), Oskar's answer (step-2), the user's turn edited, then the next character. */
const EDIT_THEN_ACT = [
  { user: 'I push open the inn door and stamp the snow off my boots.' },
  { act: 'Oskar' },
  { edit: { turn: 'step-1', source: EDITED } },
  { act: 'Lotte' },
];

describe.concurrent('rashomon run: edits and stale history', () => {
  it(
    'an edit leaves the history stale: the next step stops with exit 2 and one line, the story written as it stood',
    async () => {
      const { result, out, server } = await run(EDIT_THEN_ACT);
      expect(result.code, result.stderr).toBe(2);
      const line = expectOneLine(
        result.stderr
          .split('\n')
          .filter((l) => !l.startsWith('step '))
          .join('\n'),
      );
      expect(line).toMatch(/^rashomon run: step 4: /);
      expect(line).toContain('"step-1", "step-2"');
      expect(line).toContain('--stale keep');
      expect(line).toContain('--stale rewrite');
      // Steps 1 and 2 only: two projections, then Oskar and his two.
      expect(server.requests).toHaveLength(5);
      const { path } = readStory(out);
      expect(path.map((t) => t.id)).toEqual(['step-1', 'step-2']);
      expect(path[0]?.source).toBe(EDITED);
    },
    TEST_TIMEOUT,
  );

  it(
    '--stale keep keeps every turn as it is and goes on: no request makes anything again',
    async () => {
      const { result, out, server } = await run(EDIT_THEN_ACT, '--stale', 'keep');
      expect(result.code, result.stderr).toBe(0);
      const { path } = readStory(out);
      expect(path.map((t) => t.id)).toEqual(['step-1', 'step-2', 'step-4']);
      expect(path[0]?.source).toBe(EDITED);
      // Lotte's turn and its two projections after the five of steps 1 and 2.
      expect(server.requests).toHaveLength(8);
    },
    TEST_TIMEOUT,
  );

  it(
    '--stale rewrite writes the stale turns again on a new branch; the old ones stay, byte for byte',
    async () => {
      const stopped = await run(EDIT_THEN_ACT);
      const before = readStory(stopped.out).story.turns;
      const { result, out } = await run(EDIT_THEN_ACT, '--stale', 'rewrite');
      expect(result.code, result.stderr).toBe(0);
      const { story, path } = readStory(out);
      expect(path.map((t) => t.id)).toEqual(['step-1', 'step-4-rewrite', 'step-4']);
      const old = story.turns.find((t) => t.id === 'step-2');
      const oldBefore = before.find((t) => t.id === 'step-2');
      expect(old?.source).toBe(oldBefore?.source);
      expect(old?.parent).toBe('step-1');
      expect(path[1]?.parent).toBe('step-1');
      expect(path[1]?.author).toBe(old?.author);
      expect(path[1]?.source).not.toBe(old?.source);
      expect(path[0]?.source).toBe(EDITED);
    },
    TEST_TIMEOUT,
  );

  it(
    '[H9] --stale rewrite leaves a turn written by hand after the rewritten one on the old branch, and says so',
    async () => {
      const { result, out } = await run(
        [
          { user: 'I push open the inn door and stamp the snow off my boots.' },
          { act: 'Oskar' },
          { user: 'Is there a room for the night?' },
          { act: 'Lotte' },
          { edit: { turn: 'step-1', source: EDITED } },
          { act: 'Oskar' },
        ],
        '--stale',
        'rewrite',
      );
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain(
        'rashomon run: step 6: the rewrite left turn "step-3", written or edited by hand, on the old branch',
      );
      const { story, path } = readStory(out);
      // Oskar's and Lotte's turns are written again; the user's question, asked of the old Oskar, is not copied.
      expect(path.map((t) => t.id)).toEqual(['step-1', 'step-6-rewrite', 'step-6-rewrite-2', 'step-6']);
      expect(story.turns.find((t) => t.id === 'step-3')?.parent).toBe('step-2');
    },
    TEST_TIMEOUT,
  );

  it(
    "edits a view as the app does: that audience's record becomes the person's text",
    async () => {
      const text = 'You hear the door bang, and a traveller curse the cold.';
      const { result, out } = await run([
        { user: 'I push open the inn door.' },
        { edit: { turn: 'step-1', audience: 'Oskar', text } },
      ]);
      expect(result.code, result.stderr).toBe(0);
      const { path, id } = readStory(out);
      expect(path[0]?.pov[id('Oskar')]).toMatchObject({ perceived: true, text, origin: 'edited' });
    },
    TEST_TIMEOUT,
  );

  it(
    'refuses a scene whose edit names no turn, or a view that was never made, and a --stale it does not know',
    async () => {
      const unknown = await run([{ user: 'Hello.' }, { edit: { turn: 'step-7', source: 'x' } }]);
      expect(unknown.result.code).toBe(2);
      expect(expectOneLine(unknown.result.stderr)).toContain('steps[1].edit.turn: "step-7"');
      const absent = await run([
        { user: 'Hello.' },
        { edit: { turn: 'step-1', audience: 'Bertram', text: 'You hear a voice.' } },
      ]);
      expect(absent.result.code).toBe(2);
      expect(absent.result.stderr).toMatch(/step 2: there is no view of turn "step-1" for that audience/);
      const bad = await run([{ user: 'Hello.' }], '--stale', 'maybe');
      expect(bad.result.code).toBe(2);
      expect(bad.result.stderr).toContain('--stale must be keep or rewrite');
    },
    TEST_TIMEOUT,
  );
});
