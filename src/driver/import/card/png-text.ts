// PNG text chunks: reading tEXt (Latin-1), zTXt (zlib-compressed Latin-1) and iTXt (UTF-8, maybe
// compressed), and writing a PNG whose card chunks (`ccv3`, `chara`) are replaced, before IEND.
import { zlibSync } from 'fflate';
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import { assemblePng, pngChunk, readPngChunks, type PngChunk } from './png-chunks.ts';
import { latin1Decode, latin1Encode, utf8Decode } from '../text-bytes.ts';
import {
  MAX_ENTRY_BYTES,
  MAX_INFLATED_TOTAL_BYTES,
  MAX_PNG_TEXT_CHUNKS,
  inMb,
  inflateCapped,
} from '../inflate-limits.ts';

export interface PngText {
  keyword: string;
  /** The text as the chunk's encoding reads it (Latin-1 for tEXt and zTXt, UTF-8 for iTXt). */
  text: string;
  /** The text's bytes, decompressed: a tool that wrote UTF-8 JSON into a tEXt chunk can be read again. */
  bytes: Uint8Array;
  chunkType: 'tEXt' | 'zTXt' | 'iTXt';
}

const TEXT_TYPES = new Set(['tEXt', 'zTXt', 'iTXt']);
/** zlib deflate, the only compression method PNG defines. */
const METHOD_DEFLATE = 0;

const nul = (data: Uint8Array, from: number): number => data.indexOf(0, from);

/** A compressed text that inflated past its cap: it refuses the whole file (SJ6). */
class InflatedTooLarge extends Error {}

function inflateText(data: Uint8Array, cap: number): Uint8Array {
  const read = inflateCapped(data, cap, 'zlib');
  if (!read.ok) throw new InflatedTooLarge();
  return read.bytes;
}

/**
 * A text chunk's keyword and text, a reason it cannot be read, or `tooLarge` when its compressed text
 * inflates past `cap` bytes (inflation stops there).
 */
export function decodeTextChunk(
  chunk: PngChunk,
  language: Language = 'en',
  cap = MAX_ENTRY_BYTES,
): PngText | { problem: string } | { tooLarge: true } {
  const { data, type } = chunk;
  const end = nul(data, 0);
  if (end < 0) return { problem: tr(language, 'a {type} chunk without a keyword', { type }) };
  const keyword = latin1Decode(data.subarray(0, end));
  try {
    switch (type) {
      case 'tEXt': {
        const bytes = data.subarray(end + 1);
        return { keyword, text: latin1Decode(bytes), bytes, chunkType: type };
      }
      case 'zTXt': {
        if (data[end + 1] !== METHOD_DEFLATE)
          return { problem: tr(language, '{type} "{keyword}": unknown compression', { type, keyword }) };
        const bytes = inflateText(data.subarray(end + 2), cap);
        return { keyword, text: latin1Decode(bytes), bytes, chunkType: type };
      }
      case 'iTXt': {
        const compressed = data[end + 1] === 1;
        if (compressed && data[end + 2] !== METHOD_DEFLATE) {
          return { problem: tr(language, '{type} "{keyword}": unknown compression', { type, keyword }) };
        }
        const langEnd = nul(data, end + 3);
        const translatedEnd = langEnd < 0 ? -1 : nul(data, langEnd + 1);
        if (translatedEnd < 0)
          return { problem: tr(language, '{type} "{keyword}": truncated header', { type, keyword }) };
        const body = data.subarray(translatedEnd + 1);
        const bytes = compressed ? inflateText(body, cap) : body;
        return { keyword, text: utf8Decode(bytes), bytes, chunkType: type };
      }
      default:
        return { problem: tr(language, '{type} is not a text chunk', { type }) };
    }
  } catch (e) {
    if (e instanceof InflatedTooLarge) return { tooLarge: true };
    return {
      problem: tr(language, '{type} "{keyword}": its compressed text does not inflate ({error})', {
        type,
        keyword,
        error: String(e),
      }),
    };
  }
}

export interface PngTexts {
  texts: PngText[];
  /** Text chunks that could not be read, and a truncated file: said, not fatal. */
  problems: string[];
}

