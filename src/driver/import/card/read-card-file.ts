// One entry point for a character card file, whatever it is: the content says (PNG, CHARX zip,
// WebP or JSON), never the extension. Each refusal is one line saying exactly what is wrong, and it
// and every note are said in the person's language.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import type { ImportReport, ImportedCharacter } from '../intermediate.ts';
import { createNoteTaker, type NoteTaker } from '../card-notes.ts';
import { readCardJson } from './card-read.ts';
import { characterReport } from './card-report.ts';
import { parseJsonText, readCardPayload } from './card-payload.ts';
import { isZip, readCharx, withCharxAssets } from './charx.ts';
import { isPng } from './png-chunks.ts';
import { readPngTexts, withPngTexts, type PngText } from './png-text.ts';
import { isWebp, webpCardTexts } from './webp-chunks.ts';
import { RISU_ASSET_CHUNK, RISU_ASSET_URI, readRisuExtras } from './risu-card.ts';
import { noteVariableSystem } from './card-variables.ts';
import { base64Decode, startsWith, utf8Decode } from '../text-bytes.ts';

export type ReadCardFileResult =
  { ok: true; character: ImportedCharacter; report: ImportReport } | { ok: false; reason: string };
type Read = { ok: true; character: ImportedCharacter } | { ok: false; reason: string };

const JPEG = [0xff, 0xd8, 0xff] as const;
const CARD_KEYWORDS = ['ccv3', 'chara'] as const;
/** A text chunk of RisuAI's own that is neither a card nor an asset: named, not read. */
const RISU_KEYWORD = /risu/i;

interface Candidate {
  where: string;
  text: string;
  bytes: Uint8Array;
}

/** The first candidate that reads as a card; a later one is a fallback, said in a warning. */
function firstCard(candidates: readonly Candidate[], fileName: string, notes: NoteTaker): Read {
  const { language } = notes;
  let firstReason: string | null = null;
  for (const c of candidates) {
    const payload = readCardPayload(c.text, c.bytes, c.where, notes);
    const read = payload.ok ? readCardJson(payload.json, fileName, notes) : payload;
    if (read.ok) {
      if (firstReason !== null)
        notes.warn(tr(language, '{reason}: read {where} instead', { reason: firstReason, where: c.where }));
      return read;
    }
    // A payload's reason names where it is already; a card's says only what the JSON lacks.
    firstReason ??= payload.ok
      ? tr(language, '{where}: {reason}', { where: c.where, reason: read.reason })
      : read.reason;
  }
  return { ok: false, reason: firstReason ?? tr(language, 'no card found') };
}

/** The asset chunks by their key (`chara-ext-asset_:N` → N). */
function assetChunks(texts: readonly PngText[]): Map<string, PngText> {
  const chunks = new Map<string, PngText>();
  for (const t of texts) {
    const key = RISU_ASSET_CHUNK.exec(t.keyword)?.[1];
    if (key !== undefined && !chunks.has(key)) chunks.set(key, t);
  }
  return chunks;
}

function pngAssets(character: ImportedCharacter, chunks: ReadonlyMap<string, PngText>): ImportedCharacter {
  const assets = character.assets.map((asset) => {
    const key = RISU_ASSET_URI.exec(asset.uri)?.[1];
    const chunk = key === undefined ? undefined : chunks.get(key);
    const bytes = chunk ? base64Decode(chunk.text) : null;
    return bytes ? { ...asset, bytes } : asset;
  });
  return { ...character, assets };
}

function readPngCard(bytes: Uint8Array, fileName: string, notes: NoteTaker): Read {
  const { language } = notes;
  const read = readPngTexts(bytes, language);
  if (!read.ok) return read;
  for (const problem of read.value.problems) notes.warn(tr(language, 'PNG: {problem}', { problem }));
  const candidates = CARD_KEYWORDS.flatMap((keyword) =>
    read.value.texts
      .filter((t) => t.keyword.toLowerCase() === keyword)
      .map((t) => ({
        where: tr(language, 'its {keyword} chunk', { keyword }),
        text: t.text,
        bytes: t.bytes,
      })),
  );
  if (candidates.length === 0)
    return { ok: false, reason: tr(language, 'This PNG holds no character card (no ccv3 or chara chunk)') };
  const card = firstCard(candidates, fileName, notes);
  if (!card.ok)
    return {
      ok: false,
      reason: tr(language, "This PNG's card cannot be read: {reason}", { reason: card.reason }),
    };
  // The avatar is the image without its card chunks, so a card written from it again holds one card.
  const image = withPngTexts(bytes, [], CARD_KEYWORDS);
  const avatar = { mime: 'image/png', bytes: image.ok ? image.bytes : bytes };
  const chunks = assetChunks(read.value.texts);
  const other = read.value.texts
    .map((t) => t.keyword)
    .filter((k) => RISU_KEYWORD.test(k) && !RISU_ASSET_CHUNK.test(k));
  for (const keyword of new Set(other))
    notes.drop(tr(language, 'the PNG chunk “{keyword}”: not a card field Rashomon reads', { keyword }));
  const chunkBytes = new Map(
    [...chunks].flatMap(([key, t]) => {
      const decoded = base64Decode(t.text);
      return decoded ? [[key, decoded] as const] : [];
    }),
  );
  const character = readRisuExtras({ ...pngAssets(card.character, chunks), avatar }, notes, chunkBytes);
  return { ok: true, character };
}

