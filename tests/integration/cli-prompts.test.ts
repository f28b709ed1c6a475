// `rashomon run --prompts DIR` and `--language`: the real CLI (bin/rashomon.mjs) against a scripted
// OpenAI-protocol server. Overrides are checked before any model call; a zh story runs in Chinese.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EMPTY_SENTINEL } from '../../src/driver/doc/schema.ts';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { ROOT, rashomon, runSceneArgs } from '../support/cli-process.ts';

const INN = JSON.parse(
  readFileSync(fileURLToPath(new URL('../fixtures/cli/inn.scene.json', import.meta.url)), 'utf8'),
) as { story: StoryJson };
const TEST_TIMEOUT = 60_000;

const work = mkdtempSync(join(tmpdir(), 'rashomon-prompts-'));
const servers: OpenAIServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  rmSync(work, { recursive: true, force: true });
});

let n = 0;
const fresh = (name: string) => join(work, `${++n}-${name}`);

/** A folder of prompt files: relative path → text. */
function promptDir(files: Record<string, string>): string {
  const dir = fresh('prompts');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

function sceneFile(steps: unknown[], story: StoryJson = INN.story): string {
  const file = fresh('scene.json');
  writeFileSync(file, JSON.stringify({ story, steps }));
  return file;
}

const shipped = (path: string) => readFileSync(join(ROOT, 'prompts', path), 'utf8');
const isProjection = (body: ChatBody) => /perception filter|感知过滤器/.test(body.messages[0]?.content ?? '');
const system = (body: ChatBody) => body.messages[0]?.content ?? '';

/** English or Chinese prose by operation; <empty> when the last message holds "[[silent]]". */
function answer(body: ChatBody): string {
  const zh = system(body).includes('中文');
  const format = body.response_format as {
    json_schema?: { name?: string; schema?: { properties?: { next?: { enum?: string[] } } } };
  };
  if (format?.json_schema?.name === 'next_actor')
    return JSON.stringify({ next: format.json_schema.schema?.properties?.next?.enum?.[0] });
  if (isProjection(body)) {
    if ((body.messages.at(-1)?.content ?? '').includes('[[silent]]')) return EMPTY_SENTINEL;
    return zh
      ? '一块地板在近处吱呀作响，空气里有柴火的烟味。'
      : 'A floorboard creaks nearby, and the air smells of woodsmoke.';
  }
  return zh
    ? '我瞥了一眼窗外，拍掉袖子上的灰。'
    : 'I glance at the window and brush the dust from my sleeve.';
}

async function server(): Promise<OpenAIServer> {
  const s = await startOpenAIServer({ answer });
  servers.push(s);
  return s;
}

const run = (scene: string, s: OpenAIServer, out: string, ...extra: string[]) =>
  rashomon(...runSceneArgs(scene, s.baseURL, out, ...extra));

describe.concurrent('[R7] rashomon run --prompts / --language', () => {
  it(
    'uses a folder of overrides over the shipped prompts',
    async () => {
      const s = await server();
      const out = fresh('out.json');
      const dir = promptDir({
        'en/roleplay/style.md': 'STYLE-OVERRIDE: write tersely, in ${language}.',
        'zh/roleplay/style.md': '简洁地用${language}写作。',
        'README.md': 'Notes about this folder are not a prompt.',
      });
      const result = await run(
        sceneFile([{ user: 'I knock the snow off my hat.' }, { act: 'Oskar' }]),
        s,
        out,
        '--prompts',
        dir,
      );
      expect(result.code, result.stderr).toBe(0);
      const actor = s.requests.filter((r) => !isProjection(r.body) && !r.body.response_format);
      expect(actor).toHaveLength(1);
      expect(system(actor[0]?.body as ChatBody)).toContain('STYLE-OVERRIDE: write tersely, in English.');
      // Everything not overridden is the shipped text.
      expect(system(actor[0]?.body as ChatBody)).toMatch(/^This is a roleplay written in English/);
      expect(system(actor[0]?.body as ChatBody)).toContain("Now write Oskar's next turn as Oskar");
      expect(s.requests.filter((r) => isProjection(r.body))).toHaveLength(2 + 2);
    },
    TEST_TIMEOUT,
  );

  it(
    'bad overrides exit 2 naming each file and its problem, before any model call, writing nothing',
    async () => {
      const s = await server();
      const scene = sceneFile([{ user: 'Hello?' }]);
      const bad = promptDir({
        'en/roleplay/style.md': '  \n',
        'en/roleplay/retry.md': 'Again: ${reason} ${mood}',
        'zh/roleplay/actor-task.md': '轮到{{char}}了',
        'en/roleplay/narrator.md': 'Narrate.',
        'fr/roleplay/style.md': 'Écrivez.',
        'en/roleplay/selector.md': shipped('en/roleplay/selector.md'),
      });
      const outs = [fresh('out.json'), fresh('out.json')];
      const [all, missing] = await Promise.all([
        run(scene, s, outs[0] as string, '--prompts', bad),
        run(scene, s, outs[1] as string, '--prompts', join(work, 'nowhere')),
      ]);
      for (const result of [all, missing]) {
        expect(result?.code, result?.stderr).toBe(2);
        expect(result?.stderr.split('\n').filter((l) => l.trim() !== '')).toHaveLength(1);
      }
      // One line, every file with its problem, in path order.
      const line = all?.stderr.trim() ?? '';
      const expected = [
        /en\/roleplay\/narrator\.md: roleplay\/narrator is not a prompt the package ships; /,
        /en\/roleplay\/retry\.md: unknown variable \$\{mood\}/,
        /en\/roleplay\/style\.md: the file is empty/,
        /fr\/roleplay\/style\.md: "fr" is not a language folder/,
        /zh\/roleplay\/actor-task\.md: \{\{…\}\} is not a variable/,
      ];
      let at = 0;
      for (const problem of expected) {
        const found = problem.exec(line.slice(at));
        expect(found, `${problem} after position ${at} of: ${line}`).not.toBeNull();
        at += (found?.index ?? 0) + 1;
      }
      expect(line).not.toContain('selector.md');
      expect(missing?.stderr).toMatch(/cannot read the prompts folder .*nowhere/);
      for (const out of outs) expect(existsSync(out), 'an out file was written').toBe(false);
      expect(s.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );

  it(
    '--language zh: Chinese instructions, Chinese prose stored, Chinese transcript rows',
    async () => {
      const s = await server();
      const out = fresh('out.json');
      const scene = sceneFile([
        { user: '我推开客栈的门，跺掉靴子上的雪。' },
        { act: 'Oskar' },
        { user: '我低声念着信里的内容。[[silent]]' },
      ]);
      const result = await run(scene, s, out, '--language', 'zh');
      expect(result.code, result.stderr).toBe(0);
      expect(s.requests.length).toBeGreaterThan(0);
      // Every request begins with the Chinese common rules (the selector's too, were there one).
      for (const r of s.requests) expect(system(r.body)).toMatch(/^这是一场用中文书写的角色扮演/);
      const story = JSON.parse(readFileSync(out, 'utf8')) as StoryJson;
      expect(story.language).toBe('zh');
      const generated = story.turns.flatMap((t) => [
        ...(t.origin === 'generated' ? [t.source] : []),
        ...Object.values(t.pov).map((p) => p.text),
      ]);
      for (const text of generated.filter((t) => t !== '')) expect(text).toMatch(/^[^A-Za-z]*$/);
      const view = await rashomon('transcript', out, '--as', 'Oskar');
      expect(view.code, view.stderr).toBe(0);
      expect(view.stdout).toContain('— 似乎什么也没有发生。 —');
    },
    TEST_TIMEOUT,
  );

  it(
    "uses the story's own prompts (Story JSON prompts) over the folder's, and writes them back",
    async () => {
      const s = await server();
      const out = fresh('out.json');
      const prompts = {
        version: 1 as const,
        overrides: { 'en/roleplay/style': 'STORY-STYLE: spare prose in ${language}.' },
        preset: null,
        trash: [],
      };
      const dir = promptDir({ 'en/roleplay/style.md': 'FOLDER-STYLE: lush prose in ${language}.' });
      const scene = sceneFile([{ user: 'I knock.' }, { act: 'Oskar' }], { ...INN.story, prompts });
      const result = await run(scene, s, out, '--prompts', dir);
      expect(result.code, result.stderr).toBe(0);
      const actor = s.requests.find((r) => !isProjection(r.body) && !r.body.response_format);
      expect(system(actor?.body as ChatBody)).toContain('STORY-STYLE: spare prose in English.');
      expect(system(actor?.body as ChatBody)).not.toContain('FOLDER-STYLE');
      const story = JSON.parse(readFileSync(out, 'utf8')) as StoryJson;
      expect(story.prompts).toEqual(prompts);

      const requestsBefore = s.requests.length;
      const bad = await run(
        sceneFile([{ user: 'Hi.' }], {
          ...INN.story,
          prompts: { ...prompts, overrides: { 'en/roleplay/style': 'Hi {{char}}' } },
        }),
        s,
        fresh('out.json'),
      );
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(
        /story\.prompts\.overrides\.en\/roleplay\/style: \{\{…\}\} is not a variable/,
      );
      expect(s.requests).toHaveLength(requestsBefore);
    },
    TEST_TIMEOUT,
  );

  it(
    '--language must be en or zh',
    async () => {
      const s = await server();
      const out = fresh('out.json');
      const result = await run(sceneFile([{ user: 'Hi.' }]), s, out, '--language', 'fr');
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/--language must be en or zh/);
      expect(s.requests).toHaveLength(0);
    },
    TEST_TIMEOUT,
  );
});
