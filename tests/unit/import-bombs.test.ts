// Files made to break the reader (issue 39): decompression bombs in a CHARX and in PNG text chunks,
// and XMP crafted to make a backtracking pattern quadratic. Each is refused in one line, or read, without
// ever inflating past a cap or scanning twice. Bombs are 100–200 MB: large enough that the old code
// visibly failed (an inflated avatar, a slow refusal of another kind), small enough not to hurt.
import { describe, expect, it } from 'vitest';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { inflateCapped, MAX_ENTRY_BYTES } from '../../src/driver/import/inflate-limits.ts';
import { deflateZeros, zipOf, zlibZeros } from '../support/bomb-files.ts';
import { b64, chunk, concat, jsonBytes, latin1, png, tEXt, webp } from '../support/card-files.ts';

const MB = 1024 * 1024;
const enc = new TextEncoder();
const card = {
  spec: 'chara_card_v3',
  spec_version: '3.0',
  data: {
    name: 'Bomb',
    assets: [{ type: 'icon', uri: 'embeded://assets/icon/main.png', name: 'main', ext: 'png' }],
  },
};
const reason = (bytes: Uint8Array, language: 'en' | 'zh' = 'en'): string => {
  const read = readCardFile(bytes, 'bomb', language);
  if (read.ok) throw new Error(`read, not refused (avatar of ${read.character.avatar?.bytes.length} bytes)`);
  return read.reason;
};
const charx = (avatar: Uint8Array, declaredSize: number): Uint8Array =>
  zipOf([
    { name: 'card.json', data: jsonBytes(card), method: 0, declaredSize: jsonBytes(card).length },
    { name: 'assets/icon/main.png', data: avatar, method: 8, declaredSize },
  ]);
const zTXtBomb = (keyword: string, size: number) =>
  chunk('zTXt', concat(latin1(keyword), Uint8Array.of(0, 0), zlibZeros(size)));
const iTXtBomb = (keyword: string, size: number) =>
  chunk('iTXt', concat(latin1(keyword), Uint8Array.of(0, 1, 0, 0, 0), zlibZeros(size)));

