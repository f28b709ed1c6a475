// PNG text chunks: reading tEXt (Latin-1), zTXt (zlib-compressed Latin-1) and iTXt (UTF-8, maybe
// compressed), and writing a PNG whose card chunks (`ccv3`, `chara`) are replaced, before IEND.
import { unzlibSync, zlibSync } from 'fflate';
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { assemblePng, pngChunk, readPngChunks, type PngChunk } from './png-chunks.ts';
import { latin1Decode, latin1Encode, utf8Decode } from './text-bytes.ts';

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

/** A text chunk's keyword and text, or a reason it cannot be read (in `language`). */
export function decodeTextChunk(chunk: PngChunk, language: Language = 'en'): PngText | { problem: string } {
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
        const bytes = unzlibSync(data.subarray(end + 2));
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
        const bytes = compressed ? unzlibSync(body) : body;
        return { keyword, text: utf8Decode(bytes), bytes, chunkType: type };
      }
      default:
        return { problem: tr(language, '{type} is not a text chunk', { type }) };
    }
  } catch (e) {
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
  for (const chunk of read.chunks) {
    if (!TEXT_TYPES.has(chunk.type)) continue;
    const text = decodeTextChunk(chunk, language);
    if ('problem' in text) value.problems.push(text.problem);
    else value.texts.push(text);
  }
  return { ok: true, value };
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
