// A zip's entries read from its central directory with their declared sizes, and inflated one by one
// under a cap (inflate-limits.ts): a declared size over the cap refuses the zip before anything is
// inflated, and an entry that inflates past what it declared stops at the cap all the same.
import { inflateCapped } from './inflate-limits.ts';
import { latin1Decode, utf8Decode } from './text-bytes.ts';

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const EOCD_SIZE = 22;
/** The end record may be followed by a comment of at most 65 535 bytes. */
const MAX_COMMENT = 0xffff;
const ZIP64_EXTRA = 0x0001;
const U32_MAX = 0xffffffff;
const UTF8_NAME_FLAG = 0x800;
const STORED = 0;
const DEFLATE = 8;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  /** The uncompressed size the central directory declares (not trusted: inflation is capped too). */
  size: number;
  localOffset: number;
}

class ZipError extends Error {}
export const isZipError = (e: unknown): e is ZipError => e instanceof ZipError;

/** Every entry of the central directory; throws a ZipError when the zip is broken. */
export function listZip(bytes: Uint8Array): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const u64 = (at: number) => u32(at) + u32(at + 4) * 2 ** 32;
  const need = (at: number, length: number) => {
    if (at < 0 || at + length > bytes.length) throw new ZipError('a truncated zip');
  };
  let end = bytes.length - EOCD_SIZE;
  const stop = Math.max(0, end - MAX_COMMENT);
  while (end >= stop && u32(end) !== EOCD) end--;
  if (end < stop) throw new ZipError('no end of central directory');
  let count = u16(end + 10);
  let at = u32(end + 16);
  if (end >= 20 && u32(end - 20) === EOCD64_LOCATOR) {
    const z = u64(end - 12);
    need(z, 56);
    if (u32(z) === EOCD64) {
      count = u64(z + 32);
      at = u64(z + 48);
    }
  }
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    need(at, 46);
    if (u32(at) !== CENTRAL) throw new ZipError('a broken central directory');
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    need(at + 46, nameLength + extraLength);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const entry: ZipEntry = {
      name: u16(at + 8) & UTF8_NAME_FLAG ? utf8Decode(nameBytes) : latin1Decode(nameBytes),
      method: u16(at + 10),
      compressedSize: u32(at + 20),
      size: u32(at + 24),
      localOffset: u32(at + 42),
    };
    // Zip64: the fields that say U32_MAX come, in this order, from the extra field 0x0001.
    for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(x + 2)) {
      if (u16(x) !== ZIP64_EXTRA) continue;
      let f = x + 4;
      for (const key of ['size', 'compressedSize', 'localOffset'] as const) {
        if (entry[key] !== U32_MAX) continue;
        need(f, 8);
        entry[key] = u64(f);
        f += 8;
      }
    }
    entries.push(entry);
    at += 46 + nameLength + extraLength + u16(at + 32);
  }
  return entries;
}

/** One entry's bytes, or `over` once they pass `cap`; throws a ZipError when it cannot be read. */
export function readZipEntry(
  bytes: Uint8Array,
  entry: ZipEntry,
  cap: number,
): { ok: true; bytes: Uint8Array } | { ok: false; over: true } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL)
    throw new ZipError(`"${entry.name}": no local header`);
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressedSize > bytes.length) throw new ZipError(`"${entry.name}": truncated`);
  const data = bytes.subarray(start, start + entry.compressedSize);
  switch (entry.method) {
    case STORED:
      return data.length > cap ? { ok: false, over: true } : { ok: true, bytes: data.slice() };
    case DEFLATE:
      try {
        return inflateCapped(data, cap, 'raw');
      } catch (e) {
        throw new ZipError(`"${entry.name}": ${e instanceof Error ? e.message : String(e)}`);
      }
    default:
      throw new ZipError(`"${entry.name}": unknown compression ${entry.method}`);
  }
}