describe('[SJ6] decompression bombs', () => {
  it('[SJ6] the inflater stops at its cap: 200 MB of zeros are never held', () => {
    const { deflated } = deflateZeros(200 * MB);
    expect(inflateCapped(deflated, MAX_ENTRY_BYTES, 'raw')).toEqual({ ok: false, over: true });
    const small = deflateZeros(1 + 258 * 4);
    expect(inflateCapped(small.deflated, MAX_ENTRY_BYTES, 'raw')).toEqual({
      ok: true,
      bytes: new Uint8Array(small.size),
    });
  });

  it('[SJ6] a CHARX entry declaring 200 MB is refused before anything is inflated', () => {
    const bytes = charx(deflateZeros(200 * MB).deflated, 200 * MB);
    expect(reason(bytes)).toBe(
      'the zip\'s "assets/icon/main.png" inflates to more than 32 MB, more than any card holds: the file was not read.',
    );
    expect(reason(bytes, 'zh')).toBe(
      '压缩包中的“assets/icon/main.png”解压后超过 32 MB，任何角色卡都不会这么大：文件没有读取。',
    );
  });

  it('[SJ6] a CHARX entry declaring 1 KB that inflates to 200 MB stops at the cap', () => {
    expect(reason(charx(deflateZeros(200 * MB).deflated, 1024))).toBe(
      'the zip\'s "assets/icon/main.png" inflates to more than 32 MB, more than any card holds: the file was not read.',
    );
  });

  it('[SJ6] CHARX entries of 30 MB each are refused together past 64 MB', () => {
    const { deflated, size } = deflateZeros(30 * MB);
    const bytes = zipOf([
      { name: 'card.json', data: jsonBytes(card), method: 0, declaredSize: jsonBytes(card).length },
      ...[1, 2, 3].map((n) => ({
        name: `assets/${n}.png`,
        data: deflated,
        method: 8 as const,
        declaredSize: 10,
      })),
    ]);
    expect(size).toBeLessThan(32 * MB);
    expect(reason(bytes)).toBe(
      "the zip's files inflate to more than 64 MB together, more than any card holds: the file was not read.",
    );
  });

  it('[SJ6] a CHARX within its caps is read as before', () => {
    const icon = png();
    const read = readCardFile(
      zipOf([
        { name: 'card.json', data: jsonBytes(card), method: 0, declaredSize: jsonBytes(card).length },
        { name: 'assets/icon/main.png', data: icon, method: 0, declaredSize: icon.length },
      ]),
      'ok.charx',
    );
    expect(read.ok && read.character.avatar).toEqual({ mime: 'image/png', bytes: icon });
  });

  it('[SJ6] a PNG whose zTXt inflates to 100 MB is refused at 32 MB', () => {
    const bytes = png([zTXtBomb('chara', 100 * MB)]);
    expect(reason(bytes)).toBe(
      'this PNG\'s zTXt chunk "chara" inflates to more than 32 MB, more than any card holds: it was not read.',
    );
    expect(reason(bytes, 'zh')).toBe(
      '这个 PNG 的 zTXt 块“chara”解压后超过 32 MB，任何角色卡都不会这么大：没有读取。',
    );
  });

  it('[SJ6] a PNG whose iTXt chunks inflate to 25 MB each is refused past 64 MB together', () => {
    const bombs = [1, 2, 3].map((n) => iTXtBomb(`chara-ext-asset_:${n}`, 25 * MB));
    expect(reason(png(bombs, [tEXt('chara', b64({ name: 'Many' }))]))).toBe(
      "this PNG's text chunks inflate to more than 64 MB together, more than any card holds: it was not read.",
    );
  });

  it('[SJ6] a PNG of more than 4 096 text chunks is refused before any is read', () => {
    const many = Array.from({ length: 4_096 }, (_, i) => tEXt(`k${i}`, ''));
    expect(reason(png(many, [tEXt('chara', b64({ name: 'Many' }))]))).toBe(
      'this PNG has 4097 text chunks, more than the 4096 any card has: it was not read.',
    );
  });
});

describe('[SJ7] WebP metadata is scanned once', () => {
  // Each opening tag without a closing one made `<(ccv3|chara)>([\s\S]*?)</…>` scan to the end of the
  // XMP again: 1 MB of them took minutes. Read linearly, the card in the same XMP is found at once.
  it('[SJ7] a 1 MB XMP of unclosed <chara> tags and unquoted attributes still yields its card', () => {
    const unclosed = '<chara>'.repeat(90_000) + 'st:chara="'.repeat(20_000) + 'a'.repeat(250_000);
    const xmp = `<x:xmpmeta><rdf:Description st:ccv3="${b64({ name: 'Linear', spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'Linear' } })}"/>${unclosed}</x:xmpmeta>`;
    expect(xmp.length).toBeGreaterThan(MB);
    const read = readCardFile(webp([{ type: 'XMP ', data: enc.encode(xmp) }]), 'x.webp');
    expect(read.ok && read.character.name).toBe('Linear');
  }, 10_000);

  it('[SJ7] an EXIF text of inner NUL runs is trimmed by a loop, not a backtracking pattern', () => {
    const nuls = '\0'.repeat(300_000);
    const data = exifImageDescription(`${nuls}x${nuls}`);
    const read = readCardFile(webp([{ type: 'EXIF', data }]), 'x.webp');
    expect(read.ok).toBe(false);
  }, 10_000);
});

/** A little-endian TIFF with one ImageDescription (ASCII) entry holding `text`. */
function exifImageDescription(text: string): Uint8Array {
  const value = latin1(text);
  const tiff = new Uint8Array(8 + 2 + 12 + 4 + value.length);
  const view = new DataView(tiff.buffer);
  tiff.set(latin1('II'));
  view.setUint16(2, 42, true);
  view.setUint32(4, 8, true);
  view.setUint16(8, 1, true);
  view.setUint16(10, 0x010e, true);
  view.setUint16(12, 2, true);
  view.setUint32(14, value.length, true);
  view.setUint32(18, 26, true);
  tiff.set(value, 26);
  return tiff;
}
