// WebP (RIFF) cards: no spec says where a card goes in a WebP, so the places tools use are read:
// an XMP chunk's `chara`/`ccv3` property, and the EXIF chunk's UserComment or ImageDescription.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import { MAX_ENTRY_BYTES } from '../inflate-limits.ts';
import { latin1Decode, startsWith, utf8Decode } from '../text-bytes.ts';

const RIFF = [0x52, 0x49, 0x46, 0x46] as const;
const WEBP = [0x57, 0x45, 0x42, 0x50] as const;
const RIFF_HEADER = 12;
const CHUNK_HEADER = 8;
const TAG = { imageDescription: 0x010e, exifIfd: 0x8769, userComment: 0x9286 } as const;
/** Bytes per value of the TIFF field types that can hold text or an offset. */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 7: 1 };
const EXIF_PREFIX = [0x45, 0x78, 0x69, 0x66, 0, 0] as const; // "Exif\0\0", written by some tools

export const isWebp = (bytes: Uint8Array): boolean => startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8);

export interface WebpText {
  /** Where it was found, for notes and reasons (in the person's language). */
  where: string;
  keyword: 'ccv3' | 'chara' | null;
  text: string;
  bytes: Uint8Array;
}

/** The RIFF chunks of a WebP by FourCC (the first of each). */
export function readWebpChunks(bytes: Uint8Array): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const chunks = new Map<string, Uint8Array>();
  let at = RIFF_HEADER;
  while (at + CHUNK_HEADER <= bytes.length) {
    const type = latin1Decode(bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const start = at + CHUNK_HEADER;
    if (start + size > bytes.length) break;
    if (!chunks.has(type)) chunks.set(type, bytes.subarray(start, start + size));
    at = start + size + (size % 2); // chunks are padded to an even size
  }
  return chunks;
}

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&apos;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};
const unescapeXml = (s: string): string => s.replace(/&(quot|apos|lt|gt|amp);/g, (m) => ENTITIES[m] ?? m);

const KEYWORDS = ['ccv3', 'chara'] as const;
const isNameChar = (c: string | undefined): boolean => c !== undefined && /[\w-]/.test(c);

/** Where `keyword` at `at` of `lower` starts a local name: after `<`, `</`, `prefix:` or a space. */
function localNameStart(lower: string, at: number): number {
  let start = at;
  if (lower[start - 1] === ':') {
    start--;
    while (isNameChar(lower[start - 1])) start--;
  }
  return isNameChar(lower[start - 1]) ? -1 : start;
}

/**
 * Every `keyword="…"` attribute and `<keyword>…</keyword>` element (any prefix, any case) of the XMP,
 * found with indexOf in one pass per keyword: a regular expression here backtracked quadratically on
 * a crafted 240 KB file (43 s, issue 39). Elements never overlap, as a global match's did not.
 */
function xmpValues(xml: string): Array<{ keyword: (typeof KEYWORDS)[number]; value: string }> {
  const lower = xml.toLowerCase();
  const found: Array<{ keyword: (typeof KEYWORDS)[number]; value: string; at: number; element: boolean }> =
    [];
  for (const keyword of KEYWORDS) {
    let closeFrom = 0;
    let elementsLeft = true;
    for (let at = lower.indexOf(keyword); at >= 0; at = lower.indexOf(keyword, at + 1)) {
      const start = localNameStart(lower, at);
      if (start < 0) continue;
      let after = at + keyword.length;
      if (lower[start - 1] === '<' && lower[after] === '>' && elementsLeft && at >= closeFrom) {
        const close = closingTag(lower, keyword, after + 1);
        if (close === null) elementsLeft = false;
        else {
          found.push({ keyword, value: xml.slice(after + 1, close.start), at, element: true });
          closeFrom = close.end;
        }
        continue;
      }
      while (/\s/.test(lower[after] ?? '')) after++;
      if (lower[after] !== '=') continue;
      after++;
      while (/\s/.test(lower[after] ?? '')) after++;
      if (lower[after] !== '"') continue;
      const end = lower.indexOf('"', after + 1);
      if (end < 0) break; // no closing quote anywhere after: no later attribute has one either
      found.push({ keyword, value: xml.slice(after + 1, end), at, element: false });
    }
  }
  // As before: every attribute (in file order, ccv3's then chara's), then every element.
  const order = (f: (typeof found)[number]) => (f.element ? 1 : 0);
  return found.sort((a, b) => order(a) - order(b));
}

