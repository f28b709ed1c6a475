// A card whose name or another shown text is far too long is refused when the file is read, in one
// line naming the field, before its review is built (SJ9): as a JSON file, a PNG's tEXt chunk and a
// CHARX's card.json, through readImport as the app reads a file. Real cards (long descriptions and
// greetings) still read.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { zipSync } from 'fflate';
import { concat, latin1, png } from '../support/card-files.ts';

const built = vi.hoisted(() => ({ reports: 0 }));
vi.mock('../../src/driver/import/card/card-report.ts', async (original) => {
  const real = await original<typeof import('../../src/driver/import/card/card-report.ts')>();
  return {
    ...real,
    characterReport: (...args: Parameters<typeof real.characterReport>) => {
      built.reports++;
      return real.characterReport(...args);
    },
  };
});

const { readImport } = await import('../../src/driver/import/read-import.ts');
const { MAX_CARD_NAME_CHARS, MAX_CARD_PROSE_CHARS } =
  await import('../../src/driver/import/card/card-limits.ts');

const enc = new TextEncoder();
const FIFTY_MB = 50 * 1024 * 1024;
const read = (bytes: Uint8Array, name: string, language: 'en' | 'zh' = 'en') =>
  readImport(bytes, name, { language, newId: () => 'id', importedAt: '2026-01-01T00:00:00.000Z' });
const card = (data: Record<string, unknown>) =>
  JSON.stringify({
    spec: 'chara_card_v2',
    spec_version: '2.0',
    data: { name: 'Ilse', description: 'x', ...data },
  });

/** A tEXt chunk with its CRC left 0: the reader checks none, and one computed bit by bit over 50 MB takes half a minute. */
function textChunk(keyword: string, text: string): Uint8Array {
  const data = concat(latin1(`tEXt${keyword}\0`), enc.encode(text));
  const length = new DataView(new ArrayBuffer(4));
  length.setUint32(0, data.length - 4);
  return concat(new Uint8Array(length.buffer), data, new Uint8Array(4));
}

beforeEach(() => {
  built.reports = 0;
});

describe('[SJ9] a card too long to review', () => {
  const huge = 'N'.repeat(FIFTY_MB);
  const nameRefused = `a card whose data.name has ${FIFTY_MB} characters, over the ${MAX_CARD_NAME_CHARS} a card's name may have: shorten it and import again`;

  it('[SJ9] a JSON card with a 50 MB name is refused in one line, and no review is built', () => {
    expect(read(enc.encode(card({ name: huge })), 'huge.json')).toEqual({ ok: false, reason: nameRefused });
    expect(built.reports).toBe(0);
  });

  it('[SJ9] a PNG card whose tEXt chara holds a 50 MB name is refused, naming the chunk and the field', () => {
    const result = read(png([textChunk('chara', card({ name: huge }))]), 'huge.png');
    expect(result).toEqual({
      ok: false,
      reason: `This PNG's card cannot be read: its chara chunk: ${nameRefused}`,
    });
    expect(built.reports).toBe(0);
  });

  it('[SJ9] a CHARX whose card.json has a 10 MB name is refused, and no review is built', () => {
    // A card.json inflating past 16 MB is refused before it is read (SJ6): 10 MB is what gets this far.
    const name = 'N'.repeat(10 * 1024 * 1024);
    const zip = zipSync({ 'card.json': enc.encode(card({ name })) });
    expect(read(zip, 'huge.charx')).toEqual({
      ok: false,
      reason: `This CHARX's card.json is ${nameRefused.replace(String(FIFTY_MB), String(name.length))}`,
    });
    expect(built.reports).toBe(0);
  });

  it('[SJ9] an alternate greeting over the prose limit, or a 50 MB spec, is refused naming it, in the reader’s language', () => {
    const greeting = read(
      enc.encode(card({ alternate_greetings: ['Hi.', 'x'.repeat(MAX_CARD_PROSE_CHARS + 1)] })),
      'g.json',
      'zh',
    );
    expect(greeting).toEqual({
      ok: false,
      reason: `角色卡的 data.alternate_greetings[1] 有 ${MAX_CARD_PROSE_CHARS + 1} 个字符，超过了角色卡这一项最多允许的 ${MAX_CARD_PROSE_CHARS} 个字符：请缩短后再导入`,
    });
    const spec = read(enc.encode(JSON.stringify({ spec: huge, name: 'Ilse' })), 's.json');
    expect(spec.ok === false && spec.reason).toMatch(
      /^a card whose spec has 52428800 characters, over the 1000 this field/,
    );
    expect(built.reports).toBe(0);
  });

  it('[SJ9] a card with a 100 000-character description and long greetings still reads', () => {
    const long = 'She keeps the lamp. '.repeat(5_000);
    const result = read(
      enc.encode(card({ description: long, first_mes: long, alternate_greetings: [long, long] })),
      'real.json',
    );
    expect(result.ok && result.kind === 'character' && result.report.descriptionLength).toBe(long.length);
    expect(built.reports).toBe(1);
  });

  it('[SJ9] a spec that is a long list is quoted cut short in its warning', () => {
    const result = read(
      enc.encode(JSON.stringify({ spec: Array(100_000).fill(1), name: 'Ilse' })),
      'odd.json',
    );
    const warning = result.ok ? result.report.warnings.find((w) => w.startsWith('spec ')) : undefined;
    expect(warning).toMatch(/^spec \[1,1,.*…/);
    expect(warning!.length).toBeLessThan(1_100);
  });
});
