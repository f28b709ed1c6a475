// Which kind a file is, by its content: a one-line chat is a chat (not a card with a name), a
// header-only chat says it has no messages, and JSON of no known kind says what would be read.
import { describe, expect, it } from 'vitest';
import { readImport } from '../../src/driver/import/read-import.ts';

const enc = new TextEncoder();
let n = 0;
const read = (name: string, value: unknown) =>
  readImport(enc.encode(typeof value === 'string' ? value : JSON.stringify(value)), name, {
    language: 'en',
    newId: () => `id${++n}`,
    importedAt: '2026-01-01T00:00:00.000Z',
  });

describe('what kind a file is', () => {
  it.each([
    ['a one-message group chat', { name: 'Mira', mes: 'Hi.' }, 'chat'],
    ['a V1 card', { name: 'Mira', description: 'x' }, 'character'],
    ['a Pygmalion card', { char_name: 'Mira', char_persona: 'x' }, 'character'],
    ['a World Info book', { entries: { 0: { key: ['a'], content: 'A.' } } }, 'lorebook'],
    ['a named World Info book', { name: 'Beasts', entries: [] }, 'lorebook'],
    ['a SillyTavern preset', { prompts: [{ identifier: 'main', content: 'x' }], temperature: 1 }, 'preset'],
    ['a Rashomon story', { format: 'rashomon.story', title: 'T', turns: [] }, 'story'],
  ])('[K1][I1] %s', (_, value, kind) => {
    const r = read('file.json', value);
    expect(r.ok && r.kind).toBe(kind);
  });

  it('[I6] a chat file of two lines (a header and a message) is a chat', () => {
    const r = read(
      'c.jsonl',
      `${JSON.stringify({ user_name: 'Sam', character_name: 'Mira' })}\n${JSON.stringify({ name: 'Mira', mes: 'Hi.' })}`,
    );
    expect(r.ok && r.kind).toBe('chat');
    expect(r.ok && r.report.messages).toBe(1);
  });

  it('[K1] JSON of no known kind, and text that is not JSON, are refused in one line', () => {
    const a = read('notes.json', { hello: 1 });
    expect(!a.ok && a.reason).toMatch(/^notes\.json is JSON, but none of what Rashomon reads/);
    const b = read('notes.txt', 'hello there');
    expect(!b.ok && b.reason).toMatch(/^notes\.txt is neither JSON nor an image card/);
  });
});

describe('[SJ8] a story too large to review', () => {
  it('[SJ8] a 50 MB title is refused when the file is read: the review never gets it', () => {
    const title = 'T'.repeat(50 * 1024 * 1024);
    const result = readImport(
      enc.encode(`{"format":"rashomon.story","title":"${title}","turns":[]}`),
      'huge.json',
      { language: 'zh', newId: () => 'x', importedAt: '2026-01-01T00:00:00.000Z' },
    );
    expect(result).toEqual({
      ok: false,
      reason: 'title：52428800 个字符，超过了故事标题最多允许的 1000 个字符。请缩短后再导入。',
    });
  });

  it('[SJ8] a turn over 200 000 characters is refused before the review too, naming it', () => {
    const result = read('long.json', {
      format: 'rashomon.story',
      title: 'T',
      turns: [{ id: 't1', text: 'x'.repeat(200_001) }],
    });
    expect(result).toEqual({
      ok: false,
      reason:
        'turns[0].text (turn "t1"): 200001 characters, over the 200000 a text of a story may have. Shorten it and import again.',
    });
  });
});
