// PNG cards: every chunk read (tEXt, zTXt, iTXt compressed or not), wherever it sits; ccv3 over
// chara; the writer's chunks and CRCs checked against a CRC computed here bit by bit.
import { describe, expect, it } from 'vitest';
import { crc32 } from '../../src/driver/import/card/crc32.ts';
import { readPngChunks } from '../../src/driver/import/card/png-chunks.ts';
import { onePixelPng, readPngTexts, withPngTexts } from '../../src/driver/import/card/png-text.ts';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import {
  IDAT,
  IEND,
  IHDR,
  SIGNATURE,
  b64,
  bitwiseCrc32,
  concat,
  iTXt,
  latin1,
  png,
  tEXt,
  zTXt,
} from '../support/card-files.ts';

const card = (name: string) => ({
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: { name, description: `${name}.` },
});

function read(bytes: Uint8Array) {
  const result = readCardFile(bytes, 'card.png');
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('[K2] PNG text chunks', () => {
  it('reads a PNG assembled byte for byte here, the card chunk before IDAT', () => {
    const payload = b64({ name: 'Hand' });
    const data = concat(latin1('chara'), Uint8Array.of(0), latin1(payload));
    const typed = concat(latin1('tEXt'), data);
    const length = data.length;
    const crc = bitwiseCrc32(typed);
    const bytes = concat(
      Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
      IHDR,
      Uint8Array.of(0, 0, 0, length),
      typed,
      Uint8Array.of(crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff),
      IDAT,
      IEND,
    );
    const chunks = readPngChunks(bytes);
    expect(chunks.ok && chunks.chunks.map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'IDAT', 'IEND']);
    const { character, report } = read(bytes);
    expect(character.name).toBe('Hand');
    expect(report.spec).toBe('v1');
  });

  it('reads tEXt, zTXt and iTXt, compressed and not, with their keywords and UTF-8', () => {
    const bytes = png(
      [tEXt('Comment', 'caf\u00e9'), zTXt('Title', 'zipped text'), iTXt('Author', 'Zoë 夜市', false)],
      [iTXt('Description', 'Ünïcode, compressed', true)],
    );
    const texts = readPngTexts(bytes);
    expect(texts.ok && texts.value.texts.map((t) => [t.chunkType, t.keyword, t.text])).toEqual([
      ['tEXt', 'Comment', 'café'],
      ['zTXt', 'Title', 'zipped text'],
      ['iTXt', 'Author', 'Zoë 夜市'],
      ['iTXt', 'Description', 'Ünïcode, compressed'],
    ]);
    expect(texts.ok && texts.value.problems).toEqual([]);
  });

  it.each([
    ['tEXt', tEXt('chara', b64(card('Plain')))],
    ['zTXt', zTXt('chara', b64(card('Zipped')))],
    ['iTXt uncompressed', iTXt('chara', b64(card('Intl')), false)],
    ['iTXt compressed', iTXt('chara', b64(card('Packed')), true)],
    ['a keyword in capitals', tEXt('CHARA', b64(card('Caps')))],
  ])('reads a card from %s', (_, chunk) => {
    const { character } = read(png([chunk]));
    expect(character.card.description).toBe(`${character.name}.`);
  });

  it('prefers ccv3 over chara whichever comes first, and finds chunks after IDAT and after IEND', () => {
    const v3 = { spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'Three' } };
    expect(read(png([tEXt('chara', b64(card('Two'))), tEXt('ccv3', b64(v3))])).character.name).toBe('Three');
    expect(read(png([], [tEXt('ccv3', b64(v3))])).character.name).toBe('Three');
    const { character, report } = read(concat(png([tEXt('chara', b64(card('Two')))]), tEXt('ccv3', b64(v3))));
    expect(character.name).toBe('Three');
    expect(report.spec).toBe('v3');
  });

  it('falls back to chara when ccv3 cannot be read, and says so', () => {
    const { character, report } = read(
      png([tEXt('ccv3', '!!!not base64!!!'), tEXt('chara', b64(card('Two')))]),
    );
    expect(character.name).toBe('Two');
    expect(report.warnings).toContain(
      'its ccv3 chunk is neither base64 nor JSON: read its chara chunk instead',
    );
  });

  it('reads a chunk holding JSON itself (UTF-8 in tEXt) and base64 with line breaks and no padding', () => {
    const raw = new TextEncoder().encode(JSON.stringify(card('Zoë')));
    const jsonChunk = (() => {
      const data = concat(latin1('chara'), Uint8Array.of(0), raw);
      const typed = concat(latin1('tEXt'), data);
      const crc = bitwiseCrc32(typed);
      return concat(
        Uint8Array.of(0, 0, data.length >> 8, data.length & 0xff),
        typed,
        Uint8Array.of(crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff),
      );
    })();
    const json = read(png([jsonChunk]));
    expect(json.character.name).toBe('Zoë');
    expect(json.report.warnings).toContain('its chara chunk holds JSON, not base64: read as it is');
    const wrapped = b64(card('Wrapped'))
      .replace(/=+$/, '')
      .replace(/(.{20})/g, '$1\n');
    expect(read(png([tEXt('chara', wrapped)])).character.name).toBe('Wrapped');
  });

  it('reads the card of a truncated PNG when it comes before the break, and says where the file broke', () => {
    const whole = png([tEXt('chara', b64({ name: 'Cut', description: 'Cut short.' }))]);
    const { character, report } = read(whole.subarray(0, whole.length - 20));
    expect(character.name).toBe('Cut');
    const idatAt = whole.length - IEND.length - IDAT.length;
    expect(report.warnings).toEqual([`PNG: a truncated or broken chunk at byte ${idatAt}`]);
  });

  it('keeps the image as the avatar, without its card chunks', () => {
    const image = png([tEXt('Software', 'tests')]);
    const bytes = png([tEXt('Software', 'tests'), tEXt('chara', b64(card('Av')))]);
    const { character } = read(bytes);
    expect(character.avatar).toEqual({ mime: 'image/png', bytes: image });
  });

  it('reads V3 PNG assets stored as chara-ext-asset_:N chunks', () => {
    const v3 = {
      spec: 'chara_card_v3',
      data: { name: 'Assets', assets: [{ type: 'emotion', uri: '__asset:0', name: 'smile', ext: 'png' }] },
    };
    const { character } = read(
      png([tEXt('ccv3', b64(v3)), tEXt('chara-ext-asset_:0', Buffer.from([1, 2, 3]).toString('base64'))]),
    );
    expect(character.assets).toEqual([
      { type: 'emotion', uri: '__asset:0', name: 'smile', ext: 'png', bytes: Uint8Array.of(1, 2, 3) },
    ]);
  });
});