function readWebpCard(bytes: Uint8Array, fileName: string, notes: NoteTaker): Read {
  const { language } = notes;
  const texts = webpCardTexts(bytes, language);
  const none = tr(language, 'This WebP holds no character card (no chara or ccv3 in its XMP or EXIF)');
  if (texts.length === 0) return { ok: false, reason: none };
  const card = firstCard(texts, fileName, notes);
  if (!card.ok) {
    // An EXIF text not named chara or ccv3 was only a guess (cameras write comments there too).
    const named = texts.some((t) => t.keyword !== null);
    const reason = tr(language, 'This WebP holds no readable character card: {reason}', {
      reason: card.reason,
    });
    return { ok: false, reason: named ? reason : none };
  }
  return { ok: true, character: { ...card.character, avatar: { mime: 'image/webp', bytes } } };
}

function readCharxCard(bytes: Uint8Array, fileName: string, notes: NoteTaker): Read {
  const { language } = notes;
  const zip = readCharx(bytes, language);
  if (!zip.ok) return zip;
  if (zip.cardPath !== 'card.json')
    notes.warn(tr(language, 'CHARX: the card is {path}, not card.json at the root', { path: zip.cardPath }));
  const json = parseJsonText(zip.cardJson, language);
  const card = json.ok ? readCardJson(json.json, fileName, notes) : json;
  if (!card.ok)
    return { ok: false, reason: tr(language, "This CHARX's card.json is {reason}", { reason: card.reason }) };
  if (card.character.spec !== 'v3')
    notes.warn(tr(language, 'CHARX: card.json declares {spec}, not V3', { spec: card.character.spec }));
  return { ok: true, character: withCharxAssets(card.character, zip.files, notes) };
}

function readJsonCard(bytes: Uint8Array, fileName: string, notes: NoteTaker): Read {
  const text = utf8Decode(bytes);
  const json = parseJsonText(text, notes.language);
  if (!json.ok) {
    const looksLikeJson = /^\uFEFF?\s*[[{]/.test(text);
    return {
      ok: false,
      reason: looksLikeJson
        ? json.reason
        : tr(notes.language, '{reason}; nor is it a PNG, WebP or CHARX file', { reason: json.reason }),
    };
  }
  return readCardJson(json.json, fileName, notes);
}

/**
 * A card file read into the intermediate form with its report, or one line saying why not; the report
 * and the refusal in `language`.
 */
export function readCardFile(
  bytes: Uint8Array,
  fileName: string,
  language: Language = 'en',
): ReadCardFileResult {
  const notes = createNoteTaker(language);
  let read: Read;
  if (isPng(bytes)) read = readPngCard(bytes, fileName, notes);
  else if (isZip(bytes)) read = readCharxCard(bytes, fileName, notes);
  else if (isWebp(bytes)) read = readWebpCard(bytes, fileName, notes);
  else if (startsWith(bytes, JPEG))
    read = { ok: false, reason: tr(language, 'a JPEG image: cards are PNG, WebP, CHARX or JSON') };
  else if (bytes.length === 0) read = { ok: false, reason: tr(language, 'an empty file') };
  else read = readJsonCard(bytes, fileName, notes);
  if (!read.ok) return read;
  // A PNG's RisuAI part was read with its asset chunks; any other container's here.
  const withRisu = isPng(bytes) ? read.character : readRisuExtras(read.character, notes);
  const rules = noteVariableSystem(withRisu.data, withRisu.book, withRisu.card.description ?? '', notes);
  const character = rules.ids.length > 0 ? { ...withRisu, variableRuleIds: rules.ids } : withRisu;
  const report = characterReport(character, notes.notes);
  return {
    ok: true,
    character,
    report: rules.names.length > 0 ? { ...report, variableRules: rules.names } : report,
  };
}
