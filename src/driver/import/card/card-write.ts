// A character written back as a card: V3 JSON (with the V1 fields repeated at the top for old
// readers), V2 JSON, and a PNG carrying both (`ccv3` and `chara`, base64). Values unchanged since
// import keep their original form; changed ones are written with {{char}} and {{user}} again.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import type { ImportedCharacter } from '../intermediate.ts';
import { silentNotes, type NoteTaker } from '../card-notes.ts';
import { loreBookToCardBook } from './card-book-write.ts';
import { macrosOut } from './card-text.ts';
import {
  CARD_FIELDS,
  PLAIN_FIELDS,
  PROSE_FIELDS,
  V2_REQUIRED,
  readAssets,
  readGreetings,
  readPlain,
  readProse,
  readTags,
} from './card-fields.ts';
import { jsonEqual } from '../json-equal.ts';
import { withAdditionalText } from './risu-card.ts';
import { isRecord } from '../lenient.ts';
import { isPng } from './png-chunks.ts';
import { onePixelPng, withPngTexts } from './png-text.ts';
import { base64Encode, utf8Encode } from '../text-bytes.ts';

type Json = Record<string, unknown>;
const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;
/** A CHARX asset's bytes do not travel in a PNG: the main icon is the PNG's own image there. */
const DEFAULT_ASSET_URI = 'ccdefault:';

/** The card's V3 `data`: the original with every value the character changed written anew. */
export function v3Data(character: ImportedCharacter): Json {
  const orig = character.data;
  const data: Json = { ...orig };
  /** The original is kept when it is there and still reads as what the character holds. */
  const put = <T>(
    key: string,
    current: T,
    read: (raw: unknown, notes: NoteTaker) => T,
    write: (v: T) => unknown,
  ) => {
    data[key] =
      orig[key] !== undefined && jsonEqual(read(orig[key], silentNotes()), current)
        ? orig[key]
        : write(current);
  };
  const text = (v: string) => macrosOut(v);
  put('name', character.name, (raw, n) => readPlain(raw, '', n), String);
  for (const [key, field] of Object.entries(CARD_FIELDS)) {
    // RisuAI's additional text was read after the description (K11): unchanged, it is not written there.
    const read =
      key === 'description'
        ? (raw: unknown, n: NoteTaker) => withAdditionalText(readProse(raw, '', n), orig, n)
        : (raw: unknown, n: NoteTaker) => readProse(raw, '', n);
    put(key, character.card[field] ?? '', read, text);
  }
  for (const [key, field] of Object.entries(PROSE_FIELDS)) {
    put(key, character[field], (raw, n) => readProse(raw, '', n), text);
  }
  for (const [key, field] of Object.entries(PLAIN_FIELDS)) {
    put(key, character[field], (raw, n) => readPlain(raw, '', n), String);
  }
  put('tags', character.tags, readTags, (v) => [...v]);
  put(
    'alternate_greetings',
    character.alternateGreetings,
    (raw, n) => readGreetings(raw, '', n),
    (v) => v.map(text),
  );
  if (!Array.isArray(data.group_only_greetings)) data.group_only_greetings = [];
  if (!isRecord(data.extensions)) data.extensions = {};
  if (character.book)
    data.character_book = loreBookToCardBook(character.book, orig.character_book, character.name);
  else if (isRecord(data.character_book)) delete data.character_book;
  const assets = character.assets.map(({ type, uri, name, ext }) => ({ type, uri, name, ext }));
  if (orig.assets !== undefined || assets.length > 0) put('assets', assets, readAssets, (v) => v);
  return data;
}

const mirror = (data: Json): Json => Object.fromEntries(V1_FIELDS.map((k) => [k, data[k]]));

/** `{ spec: 'chara_card_v3', spec_version: '3.0', data }`, with the V1 fields at the top. */
export function characterToV3(character: ImportedCharacter): Json {
  const data = v3Data(character);
  return { spec: 'chara_card_v3', spec_version: '3.0', ...mirror(data), data };
}

/** The V2 card of the same character: V2's fields only (what V3 adds is in the ccv3 chunk). */
export function characterToV2(character: ImportedCharacter): Json {
  const v3 = v3Data(character);
  const data: Json = {};
  for (const k of [...V2_REQUIRED, 'character_book']) if (v3[k] !== undefined) data[k] = v3[k];
  return { spec: 'chara_card_v2', spec_version: '2.0', ...mirror(v3), data };
}

const base64Json = (value: unknown): string => base64Encode(utf8Encode(JSON.stringify(value)));

/**
 * A PNG card: the avatar (a generated 1×1 image when there is none) with `ccv3` (V3) and `chara` (V2)
 * before IEND, replacing any it had. An avatar that is not a PNG is refused (in `language`): it cannot
 * carry chunks.
 */
export function characterToPng(
  character: ImportedCharacter,
  language: Language = 'en',
): { ok: true; bytes: Uint8Array } | { ok: false; reason: string } {
  const image = character.avatar?.bytes ?? onePixelPng();
  if (!isPng(image)) {
    const mime = character.avatar?.mime;
    return {
      ok: false,
      reason: mime
        ? tr(language, 'the avatar is {mime}: a PNG card needs a PNG image', { mime })
        : tr(language, 'the avatar is not a PNG: a PNG card needs a PNG image'),
    };
  }
  const inPng: ImportedCharacter = {
    ...character,
    assets: character.assets.map((a) =>
      a.type === 'icon' && a.name === 'main' && a.uri.startsWith('embeded://')
        ? { ...a, uri: DEFAULT_ASSET_URI }
        : a,
    ),
  };
  const texts = [
    { keyword: 'chara', text: base64Json(characterToV2(inPng)) },
    { keyword: 'ccv3', text: base64Json(characterToV3(inPng)) },
  ];
  return withPngTexts(
    image,
    texts,
    texts.map((t) => t.keyword),
    language,
  );
}
