// A character card's JSON → the intermediate form, from whatever shape it came in: V1 (fields at the
// top), Pygmalion/oobabooga (char_name…), V2 and V3 (`data`, with or without the V1 mirror), and the
// mixtures real files are (V2 fields flattened with no spec, V2 declared over V3 data).
import { cardSchema, type Card } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import { nameList } from '../../i18n/lists.ts';
import type { CardSpec, ImportedCharacter } from '../intermediate.ts';
import { createNoteTaker, type ImportNotes, type NoteTaker } from '../card-notes.ts';
import { cardBookToLoreBook } from './card-book.ts';
import { readCardDate } from './card-dates.ts';
import {
  CARD_FIELDS,
  PLAIN_FIELDS,
  PROSE_FIELDS,
  V2_ONLY,
  V2_REQUIRED,
  V3_ONLY,
  V3_REQUIRED,
  readAssets,
  readGreetings,
  readPlain,
  readProse,
  readTags,
} from './card-fields.ts';
import { isRecord } from '../lenient.ts';
import { cardTooLong, quoted } from './card-limits.ts';

export type CardReadResult =
  { ok: true; character: ImportedCharacter; notes: ImportNotes } | { ok: false; reason: string };

const SPECS: Record<string, CardSpec> = { chara_card_v2: 'v2', chara_card_v3: 'v3' };

/** Pygmalion/oobabooga names → the V2 names (SillyTavern reads char_persona as the description). */
const PYGMALION = {
  char_name: 'name',
  char_persona: 'description',
  char_greeting: 'first_mes',
  world_scenario: 'scenario',
  example_dialogue: 'mes_example',
} as const;

/** SillyTavern's own bookkeeping beside a card's fields: not card data. */
const ST_INTERNAL = ['avatar', 'chat', 'json_data', 'date_added', 'chat_size', 'date_last_chat', 'data_size'];

/** The V1 fields V2 and V3 cards repeat at the top for old readers, and SillyTavern's date. */
const MIRROR = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example', 'create_date'];

/** The declared spec, and the data the fields are read from. */
function shape(
  json: Record<string, unknown>,
  notes: NoteTaker,
): { spec: CardSpec; data: Record<string, unknown> } {
  const { language } = notes;
  const declared = typeof json.spec === 'string' ? SPECS[json.spec] : undefined;
  if (json.spec !== undefined && declared === undefined) {
    notes.warn(
      tr(language, 'spec {spec} is not a card spec Rashomon knows: read by its fields', {
        spec: quoted(json.spec),
      }),
    );
  }
  const spec = declared ?? 'v1';
  if (isRecord(json.data)) {
    if (json.spec === undefined)
      notes.warn(tr(language, 'no spec declared, but the fields are in data: read as V2'));
    // The V1 mirror at the top fills what data lacks; SillyTavern's other top-level fields are its own.
    const data: Record<string, unknown> = { ...json.data };
    for (const k of MIRROR) if (data[k] === undefined && json[k] !== undefined) data[k] = json[k];
    return { spec, data };
  }
  const { spec: _spec, spec_version: _version, data: _data, ...data } = json;
  if (spec !== 'v1')
    notes.warn(
      tr(language, 'declares {spec} but has no data object: read from the top level', {
        spec: String(json.spec),
      }),
    );
  else if (V2_ONLY.some((k) => data[k] !== undefined))
    notes.warn(tr(language, 'V2 fields at the top level with no spec: read as V2'));
  const internal = ST_INTERNAL.filter((k) => data[k] !== undefined);
  for (const k of internal) delete data[k];
  if (internal.length > 0)
    notes.drop(
      tr(language, "SillyTavern's own fields ({fields}): not card data", {
        fields: nameList(language, internal),
      }),
    );
  return { spec, data };
}

function fromPygmalion(data: Record<string, unknown>, notes: NoteTaker): void {
  const found = Object.keys(PYGMALION).filter((k) => data[k] !== undefined) as (keyof typeof PYGMALION)[];
  for (const k of found) {
    if (data[PYGMALION[k]] === undefined) data[PYGMALION[k]] = data[k];
    delete data[k];
  }
  if (found.length > 0) {
    const fields = nameList(
      notes.language,
      found.map((k) => `${k} → ${PYGMALION[k]}`),
    );
    notes.convert(tr(notes.language, 'Pygmalion fields → card fields ({fields})', { fields }));
  }
}

