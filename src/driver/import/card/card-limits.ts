// How long a card's texts may be (issue 39): a 50 MB title took 44 s to show in the review before the
// import refused it, and a card's name is the review's heading. Checked on the card's JSON before it is
// read, so a card over a limit is refused in one line and its review is never built (SJ9).
import { tr } from '../../i18n/messages.ts';
import { MAX_NAME_CHARS, MAX_TEXT_CHARS } from '../../story-json/field-limits.ts';
import type { NoteTaker } from '../card-notes.ts';
import { isRecord } from '../lenient.ts';

/**
 * A card's name (the review's heading, every transcript line's author): a participant's bound (SJ3), so
 * a story holding the card never writes an export that refuses to import again.
 */
export const MAX_CARD_NAME_CHARS = MAX_NAME_CHARS;
/** The short values the review quotes (spec, dates, version, creator, tags, an asset's name). */
export const MAX_CARD_LABEL_CHARS = 1_000;
/**
 * A card's prose (description, greetings, examples, notes): real descriptions run to 100 000 characters;
 * the same bound as any text of a story, so a card in a story never stops its export importing (SJ3).
 */
export const MAX_CARD_PROSE_CHARS = MAX_TEXT_CHARS;

const NAMES = ['name', 'char_name'];
const LABELS = [
  'spec',
  'spec_version',
  'nickname',
  'creator',
  'character_version',
  'create_date',
  'creation_date',
  'modification_date',
];
const PROSE = [
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'system_prompt',
  'post_history_instructions',
  'creator_notes',
  // Pygmalion's names for the same prose.
  'char_persona',
  'char_greeting',
  'world_scenario',
  'example_dialogue',
];
const PROSE_LISTS = ['alternate_greetings', 'group_only_greetings'];

interface Field {
  path: string;
  value: unknown;
  max: number;
  name?: true;
}

/** The fields of one level of a card (its top, or its `data`) that have a limit. */
function fieldsOf(level: Record<string, unknown>, prefix: string): Field[] {
  const at = (key: string): string => `${prefix}${key}`;
  const list = (key: string, max: number, pick: (item: unknown) => unknown = (item) => item): Field[] => {
    const items = level[key];
    return Array.isArray(items)
      ? items.map((item, i) => ({ path: `${at(key)}[${i}]`, value: pick(item), max }))
      : [];
  };
  return [
    ...NAMES.map((key) => ({
      path: at(key),
      value: level[key],
      max: MAX_CARD_NAME_CHARS,
      name: true as const,
    })),
    ...LABELS.map((key) => ({ path: at(key), value: level[key], max: MAX_CARD_LABEL_CHARS })),
    ...PROSE.map((key) => ({ path: at(key), value: level[key], max: MAX_CARD_PROSE_CHARS })),
    ...PROSE_LISTS.flatMap((key) => list(key, MAX_CARD_PROSE_CHARS)),
    ...list('tags', MAX_CARD_LABEL_CHARS),
    ...list('assets', MAX_CARD_LABEL_CHARS, (asset) => (isRecord(asset) ? asset.name : undefined)),
  ];
}

/** Why the card's JSON is too long to review, in one line, or null: the first field over its limit. */
export function cardTooLong(json: Record<string, unknown>, notes: NoteTaker): string | null {
  const fields = [...fieldsOf(json, ''), ...(isRecord(json.data) ? fieldsOf(json.data, 'data.') : [])];
  for (const { path, value, max, name } of fields) {
    if (typeof value !== 'string' || value.length <= max) continue;
    const values = { field: path, length: value.length, max };
    return name
      ? tr(
          notes.language,
          "a card whose {field} has {length} characters, over the {max} a card's name may have: shorten it and import again",
          values,
        )
      : tr(
          notes.language,
          'a card whose {field} has {length} characters, over the {max} this field of a card may have: shorten it and import again',
          values,
        );
  }
  return null;
}

/** A value as a note quotes it: its JSON, cut to MAX_CARD_LABEL_CHARS (a spec or a date may be any JSON). */
export function quoted(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value);
  return json.length > MAX_CARD_LABEL_CHARS ? `${json.slice(0, MAX_CARD_LABEL_CHARS)}…` : json;
}
