// Card files the tests make themselves (never third-party cards): PNG chunks assembled here with a
// CRC computed bit by bit (independent of the driver's table), text chunks of every kind, WebP.
import { zlibSync } from 'fflate';

const enc = new TextEncoder();
export const latin1 = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));
export const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const u32be = (n: number) => Uint8Array.of(n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
const u32le = (n: number) => Uint8Array.of(n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, n >>> 24);

/** CRC-32 one bit at a time: slow, obviously right, and not the code under test. */
export function bitwiseCrc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

export function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat(latin1(type), data);
  return concat(u32be(data.length), typed, u32be(bitwiseCrc32(typed)));
}

export const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
export const IHDR = chunk('IHDR', Uint8Array.of(0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0)); // 1×1 RGB
export const IDAT = chunk('IDAT', zlibSync(Uint8Array.of(0, 200, 30, 30))); // one red pixel
export const IEND = chunk('IEND', new Uint8Array());

/** A 1×1 PNG with `extra` chunks placed before IDAT, and `tail` ones before IEND. */
export const png = (extra: Uint8Array[] = [], tail: Uint8Array[] = []): Uint8Array =>
  concat(SIGNATURE, IHDR, ...extra, IDAT, ...tail, IEND);

export const tEXt = (keyword: string, text: string) =>
  chunk('tEXt', concat(latin1(keyword), Uint8Array.of(0), latin1(text)));
export const zTXt = (keyword: string, text: string) =>
  chunk('zTXt', concat(latin1(keyword), Uint8Array.of(0, 0), zlibSync(latin1(text))));
export const iTXt = (keyword: string, text: string, compressed: boolean) =>
  chunk(
    'iTXt',
    concat(
      latin1(keyword),
      Uint8Array.of(0, compressed ? 1 : 0, 0),
      latin1('en'),
      Uint8Array.of(0),
      enc.encode('Karte'),
      Uint8Array.of(0),
      compressed ? zlibSync(enc.encode(text)) : enc.encode(text),
    ),
  );

/** base64 of the UTF-8 JSON, as card chunks hold it (Node's Buffer is fine in a test). */
export const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');
export const jsonBytes = (value: unknown): Uint8Array => enc.encode(JSON.stringify(value));

function riffChunk(type: string, data: Uint8Array): Uint8Array {
  const pad = data.length % 2 ? Uint8Array.of(0) : new Uint8Array();
  return concat(latin1(type), u32le(data.length), data, pad);
}

/** A WebP container (its VP8L bitstream is a stand-in: only the metadata chunks are read). */
export function webp(chunks: { type: string; data: Uint8Array }[]): Uint8Array {
  const body = concat(
    latin1('WEBP'),
    riffChunk('VP8L', Uint8Array.of(0x2f, 0, 0, 0, 0)),
    ...chunks.map((c) => riffChunk(c.type, c.data)),
  );
  return concat(latin1('RIFF'), u32le(body.length), body);
}

/** A little-endian TIFF (EXIF) with UserComment in its Exif IFD, ASCII-coded. */
export function exifWithUserComment(comment: string): Uint8Array {
  const value = concat(latin1('ASCII\0\0\0'), latin1(comment));
  // Header (8) · IFD0 at 8: one entry pointing to the Exif IFD (2 + 12 + 4 = 18) · Exif IFD at 26:
  // one entry (UserComment, type 7) whose value follows at 44.
  const header = concat(latin1('II'), Uint8Array.of(42, 0), u32le(8));
  const entry = (tag: number, type: number, count: number, value: number) =>
    concat(Uint8Array.of(tag & 0xff, tag >> 8, type, 0), u32le(count), u32le(value));
  const ifd0 = concat(Uint8Array.of(1, 0), entry(0x8769, 4, 1, 26), u32le(0));
  const exifIfd = concat(Uint8Array.of(1, 0), entry(0x9286, 7, value.length, 44), u32le(0));
  return concat(header, ifd0, exifIfd, value);
}
