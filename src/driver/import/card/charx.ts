// CHARX: a zip holding `card.json` (a V3 card) and the files its assets name as `embeded://path`
// (the spec's spelling; `embedded://` is read too). Assets get their bytes; the main icon is the avatar.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import type { CardAsset, ImportedCharacter } from '../intermediate.ts';
import type { NoteTaker } from '../card-notes.ts';
import { startsWith, utf8Decode } from '../text-bytes.ts';
import { MAX_CARD_JSON_BYTES, MAX_ENTRY_BYTES, MAX_INFLATED_TOTAL_BYTES, inMb } from '../inflate-limits.ts';
import { isZipError, listZip, readZipEntry, type ZipEntry } from '../zip-entries.ts';

type Unzipped = Record<string, Uint8Array>;

export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;
const EMBEDDED = /^embedd?ed:\/\//i;
const CARD_FILE = 'card.json';

export const isZip = (bytes: Uint8Array): boolean => startsWith(bytes, ZIP_SIGNATURE);

const MIME_BY_EXT: Record<string, string> = {
  png: 'image/png',
  apng: 'image/apng',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
};

export type CharxRead =
  { ok: true; cardJson: string; cardPath: string; files: Unzipped } | { ok: false; reason: string };

const isCardPath = (p: string): boolean =>
  p.toLowerCase() === CARD_FILE || p.toLowerCase().endsWith(`/${CARD_FILE}`);

/**
 * Every entry inflated under its cap (card.json MAX_CARD_JSON_BYTES, any other MAX_ENTRY_BYTES, all
 * together MAX_INFLATED_TOTAL_BYTES): a declared size over it refuses the zip before anything is
 * inflated, an actual one as soon as the inflater passes it (SJ6).
 */
function unzipCapped(
  bytes: Uint8Array,
  language: Language,
): { ok: true; files: Unzipped } | { ok: false; reason: string } {
  const entries = listZip(bytes);
  const capOf = (e: ZipEntry) => (isCardPath(e.name) ? MAX_CARD_JSON_BYTES : MAX_ENTRY_BYTES);
  const tooLarge = (e: ZipEntry) =>
    tr(
      language,
      'the zip\'s "{name}" inflates to more than {max} MB, more than any card holds: the file was not read.',
      {
        name: e.name,
        max: inMb(capOf(e)),
      },
    );
  const tooMuch = tr(
    language,
    "the zip's files inflate to more than {max} MB together, more than any card holds: the file was not read.",
    { max: inMb(MAX_INFLATED_TOTAL_BYTES) },
  );
  const oversized = entries.find((e) => e.size > capOf(e));
  if (oversized) return { ok: false, reason: tooLarge(oversized) };
  if (entries.reduce((n, e) => n + e.size, 0) > MAX_INFLATED_TOTAL_BYTES)
    return { ok: false, reason: tooMuch };
  const files: Unzipped = {};
  let left = MAX_INFLATED_TOTAL_BYTES;
  for (const entry of entries) {
    const cap = Math.min(capOf(entry), left);
    const read = readZipEntry(bytes, entry, cap);
    if (!read.ok) return { ok: false, reason: cap < capOf(entry) ? tooMuch : tooLarge(entry) };
    files[entry.name] = read.bytes;
    left -= read.bytes.length;
  }
  return { ok: true, files };
}

/** The zip's files and its card.json's text: at the root, else the shallowest one (cardPath says which). */
export function readCharx(bytes: Uint8Array, language: Language = 'en'): CharxRead {
  let files: Unzipped;
  try {
    const read = unzipCapped(bytes, language);
    if (!read.ok) return read;
    files = read.files;
  } catch (e) {
    if (!isZipError(e)) throw e;
    return {
      ok: false,
      reason: tr(language, 'a zip file that cannot be read: {error}', { error: e.message }),
    };
  }
  const card =
    Object.keys(files)
      .filter(isCardPath)
      .sort((a, b) => a.split('/').length - b.split('/').length)[0] ?? null;
  const data = card === null ? undefined : files[card];
  if (card === null || data === undefined) {
    return { ok: false, reason: tr(language, 'a zip file, but not a CHARX: it holds no card.json') };
  }
  return { ok: true, cardJson: utf8Decode(data), cardPath: card, files };
}

/** The zip path an embeded:// uri names (leading ./ and / ignored, as tools write both). */
const pathOf = (uri: string): string => uri.replace(EMBEDDED, '').replace(/^\.?\//, '');

function lookup(files: Unzipped, path: string): Uint8Array | undefined {
  if (files[path]) return files[path];
  try {
    return files[decodeURIComponent(path)];
  } catch {
    return undefined; // a malformed %-escape names no file
  }
}

/** The main icon (type icon, name main), else the first icon. */
export const mainIcon = (assets: readonly CardAsset[]): CardAsset | undefined =>
  assets.find((a) => a.type === 'icon' && a.name === 'main') ?? assets.find((a) => a.type === 'icon');

export const mimeOf = (ext: string): string => MIME_BY_EXT[ext.toLowerCase()] ?? 'application/octet-stream';

/** The character with its embedded assets' bytes and the main icon as the avatar. */
export function withCharxAssets(
  character: ImportedCharacter,
  files: Unzipped,
  notes: NoteTaker,
): ImportedCharacter {
  const assets = character.assets.map((asset) => {
    if (!EMBEDDED.test(asset.uri)) return asset;
    const bytes = lookup(files, pathOf(asset.uri));
    if (bytes === undefined) {
      notes.warn(
        tr(notes.language, 'asset "{name}" ({uri}): not in the CHARX', { name: asset.name, uri: asset.uri }),
      );
      return asset;
    }
    return { ...asset, bytes };
  });
  const icon = mainIcon(assets);
  const avatar = icon?.bytes
    ? { mime: mimeOf(icon.ext || (icon.uri.split('.').pop() ?? '')), bytes: icon.bytes }
    : null;
  return { ...character, assets, avatar };
}
