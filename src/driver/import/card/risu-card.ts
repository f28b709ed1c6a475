// RisuAI's part of a card: what it keeps in `data.extensions.risuai` (V2 exports) and in V3 assets —
// expression pictures, more assets, voice files, regex and trigger scripts, background HTML, its
// additional text — read where Rashomon has a place for it, and named under "Left out" where not (K11).
import { tr } from '../../i18n/messages.ts';
import type { CardAsset, ImportedCharacter } from '../intermediate.ts';
import type { NoteTaker } from '../card-notes.ts';
import { cardTextIn } from './card-text.ts';
import { isRecord } from '../lenient.ts';
import { risuExpressions } from './risu-expressions.ts';

/** RisuAI's PNG assets: `chara-ext-asset_:N` (or `chara-ext-asset_N`), named by `__asset:N` URIs. */
export const RISU_ASSET_CHUNK = /^chara-ext-asset_:?(.+)$/;
export const RISU_ASSET_URI = /^__asset:(.+)$/;

const count = (v: unknown): number => (Array.isArray(v) ? v.length : isRecord(v) ? Object.keys(v).length : 0);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** `__asset:N` URIs a card names: V3 assets, and V2's `risuai.emotions`, `additionalAssets`, `vits`. */
function namedAssetKeys(assets: readonly CardAsset[], risu: Record<string, unknown>): string[] {
  const pairs = (v: unknown): unknown[] =>
    Array.isArray(v) ? v.map((p: unknown) => (Array.isArray(p) ? (p[1] as unknown) : undefined)) : [];
  const uris = [
    ...assets.map((a) => a.uri),
    ...pairs(risu.emotions),
    ...pairs(risu.additionalAssets),
    ...(isRecord(risu.vits) ? Object.values(risu.vits) : []),
  ];
  return uris.flatMap((u) => {
    const key = typeof u === 'string' ? RISU_ASSET_URI.exec(u)?.[1] : undefined;
    return key === undefined ? [] : [key];
  });
}

/**
 * The character with what RisuAI keeps that Rashomon can use (its additional text, after the
 * description), its expression pictures (to keep on this device), and a note for each thing left
 * out; `chunks` are the asset chunks a PNG carried by key (none for JSON or CHARX), so a named asset
 * the file lacks is told.
 */
export function readRisuExtras(
  character: ImportedCharacter,
  notes: NoteTaker,
  chunks: ReadonlyMap<string, Uint8Array> = new Map(),
): ImportedCharacter {
  const { language } = notes;
  const chunkKeys = [...chunks.keys()];
  const extensions = isRecord(character.data.extensions) ? character.data.extensions : {};
  const risu = isRecord(extensions.risuai) ? extensions.risuai : {};
  const ofType = (type: string) => character.assets.filter((a) => a.type === type).length;
  const chunkOf = (uri: string) => {
    const key = RISU_ASSET_URI.exec(uri)?.[1];
    return key === undefined ? undefined : chunks.get(key);
  };
  const expressions = risuExpressions(character.assets, character.data, chunkOf);
  const extraAssets = ofType('x-risu-asset') + count(risu.additionalAssets);
  if (expressions.kept.length > 0)
    notes.convert(
      tr(language, 'expression pictures ({count}) → kept on this device, shown with the character', {
        count: expressions.kept.length,
      }),
    );
  const notKept = expressions.named - expressions.kept.length;
  if (notKept > 0)
    notes.drop(
      tr(language, 'expression pictures ({count}): not in the file, not images, or over what is kept', {
        count: notKept,
      }),
    );
  if (extraAssets > 0)
    notes.drop(
      tr(language, 'RisuAI’s additional assets ({count}): no place for them', { count: extraAssets }),
    );
  const scripts = count(risu.customScripts);
  if (scripts > 0)
    notes.drop(
      tr(language, 'RisuAI regex scripts ({count}): Rashomon runs no scripts on the text', {
        count: scripts,
      }),
    );
  const triggers = count(risu.triggerscript);
  if (triggers > 0)
    notes.drop(
      tr(language, 'RisuAI trigger scripts ({count}): Rashomon runs no scripts', { count: triggers }),
    );
  const voices = count(risu.vits);
  if (voices > 0)
    notes.drop(tr(language, 'RisuAI voice files ({count}): Rashomon does not speak', { count: voices }));
  if (text(risu.backgroundHTML))
    notes.drop(tr(language, 'RisuAI’s background HTML: Rashomon shows no card HTML'));
  if (text(risu.defaultVariables))
    notes.drop(tr(language, 'RisuAI’s default variables: Rashomon keeps no variables'));

  const named = new Set(namedAssetKeys(character.assets, risu));
  const missing = [...named].filter((k) => !chunkKeys.includes(k));
  if (chunkKeys.length > 0 && missing.length > 0)
    notes.warn(
      tr(language, 'assets named but not in the file: {keys}', {
        keys: missing.map((k) => `__asset:${k}`).join(', '),
      }),
    );
  const unnamed = chunkKeys.filter((k) => !named.has(k)).length;
  if (unnamed > 0) notes.drop(tr(language, 'PNG asset chunks no field names ({count})', { count: unnamed }));

  const withExpressions =
    expressions.kept.length > 0 ? { ...character, expressions: expressions.kept } : character;
  const description = withAdditionalText(character.card.description ?? '', character.data, notes);
  if (description === (character.card.description ?? '')) return withExpressions;
  notes.convert(tr(language, 'RisuAI’s additional text → after the description'));
  return { ...withExpressions, card: { ...character.card, description } };
}

/**
 * The description with RisuAI's additional text after it (RisuAI adds the parts of it that match the
 * chat to the description; here all of it is the description): the reader's, and card-write's to
 * tell an unchanged description from an edited one.
 */
export function withAdditionalText(
  description: string,
  data: Record<string, unknown>,
  notes: NoteTaker,
): string {
  const extensions = isRecord(data.extensions) ? data.extensions : {};
  const additional = isRecord(extensions.risuai) ? text(extensions.risuai.additionalText) : '';
  if (!additional) return description;
  return [description, cardTextIn(additional, notes)].filter((s) => s.trim() !== '').join('\n\n');
}
