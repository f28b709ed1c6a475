// What a Story JSON file may be (issue 19): long stories import in linear time, a file nested too deep
// or with a field too large is refused naming it, a UTF-8 BOM is no obstacle, and no story may take
// the library's sync room.
import { describe, expect, it } from 'vitest';
import { LIBRARY_ROOM } from '../../sync-server/protocol.ts';
import { RESERVED_STORY_IDS } from '../../src/driver/doc/story-id.ts';
import { turnsMap } from '../../src/driver/doc/story-doc.ts';
import { readImport } from '../../src/driver/import/read-import.ts';
import { MAX_JSON_DEPTH, readJsonText } from '../../src/driver/import/json-text.ts';
import {
  MAX_IMPORT_FILE_BYTES,
  MAX_NAME_CHARS,
  MAX_TEXT_CHARS,
  MAX_TITLE_CHARS,
} from '../../src/driver/story-json/field-limits.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import type { Language } from '../../src/driver/doc/schema.ts';

const AT = '2026-01-01T00:00:00.000Z';

/** A story of `n` turns in one chain; `reversed`: children listed before their parents. */
function chain(n: number, reversed = false) {
  const turns = Array.from({ length: n }, (_, i) => ({
    id: `t${i}`,
    parent: i === 0 ? null : `t${i - 1}`,
    author: 'u',
    audiences: ['u'],
    origin: 'authored' as const,
    source: `Turn ${i}.`,
  }));
  if (reversed) turns.reverse();
  return {
    format: 'rashomon.story',
    version: 1,
    id: 'long',
    title: 'Long',
    language: 'en',
    participants: [
      { id: 'u', kind: 'user', name: 'Sam' },
      { id: 'c', kind: 'character', name: 'Mira', card: { description: 'A ferrywoman.' } },
    ],
    turns,
    activeLeaf: `t${n - 1}`,
  };
}

const refusal = (input: unknown, language: Language = 'en'): string => {
  const r = importStory(input, AT, language);
  expect(r.ok).toBe(false);
  return r.ok ? '' : r.detail;
};

const read = (text: string | Uint8Array, name = 'file.json', language: Language = 'en') =>
  readImport(typeof text === 'string' ? new TextEncoder().encode(text) : text, name, {
    language,
    newId: () => 'new-id',
    importedAt: AT,
  });

describe('[SJ1] the parent-chain check and the import order are linear', () => {
  it('[SJ1] 60 000 turns in one chain import, parents listed first or last', () => {
    for (const reversed of [false, true]) {
      const r = importStory(chain(60_000, reversed), AT);
      expect(r.ok).toBe(true);
      if (r.ok) expect(turnsMap(r.doc).size).toBe(60_000);
    }
  });

  it('[SJ1] a loop at the end of a long chain is still found', () => {
    const s = chain(60_000);
    s.turns[0] = { ...s.turns[0]!, parent: 't59999' };
    expect(refusal(s)).toContain('its parent chain loops back on itself');
  });
});

describe('[SJ2] a file nested too deep is refused before it is parsed', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  const story = (inner: string) =>
    JSON.stringify(chain(2)).replace('"title":"Long"', `"title":"Long","x":${inner}`);

  it('[SJ2] depth is counted outside strings only', () => {
    expect(readJsonText('{"a":[1,{"b":"[[[[{{{{"}]}', 'en')).toEqual({
      ok: true,
      json: { a: [1, { b: '[[[[{{{{' }] },
    });
    expect(readJsonText(`{"a":"\\"[[[[[["}`, 'en').ok).toBe(true);
    expect(readJsonText(deep(MAX_JSON_DEPTH), 'en').ok).toBe(true);
    const over = readJsonText(deep(MAX_JSON_DEPTH + 1), 'en');
    expect(over.ok).toBe(false);
  });

  it.each([
    ['a story', story(deep(10_000))],
    ['a card', `{"name":"C","data":{"name":"C","extensions":{"x":${deep(10_000)}}}}`],
    ['a chat', `{"user_name":"a","character_name":"b"}\n{"name":"b","mes":"Hi.","extra":${deep(10_000)}}`],
    ['a lorebook', `{"entries":{"0":{"key":["a"],"content":"A.","extensions":${deep(10_000)}}}}`],
  ])('[SJ2] %s 10 000 levels deep is refused in en and zh', (_, text) => {
    const en = read(text);
    expect(en.ok).toBe(false);
    if (!en.ok) expect(en.reason).toContain(`nested more than ${MAX_JSON_DEPTH} levels deep`);
    const zh = read(text, 'file.json', 'zh');
    expect(zh.ok).toBe(false);
    if (!zh.ok) expect(zh.reason).toContain('层');
  });
});

