// `rashomon import` from outside: --dry-run --json prints one JSON object of what a file holds (exit
// 0); a file it cannot import exits 2 with one line on stderr; --out writes a chat as Story JSON and
// gathers characters and lorebooks into a library file.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLI_TIMEOUT, rashomon } from '../support/cli-process.ts';
import { b64, png, tEXt, zTXt } from '../support/card-files.ts';
import { v3Card } from '../support/card-fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'rashomon-import-'));
const put = (name: string, bytes: Uint8Array | string) => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};

describe('rashomon import', () => {
  it(
    'prints one JSON object for a PNG card (ccv3 preferred over chara), a lorebook and a chat',
    async () => {
      const v2 = { spec: 'chara_card_v2', data: { name: 'Old Mira', first_mes: 'Hi.' } };
      const card = put('mira.png', png([tEXt('chara', b64(v2)), zTXt('ccv3', b64(v3Card()))]));
      const r = await rashomon('import', card, '--dry-run', '--json');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({ kind: 'character', name: 'Mira', spec: 'v3', greetings: 3, assets: 1 });
      expect(out.lorebookEntries).toBeGreaterThan(0);
      expect(Array.isArray(out.warnings)).toBe(true);
      const v1 = put('v1.json', JSON.stringify({ name: 'Plain', description: 'x', first_mes: 'Hello.' }));
      expect(JSON.parse((await rashomon('import', v1, '--dry-run', '--json')).stdout)).toMatchObject({
        kind: 'character',
        spec: 'v1',
        greetings: 1,
      });
      const book = put(
        'book.json',
        JSON.stringify({
          entries: [
            { key: ['a'], content: 'A.' },
            { key: ['b'], content: 'B.' },
          ],
        }),
      );
      expect(JSON.parse((await rashomon('import', book, '--dry-run', '--json')).stdout)).toMatchObject({
        kind: 'lorebook',
        lorebookEntries: 2,
      });
      const chat = put(
        'chat.jsonl',
        [
          { user_name: 'Sam', character_name: 'Mira' },
          { name: 'Mira', mes: 'Hi.' },
          { name: 'Sam', is_user: true, mes: 'Hey.' },
        ]
          .map((l) => JSON.stringify(l))
          .join('\n'),
      );
      expect(JSON.parse((await rashomon('import', chat, '--dry-run', '--json')).stdout)).toMatchObject({
        kind: 'chat',
        messages: 2,
      });
    },
    4 * CLI_TIMEOUT,
  );

  it(
    '[R14][I10] counts a legacy preset’s prompts mapped and left out, and declines an instruct template in one line',
    async () => {
      const legacy = put(
        'old.json',
        JSON.stringify({ main_prompt: 'Write lean prose.', nsfw_prompt: 'Anything.', nsfw_toggle: false }),
      );
      const r = await rashomon('import', legacy, '--dry-run', '--json');
      expect(JSON.parse(r.stdout)).toMatchObject({ kind: 'preset', promptsMapped: 1, promptsLeftOut: 1 });
      const plain = await rashomon('import', legacy, '--dry-run');
      expect(plain.stdout).toContain('prompt left out: “NSFW Prompt”: disabled in the preset');
      const instruct = put('chatml.json', JSON.stringify({ input_sequence: 'u', output_sequence: 'a' }));
      const declined = await rashomon('import', instruct, '--dry-run', '--json');
      expect(declined.code).toBe(2);
      expect(declined.stderr.trim().split('\n')).toHaveLength(1);
      expect(declined.stderr).toMatch(/chatml\.json is a SillyTavern instruct template/);
    },
    3 * CLI_TIMEOUT,
  );

  it(
    'exits 2 with one line for what it cannot import',
    async () => {
      const r = await rashomon('import', put('photo.png', png()), '--dry-run', '--json');
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/photo\.png: .*no character card/);
    },
    CLI_TIMEOUT,
  );

  it(
    'writes a chat as Story JSON and gathers a card and its book into a library file',
    async () => {
      const chat = put(
        'c.jsonl',
        [
          { name: 'Mira', mes: 'Hi.' },
          { name: 'Sam', is_user: true, mes: 'Hey.' },
        ]
          .map((l) => JSON.stringify(l))
          .join('\n'),
      );
      const story = join(dir, 'story.json');
      expect((await rashomon('import', chat, '--out', story, '--chat', 'perceived-all')).code).toBe(0);
      const json = JSON.parse(readFileSync(story, 'utf8'));
      expect(json.format).toBe('rashomon.story');
      expect(json.turns.map((t: { source: string }) => t.source)).toEqual(['Hi.', 'Hey.']);
      const lib = join(dir, 'library.json');
      const card = put('m.json', JSON.stringify(v3Card()));
      expect((await rashomon('import', card, '--out', lib)).code).toBe(0);
      expect((await rashomon('import', card, '--out', lib)).code).toBe(0);
      const library = JSON.parse(readFileSync(lib, 'utf8'));
      expect(library.format).toBe('rashomon.library');
      expect(library.characters).toHaveLength(2);
      expect(library.characters[0].data.name).toBe('Mira');
      expect(library.lorebooks).toHaveLength(2);
    },
    4 * CLI_TIMEOUT,
  );

  it(
    '[E8] copies a sound Story JSON, and refuses a bad one in one line (exit 2), writing nothing',
    async () => {
      const chat = put(
        'e8.jsonl',
        [
          { name: 'Mira', mes: 'Hi.' },
          { name: 'Sam', is_user: true, mes: 'Hey.' },
        ]
          .map((l) => JSON.stringify(l))
          .join('\n'),
      );
      const made = join(dir, 'e8-story.json');
      expect((await rashomon('import', chat, '--out', made, '--chat', 'perceived-all')).code).toBe(0);
      const copy = join(dir, 'e8-copy.json');
      expect((await rashomon('import', made, '--out', copy)).code).toBe(0);
      expect(JSON.parse(readFileSync(copy, 'utf8'))).toEqual(JSON.parse(readFileSync(made, 'utf8')));

      // Schema-valid JSON the app refuses: a turn written by someone not in the story.
      const story = JSON.parse(readFileSync(made, 'utf8'));
      story.turns[1].author = 'nobody-here';
      const bad = put('e8-bad.json', JSON.stringify(story));
      const out = join(dir, 'e8-bad-copy.json');
      const r = await rashomon('import', bad, '--out', out);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^rashomon: .*e8-bad\.json: /);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(out)).toBe(false);
    },
    4 * CLI_TIMEOUT,
  );

  it(
    '[GC1][GC3] --with reads a group chat’s group file beside it: who was there from its defaults',
    async () => {
      const said = (name: string, mes: string) =>
        JSON.stringify({ name, is_user: name === 'Sam', mes, original_avatar: `${name}.png` });
      const chat = put(
        'den.jsonl',
        [
          JSON.stringify({ chat_metadata: {} }),
          said('Ada', 'Hi.'),
          said('Sam', 'Hey.'),
          said('Bo', 'Yo.'),
        ].join('\n'),
      );
      const group = put(
        'den.json',
        JSON.stringify({
          name: 'Den',
          members: ['Ada.png', 'Bo.png'],
          disabled_members: ['Bo.png'],
          chats: [],
        }),
      );
      const r = await rashomon('import', chat, '--with', group, '--dry-run', '--json');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).group).toEqual({
        members: ['Ada', 'Bo'],
        muted: ['Bo'],
        whoWasThere: { stretches: [{ from: 0, absent: [] }] },
      });
    },
    CLI_TIMEOUT,
  );
});