/** Every readable text chunk of a PNG, in file order; reasons and problems in `language`. */
export function readPngTexts(
  bytes: Uint8Array,
  language: Language = 'en',
): { ok: true; value: PngTexts } | { ok: false; reason: string } {
  const read = readPngChunks(bytes, language);
  if (!read.ok) return read;
  const value: PngTexts = { texts: [], problems: read.problem ? [read.problem] : [] };
  const textChunks = read.chunks.filter((c) => TEXT_TYPES.has(c.type));
  if (textChunks.length > MAX_PNG_TEXT_CHUNKS) {
    const reason = tr(
      language,
      'this PNG has {count} text chunks, more than the {max} any card has: it was not read.',
      {
        count: textChunks.length,
        max: MAX_PNG_TEXT_CHUNKS,
      },
    );
    return { ok: false, reason };
  }
  let left = MAX_INFLATED_TOTAL_BYTES;
  for (const chunk of textChunks) {
    const cap = Math.min(MAX_ENTRY_BYTES, left);
    const text = decodeTextChunk(chunk, language, cap);
    if ('tooLarge' in text) return { ok: false, reason: tooLarge(chunk, cap, language) };
    if ('problem' in text) value.problems.push(text.problem);
    else {
      value.texts.push(text);
      left = Math.max(0, left - text.bytes.length);
    }
  }
  return { ok: true, value };
}

/** The refusal of a PNG whose text inflates past a cap: one chunk's, or all of them together. */
function tooLarge(chunk: PngChunk, cap: number, language: Language): string {
  const end = nul(chunk.data, 0);
  const keyword = latin1Decode(chunk.data.subarray(0, end < 0 ? 0 : Math.min(end, 79)));
  return cap < MAX_ENTRY_BYTES
    ? tr(
        language,
        "this PNG's text chunks inflate to more than {max} MB together, more than any card holds: it was not read.",
        {
          max: inMb(MAX_INFLATED_TOTAL_BYTES),
        },
      )
    : tr(
        language,
        'this PNG\'s {type} chunk "{keyword}" inflates to more than {max} MB, more than any card holds: it was not read.',
        {
          type: chunk.type,
          keyword,
          max: inMb(MAX_ENTRY_BYTES),
        },
      );
}

/** The bytes of a tEXt chunk: Latin-1 keyword, NUL, Latin-1 text. */
export function textChunk(keyword: string, text: string): Uint8Array {
  const k = latin1Encode(keyword);
  const t = latin1Encode(text);
  const data = new Uint8Array(k.length + 1 + t.length);
  data.set(k);
  data.set(t, k.length + 1);
  return pngChunk('tEXt', data);
}

const keywordOf = (chunk: PngChunk): string | null => {
  if (!TEXT_TYPES.has(chunk.type)) return null;
  const end = nul(chunk.data, 0);
  return end < 0 ? null : latin1Decode(chunk.data.subarray(0, end)).toLowerCase();
};

/**
 * The PNG with every text chunk named by one of `keywords` (any case) removed, then the given tEXt
 * chunks written just before IEND; all other chunks keep their bytes. Refused when it is not a
 * complete PNG, since a card written into a broken image would not open (said in `language`).
 */
export function withPngTexts(
  png: Uint8Array,
  texts: readonly { keyword: string; text: string }[],
  removeKeywords: readonly string[] = texts.map((t) => t.keyword),
  language: Language = 'en',
): { ok: true; bytes: Uint8Array } | { ok: false; reason: string } {
  const read = readPngChunks(png, language);
  if (!read.ok) return read;
  if (read.problem)
    return { ok: false, reason: tr(language, 'a broken PNG: {problem}', { problem: read.problem }) };
  const remove = new Set(removeKeywords.map((k) => k.toLowerCase()));
  const kept = read.chunks.filter((c) => !remove.has(keywordOf(c) ?? ''));
  const iend = kept.findIndex((c) => c.type === 'IEND');
  const before = kept.slice(0, iend).map((c) => c.raw);
  const added = texts.map((t) => textChunk(t.keyword, t.text));
  return { ok: true, bytes: assemblePng([...before, ...added, ...kept.slice(iend).map((c) => c.raw)]) };
}

/** A 1×1 transparent PNG, the image of a card that has none. */
export function onePixelPng(): Uint8Array {
  const ihdr = new Uint8Array([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]); // 1×1, 8-bit RGBA
  const scanline = new Uint8Array([0, 0, 0, 0, 0]); // filter 0, one transparent pixel
  return assemblePng([
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', zlibSync(scanline)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}
