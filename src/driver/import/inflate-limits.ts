// How much a compressed part of a card file may inflate to, and inflating it without ever holding
// more: a 1 MB CHARX inflated to a 1 GiB avatar and a 262 KB PNG's zTXt chunks to over a gigabyte
// (issue 39). Inflation is streamed in slices and stopped as soon as the output passes its cap.
import { Inflate, Unzlib } from 'fflate';

const MB = 1024 * 1024;
/** A card's JSON (CHARX card.json): the largest real cards, with their books, are a few MB. */
export const MAX_CARD_JSON_BYTES = 16 * MB;
/** Any other zip entry (an avatar, an asset image) or one PNG text chunk (base64 assets included). */
export const MAX_ENTRY_BYTES = 32 * MB;
/** All the entries of a zip, or all the text chunks of a PNG, together: the file limit (SJ3). */
export const MAX_INFLATED_TOTAL_BYTES = 64 * MB;
/** Text chunks of one PNG: a card, its V2 mirror and one chunk per embedded asset. */
export const MAX_PNG_TEXT_CHUNKS = 4_096;
/**
 * Compressed bytes given to the inflater at a time: deflate expands at most ~1032×, so one slice
 * yields at most ~16.5 MB before the cap is checked again.
 */
const SLICE = 16 * 1024;

export type Capped = { ok: true; bytes: Uint8Array } | { ok: false; over: true };

/** Chunks collected while counting; `over` once they pass `cap` (then no more are kept). */
export function createSink(cap: number) {
  const parts: Uint8Array[] = [];
  const sink = {
    size: 0,
    over: false,
    push(chunk: Uint8Array): void {
      sink.size += chunk.length;
      if (sink.size > cap) sink.over = true;
      else parts.push(chunk);
    },
    bytes(): Uint8Array {
      const out = new Uint8Array(sink.size);
      let at = 0;
      for (const p of parts) {
        out.set(p, at);
        at += p.length;
      }
      return out;
    },
  };
  return sink;
}

/**
 * `data` inflated (zlib-wrapped, as PNG's zTXt and iTXt, or raw deflate, as a zip entry), or `over`
 * as soon as the output passes `cap` bytes: the rest is never inflated. A broken stream throws.
 */
export function inflateCapped(data: Uint8Array, cap: number, format: 'zlib' | 'raw'): Capped {
  const sink = createSink(cap);
  const onData = (chunk: Uint8Array): void => sink.push(chunk);
  const inflater = format === 'zlib' ? new Unzlib(onData) : new Inflate(onData);
  for (let at = 0; at < data.length; at += SLICE) {
    inflater.push(data.subarray(at, at + SLICE), at + SLICE >= data.length);
    if (sink.over) return { ok: false, over: true };
  }
  if (data.length === 0) inflater.push(data, true);
  return { ok: true, bytes: sink.bytes() };
}

/** A size in whole MB, for refusals. */
export const inMb = (bytes: number): number => Math.round(bytes / MB);