/** The first `</keyword>` or `</prefix:keyword>` from `from`: where it starts and ends. */
function closingTag(lower: string, keyword: string, from: number): { start: number; end: number } | null {
  for (let at = lower.indexOf(`${keyword}>`, from); at >= 0; at = lower.indexOf(`${keyword}>`, at + 1)) {
    const start = localNameStart(lower, at);
    if (start >= 2 && lower.startsWith('</', start - 2))
      return { start: start - 2, end: at + keyword.length + 1 };
  }
  return null;
}

function xmpTexts(xmp: Uint8Array, language: Language): WebpText[] {
  // An XMP larger than any card's text is not scanned at all.
  if (xmp.length > MAX_ENTRY_BYTES) return [];
  return xmpValues(utf8Decode(xmp)).map(({ keyword, value }) => {
    const text = unescapeXml(value).trim();
    return {
      where: tr(language, 'the XMP {keyword} property', { keyword }),
      keyword,
      text,
      bytes: new TextEncoder().encode(text),
    };
  });
}

/** The text without its trailing NULs, by a loop: `/\0+$/` backtracks quadratically on inner NUL runs. */
const trimNuls = (text: string): string => {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 0) end--;
  return text.slice(0, end);
};

function decodeUserComment(value: Uint8Array, littleEndian: boolean): string {
  const code = trimNuls(latin1Decode(value.subarray(0, 8)));
  const body = value.subarray(8);
  if (code === 'UNICODE') return new TextDecoder(littleEndian ? 'utf-16le' : 'utf-16be').decode(body);
  return code === 'ASCII' ? latin1Decode(body) : utf8Decode(body);
}

/** ImageDescription and UserComment of an EXIF chunk (a TIFF structure), when present. */
function exifTexts(exif: Uint8Array, language: Language): WebpText[] {
  const tiff = startsWith(exif, EXIF_PREFIX) ? exif.subarray(EXIF_PREFIX.length) : exif;
  if (tiff.length < 8) return [];
  const view = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const order = latin1Decode(tiff.subarray(0, 2));
  if (order !== 'II' && order !== 'MM') return [];
  const le = order === 'II';
  const found: WebpText[] = [];
  const readIfd = (offset: number, depth: number): void => {
    if (offset + 2 > tiff.length || depth > 1) return;
    const count = view.getUint16(offset, le);
    for (let i = 0; i < count; i++) {
      const entry = offset + 2 + i * 12;
      if (entry + 12 > tiff.length) return;
      const tag = view.getUint16(entry, le);
      const size = (TYPE_SIZE[view.getUint16(entry + 2, le)] ?? 0) * view.getUint32(entry + 4, le);
      const start = size <= 4 ? entry + 8 : view.getUint32(entry + 8, le);
      if (tag === TAG.exifIfd) readIfd(view.getUint32(entry + 8, le), depth + 1);
      if ((tag !== TAG.imageDescription && tag !== TAG.userComment) || start + size > tiff.length) continue;
      const value = tiff.subarray(start, start + size);
      const text = trimNuls(tag === TAG.userComment ? decodeUserComment(value, le) : utf8Decode(value));
      const where =
        tag === TAG.userComment
          ? tr(language, 'the EXIF UserComment')
          : tr(language, 'the EXIF ImageDescription');
      found.push({ where, keyword: null, text: text.trim(), bytes: new TextEncoder().encode(text.trim()) });
    }
  };
  readIfd(view.getUint32(4, le), 0);
  return found;
}

/** Every text of a WebP that may hold a card, ccv3 first, then chara, then unnamed EXIF texts. */
export function webpCardTexts(bytes: Uint8Array, language: Language = 'en'): WebpText[] {
  const chunks = readWebpChunks(bytes);
  const xmp = chunks.get('XMP ');
  const exif = chunks.get('EXIF');
  const all = [...(xmp ? xmpTexts(xmp, language) : []), ...(exif ? exifTexts(exif, language) : [])];
  const rank = (t: WebpText) => (t.keyword === 'ccv3' ? 0 : t.keyword === 'chara' ? 1 : 2);
  return all.filter((t) => t.text !== '').sort((a, b) => rank(a) - rank(b));
}
