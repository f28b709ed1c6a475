// Writing a character back as a card and reading it again gives the same character: V3 JSON, and a
// PNG carrying ccv3 and chara; unchanged values keep their original form, changed ones get macros back.
import { describe, expect, it } from 'vitest';
import { loreBookSchema, loreEntrySchema } from '../../src/driver/doc/lore-book.ts';
import { characterToPng, characterToV2, characterToV3 } from '../../src/driver/import/card/card-write.ts';
import type { ImportedCharacter } from '../../src/driver/import/intermediate.ts';
import { onePixelPng, readPngTexts } from '../../src/driver/import/card/png-text.ts';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { V3_REQUIRED } from '../../src/driver/import/card/card-fields.ts';
import { jsonBytes, png, tEXt } from '../support/card-files.ts';
import { v3Card } from '../support/card-fixture.ts';

function read(bytes: Uint8Array) {
  const result = readCardFile(bytes, 'card');
  if (!result.ok) throw new Error(result.reason);
  return result;
}
const fromJson = (json: unknown) => read(jsonBytes(json));

function pngOf(character: ImportedCharacter): Uint8Array {
  const written = characterToPng(character);
  if (!written.ok) throw new Error(written.reason);
  return written.bytes;
}

const decoded = (text: string) =>
  JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as Record<string, unknown>;

describe('[K6] card export and round trips', () => {
  it('V3 JSON: read, write, read again is the same character, and the data is written as it came', () => {
    const first = fromJson(v3Card()).character;
    const v3 = characterToV3(first);
    expect(v3.data).toEqual(v3Card().data);
    expect(v3).toMatchObject({
      spec: 'chara_card_v3',
      spec_version: '3.0',
      name: 'Mira',
      first_mes: v3Card().data.first_mes,
    });
    const again = fromJson(v3);
    expect(again.character).toEqual(first);
    expect(again.report.warnings).toEqual(fromJson(v3Card()).report.warnings);
  });

  it('PNG: the avatar with ccv3 (V3) and chara (V2) chunks, read again as the same character, every field', () => {
    const avatar = png([tEXt('Software', 'tests')]);
    const first: ImportedCharacter = {
      ...fromJson(v3Card()).character,
      avatar: { mime: 'image/png', bytes: avatar },
    };
    const bytes = pngOf(first);
    const texts = readPngTexts(bytes);
    if (!texts.ok) throw new Error(texts.reason);
    expect(texts.value.texts.map((t) => t.keyword)).toEqual(['Software', 'chara', 'ccv3']);
    const v2 = decoded(texts.value.texts[1]!.text);
    expect(v2.spec).toBe('chara_card_v2');
    expect(Object.keys(v2.data as object).sort()).toEqual(
      [...V3_REQUIRED.filter((k) => k !== 'group_only_greetings'), 'character_book'].sort(),
    );
    expect(decoded(texts.value.texts[2]!.text)).toEqual(characterToV3(first));

    const again = read(bytes);
    expect(again.character).toEqual(first);
    expect(again.character.book?.entries).toHaveLength(3);
    expect(again.character.data.extensions).toEqual(v3Card().data.extensions);
  });

  it('a character with no avatar is written into a generated 1×1 PNG', () => {
    const first = fromJson({ name: 'Plain', description: 'd' }).character;
    const again = read(pngOf(first));
    expect(again.character.avatar).toEqual({ mime: 'image/png', bytes: onePixelPng() });
    expect(again.character.name).toBe('Plain');
    expect(again.report.spec).toBe('v3');
    expect(again.report.warnings).toEqual([]);
  });

  it('an avatar that is not a PNG is refused, not silently replaced', () => {
    const first = fromJson({ name: 'W' }).character;
    expect(characterToPng({ ...first, avatar: { mime: 'image/webp', bytes: Uint8Array.of(1, 2) } })).toEqual({
      ok: false,
      reason: 'the avatar is image/webp: a PNG card needs a PNG image',
    });
  });

  it('changed values are written with {{char}} and {{user}}; an unchanged one keeps its original spelling', () => {
    const first = fromJson({ name: 'A', description: '<BOT> waits for <USER>.', scenario: 'old' }).character;
    const edited: ImportedCharacter = {
      ...first,
      card: { ...first.card, scenario: '${name} meets ${user} at ${place}.' },
      alternateGreetings: ['Hi ${user}'],
    };
    const { data } = characterToV3(edited) as { data: Record<string, unknown> };
    expect(data.description).toBe('<BOT> waits for <USER>.');
    expect(data.scenario).toBe('{{char}} meets {{user}} at ${place}.');
    expect(data.alternate_greetings).toEqual(['Hi {{user}}']);
  });

  it('an edited character reads back as edited: fields, greetings, tags, the book', () => {
    const first = fromJson(v3Card()).character;
    const book = loreBookSchema.parse(first.book);
    const added = loreEntrySchema.parse({
      id: 'new-entry',
      keys: ['bridge'],
      content: 'The bridge is old.',
      position: 'at-depth',
      depth: 1,
      role: 'assistant',
      groups: ['g'],
      sticky: 1,
      caseSensitive: false,
    });
    const edited: ImportedCharacter = {
      ...first,
      name: 'Mira Vale',
      card: { ...first.card, firstMessage: 'Hello, ${user}.', personality: undefined },
      alternateGreetings: ['One', 'Two', 'Three'],
      tags: ['edited'],
      systemPrompt: '',
      creator: 'someone else',
      book: { ...book, name: 'Renamed', entries: [book.entries[2]!, added] },
      assets: [],
    };
    const again = fromJson(characterToV3(edited)).character;
    expect(again.name).toBe('Mira Vale');
    expect(again.card).toEqual({ ...first.card, firstMessage: 'Hello, ${user}.', personality: undefined });
    expect(again.alternateGreetings).toEqual(['One', 'Two', 'Three']);
    expect(again.tags).toEqual(['edited']);
    expect(again.systemPrompt).toBe('');
    expect(again.creator).toBe('someone else');
    expect(again.assets).toEqual([]);
    expect(again.book).toEqual({ ...edited.book, id: 'card-book:Mira Vale' });
    expect(again.data.x_unknown_field).toEqual({ kept: true });
  });

  it('a character made from nothing is written with every field the V3 spec requires', () => {
    const made: ImportedCharacter = {
      name: 'New',
      card: { description: 'Fresh.' },
      alternateGreetings: [],
      systemPrompt: '',
      postHistoryInstructions: '',
      creatorNotes: '',
      tags: [],
      creator: '',
      characterVersion: '',
      book: null,
      avatar: null,
      assets: [],
      spec: 'v3',
      data: {},
    };
    const v3 = characterToV3(made);
    const again = fromJson(v3);
    expect(again.report.warnings).toEqual([]);
    expect({ ...again.character, data: {} }).toEqual(made);
    expect(characterToV2(made)).toMatchObject({ spec: 'chara_card_v2', name: 'New', description: 'Fresh.' });
  });
});
