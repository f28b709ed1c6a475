// The chunks of a PNG (APNG too: its frames are chunks of the same format): reading every chunk with
// where it sits, and assembling a PNG from chunks, each with its length and CRC-32.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import { crc32 } from './crc32.ts';
import { latin1Decode, latin1Encode, startsWith } from '../text-bytes.ts';

export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
/** Length, type, CRC: the bytes of a chunk around its data. */
const CHUNK_OVERHEAD = 12;

export interface PngChunk {
  type: string;
  data: Uint8Array;
  /** The chunk's own bytes (length, type, data, CRC) as they are in the file. */
  raw: Uint8Array;
}

export type PngChunksResult =
  { ok: true; chunks: PngChunk[]; problem?: string } | { ok: false; reason: string };

export const isPng = (bytes: Uint8Array): boolean => startsWith(bytes, PNG_SIGNATURE);

const u32 = (bytes: Uint8Array, at: number): number =>
  (((bytes[at] ?? 0) << 24) |
    ((bytes[at + 1] ?? 0) << 16) |
    ((bytes[at + 2] ?? 0) << 8) |
    (bytes[at + 3] ?? 0)) >>>
  0;

/**
 * Every chunk in file order. Chunks written after IEND are read as long as they parse (some tools
 * append a card there); a truncated chunk ends the reading with `problem` saying where, keeping what
 * came before it. CRCs are not checked: a wrong one says nothing about the text inside. The reason
 * and the problem are said in `language`.
 */
export function readPngChunks(bytes: Uint8Array, language: Language = 'en'): PngChunksResult {
  if (!isPng(bytes))
    return { ok: false, reason: tr(language, 'not a PNG: the file does not start with the PNG signature') };
  const chunks: PngChunk[] = [];
  let at: number = PNG_SIGNATURE.length;
  let ended = false;
  while (at < bytes.length) {
    if (bytes.length - at < CHUNK_OVERHEAD)
      return finish(chunks, ended, tr(language, 'a truncated chunk at byte {at}', { at }));
    const length = u32(bytes, at);
    const type = latin1Decode(bytes.subarray(at + 4, at + 8));
    const end = at + CHUNK_OVERHEAD + length;
    if (!/^[A-Za-z]{4}$/.test(type) || end > bytes.length) {
      return finish(chunks, ended, tr(language, 'a truncated or broken chunk at byte {at}', { at }));
    }
    chunks.push({ type, data: bytes.subarray(at + 8, at + 8 + length), raw: bytes.subarray(at, end) });
    if (type === 'IEND') ended = true;
    at = end;
  }
  return finish(chunks, ended, tr(language, 'no IEND chunk'));
}

/** Bytes after IEND that are not chunks are trailing data, not a problem of the image. */
const finish = (chunks: PngChunk[], ended: boolean, problem: string): PngChunksResult =>
  ended ? { ok: true, chunks } : { ok: true, chunks, problem };

/** One chunk's bytes: length, type, data, CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const typeBytes = latin1Encode(type);
  const out = new Uint8Array(CHUNK_OVERHEAD + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(typeBytes, 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(typeBytes, data));
  return out;
}

/** The signature followed by the chunks' bytes as given. */
export function assemblePng(chunkBytes: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(PNG_SIGNATURE.length + chunkBytes.reduce((n, c) => n + c.length, 0));
  out.set(PNG_SIGNATURE);
  let at: number = PNG_SIGNATURE.length;
  for (const c of chunkBytes) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