describe('[K6] writing PNG text chunks', () => {
  it('computes the CRC-32 of PNG and zip (the check value of "123456789" is CBF43926)', () => {
    expect(crc32(latin1('123456789'))).toBe(0xcbf43926);
    expect(crc32(latin1('IEND'))).toBe(bitwiseCrc32(latin1('IEND')));
  });

  it('replaces the card chunks before IEND, keeps every other chunk byte for byte, writes valid CRCs', () => {
    const original = png([tEXt('chara', 'old'), tEXt('Software', 'tests')], [tEXt('ccv3', 'older')]);
    const written = withPngTexts(original, [
      { keyword: 'chara', text: 'new-two' },
      { keyword: 'ccv3', text: 'new-three' },
    ]);
    if (!written.ok) throw new Error(written.reason);
    expect(written.bytes).toEqual(
      concat(
        SIGNATURE,
        IHDR,
        tEXt('Software', 'tests'),
        IDAT,
        tEXt('chara', 'new-two'),
        tEXt('ccv3', 'new-three'),
        IEND,
      ),
    );
  });

  it('makes a 1×1 PNG whose chunks carry correct CRCs', () => {
    const chunks = readPngChunks(onePixelPng());
    if (!chunks.ok) throw new Error(chunks.reason);
    expect(chunks.chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    for (const c of chunks.chunks) {
      const stored = new DataView(c.raw.buffer, c.raw.byteOffset).getUint32(c.raw.length - 4);
      expect(stored).toBe(bitwiseCrc32(c.raw.subarray(4, c.raw.length - 4)));
    }
  });

  it('refuses to write into what is not a PNG, or a truncated one', () => {
    expect(withPngTexts(latin1('GIF89a....'), [{ keyword: 'chara', text: 'x' }])).toEqual({
      ok: false,
      reason: 'not a PNG: the file does not start with the PNG signature',
    });
    const truncated = png().subarray(0, 40);
    expect(withPngTexts(truncated, [{ keyword: 'chara', text: 'x' }])).toEqual({
      ok: false,
      reason: 'a broken PNG: a truncated chunk at byte 33',
    });
  });
});