function checkFields(spec: CardSpec, data: Record<string, unknown>, notes: NoteTaker): void {
  const { language } = notes;
  const v3 = V3_ONLY.filter((k) => data[k] !== undefined);
  if (spec === 'v2' && v3.length > 0)
    notes.warn(
      tr(language, 'declares chara_card_v2 but holds V3 fields ({fields}): read as V3', {
        fields: nameList(language, v3),
      }),
    );
  const required = spec === 'v3' ? V3_REQUIRED : spec === 'v2' ? V2_REQUIRED : [];
  const missing = required.filter((k) => data[k] === undefined || data[k] === null);
  if (missing.length > 0)
    notes.warn(
      tr(language, 'a {spec} card without {fields}: read as empty', {
        spec: spec.toUpperCase(),
        fields: nameList(language, missing),
      }),
    );
}

/** creation_date and modification_date as whole Unix seconds (SillyTavern's create_date too). */
function normaliseDates(data: Record<string, unknown>, notes: NoteTaker): void {
  const { language } = notes;
  if (data.creation_date === undefined && data.create_date !== undefined) {
    const read = readCardDate(data.create_date, language);
    if (read) {
      data.creation_date = read.seconds;
      notes.convert(
        read.how
          ? tr(language, 'create_date (SillyTavern, {how}) → creation_date in seconds', { how: read.how })
          : tr(language, 'create_date (SillyTavern) → creation_date in seconds'),
      );
    }
  }
  delete data.create_date;
  for (const field of ['creation_date', 'modification_date'] as const) {
    if (data[field] === undefined || data[field] === null) continue;
    const read = readCardDate(data[field], language);
    if (read === null) {
      notes.drop(tr(language, '{field} {value}: not a date', { field, value: quoted(data[field]) }));
      delete data[field];
    } else if (read.how !== null) {
      data[field] = read.seconds;
      notes.convert(tr(language, '{field}: {how} → seconds', { field, how: read.how }));
    }
  }
}

const fileStem = (fileName: string): string =>
  fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .trim();

/**
 * A card's JSON read into the intermediate form, or why it is not a card. `fileName` names a
 * character whose card gives an empty name; `taker` may already hold the container's notes, and its
 * language words the notes and the refusal.
 */
export function readCardJson(
  json: unknown,
  fileName = '',
  taker: NoteTaker = createNoteTaker(),
): CardReadResult {
  if (!isRecord(json)) {
    return {
      ok: false,
      reason: Array.isArray(json)
        ? tr(taker.language, 'a JSON file, but not a character card: it is a list')
        : tr(taker.language, 'a JSON file, but not a character card: it is not an object'),
    };
  }
  const hasName = [json.name, json.char_name, isRecord(json.data) ? json.data.name : undefined].some(
    (n) => n !== undefined && n !== null,
  );
  if (!hasName)
    return {
      ok: false,
      reason: tr(
        taker.language,
        'a JSON file, but not a character card: it has none of name, char_name, data.name',
      ),
    };
  // Before anything is read or noted: the review would show such a text (SJ9).
  const tooLong = cardTooLong(json, taker);
  if (tooLong !== null) return { ok: false, reason: tooLong };
  const { spec, data } = shape(json, taker);
  fromPygmalion(data, taker);
  checkFields(spec, data, taker);
  normaliseDates(data, taker);

  let name = readPlain(data.name, 'name', taker);
  if (name === '') {
    name = fileStem(fileName) || tr(taker.language, 'Unnamed');
    taker.warn(tr(taker.language, 'the card\'s name is empty: named "{name}" after the file', { name }));
  }
  const card: Card = {};
  for (const [key, field] of Object.entries(CARD_FIELDS)) {
    const text = readProse(data[key], key, taker);
    if (text !== '') card[field] = text;
  }
  const prose = Object.fromEntries(
    Object.entries(PROSE_FIELDS).map(([key, field]) => [field, readProse(data[key], key, taker)]),
  ) as Record<(typeof PROSE_FIELDS)[keyof typeof PROSE_FIELDS], string>;
  const plain = Object.fromEntries(
    Object.entries(PLAIN_FIELDS).map(([key, field]) => [field, readPlain(data[key], key, taker)]),
  ) as Record<(typeof PLAIN_FIELDS)[keyof typeof PLAIN_FIELDS], string>;

  const character: ImportedCharacter = {
    name,
    card: cardSchema.parse(card),
    alternateGreetings: readGreetings(data.alternate_greetings, 'alternate_greetings', taker),
    ...prose,
    tags: readTags(data.tags, taker),
    ...plain,
    book: cardBookToLoreBook(data.character_book, name, taker),
    avatar: null,
    assets: readAssets(data.assets, taker),
    spec,
    data,
  };
  return { ok: true, character, notes: taker.notes };
}