describe('[SJ3] every field has a size limit, and the refusal names it', () => {
  it('[SJ3] the title', () => {
    const s = { ...chain(2), title: 'x'.repeat(MAX_TITLE_CHARS + 1) };
    expect(refusal(s)).toMatch(/^title: /);
    expect(importStory({ ...s, title: 'x'.repeat(MAX_TITLE_CHARS) }, AT).ok).toBe(true);
  });

  it('[SJ3] a participant name', () => {
    const s = chain(2);
    s.participants[1]!.name = 'M'.repeat(MAX_NAME_CHARS + 1);
    expect(refusal(s)).toMatch(/^participants\[1\]\.name: /);
  });

  it("[SJ3] a turn's text, named with the turn, in en and zh", () => {
    const s = chain(3);
    s.turns[2]!.source = 'y'.repeat(MAX_TEXT_CHARS + 1);
    expect(refusal(s)).toContain('turns[2].source (turn "t2")');
    expect(refusal(s)).toContain(String(MAX_TEXT_CHARS));
    expect(refusal(s, 'zh')).toContain('turns[2].source');
    s.turns[2]!.source = 'y'.repeat(MAX_TEXT_CHARS);
    expect(importStory(s, AT).ok).toBe(true);
  });

  it("[SJ3] any other text: a card's description", () => {
    const s = chain(2);
    s.participants[1]!.card = { description: 'd'.repeat(MAX_TEXT_CHARS + 1) };
    expect(refusal(s)).toContain('participants[1].card.description');
  });

  it('[SJ3] a file over the size limit is refused before it is read', () => {
    // Valid JSON (an empty story padded with spaces), so only its size can refuse it.
    const story = new TextEncoder().encode(JSON.stringify(chain(2)));
    const bytes = new Uint8Array(MAX_IMPORT_FILE_BYTES + 1).fill(0x20);
    bytes.set(story);
    const r = read(bytes, 'big.json');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe('big.json is 65 MB; Rashomon imports files of at most 64 MB.');
    expect(read(bytes.subarray(0, MAX_IMPORT_FILE_BYTES), 'big.json').ok).toBe(true);
  });
});

describe('[SJ4] a UTF-8 BOM before the JSON is accepted', () => {
  it('[SJ4] a story file with a BOM imports', () => {
    const r = read(`\uFEFF${JSON.stringify(chain(2))}`);
    expect(r.ok && r.kind).toBe('story');
    expect(readJsonText(`\uFEFF{"a":1}`, 'en')).toEqual({ ok: true, json: { a: 1 } });
  });
});

describe("[SJ5] no story can claim the library's sync room", () => {
  it('[SJ5] the reserved ids are the server protocol’s room names that are no story', () => {
    expect([...RESERVED_STORY_IDS]).toEqual([LIBRARY_ROOM]);
  });

  it('[SJ5] a story with the id "library" is refused, in en and zh', () => {
    const s = { ...chain(2), id: LIBRARY_ROOM };
    expect(refusal(s)).toMatch(/^id: "library"/);
    expect(refusal(s, 'zh')).toContain('library');
  });
});
