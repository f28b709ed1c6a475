// The character fields of a card's data (V2/V3 names) and how each is read into the intermediate
// form; card-write reads the original the same way, to keep it where nothing changed.
import { z } from 'zod';
import type { Card } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import type { CardAsset } from '../intermediate.ts';
import type { NoteTaker } from '../card-notes.ts';
import { cardTextIn, normaliseText } from './card-text.ts';
import { readText, readTextList } from '../lenient.ts';

/** Card prose: normalised, macros converted. */
export const CARD_FIELDS = {
  description: 'description',
  personality: 'personality',
  scenario: 'scenario',
  first_mes: 'firstMessage',
  mes_example: 'exampleDialogue',
} as const satisfies Record<string, keyof Card>;

/** More prose of the intermediate form, read like the card's. */
export const PROSE_FIELDS = {
  system_prompt: 'systemPrompt',
  post_history_instructions: 'postHistoryInstructions',
  creator_notes: 'creatorNotes',
} as const;

/** Short plain values: normalised and trimmed, macros left alone. */
export const PLAIN_FIELDS = { creator: 'creator', character_version: 'characterVersion' } as const;

/** What every V2 card's data holds (the V3 spec adds group_only_greetings). */
export const V2_REQUIRED = [
  'name',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'tags',
  'creator',
  'character_version',
  'extensions',
] as const;
export const V3_REQUIRED = [...V2_REQUIRED, 'group_only_greetings'] as const;
/** Fields only V3 defines: a card declaring V2 that holds them is V3 data. */
export const V3_ONLY = [
  'group_only_greetings',
  'assets',
  'nickname',
  'creator_notes_multilingual',
  'source',
  'creation_date',
  'modification_date',
] as const;
/** Fields only V2 and later define: a card declaring nothing that holds them is V2 data, flattened. */
export const V2_ONLY = [
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'alternate_greetings',
  'character_book',
  'creator',
  'character_version',
  'extensions',
] as const;

export const readProse = (value: unknown, field: string, notes: NoteTaker): string =>
  cardTextIn(readText(value, field, notes) ?? '', notes);

export const readPlain = (value: unknown, field: string, notes: NoteTaker): string =>
  normaliseText(readText(value, field, notes) ?? '', notes).trim();

export const readTags = (value: unknown, notes: NoteTaker): string[] =>
  (readTextList(value, 'tags', notes) ?? [])
    .map((t) => normaliseText(t, notes).trim())
    .filter((t) => t !== '');

/** Greetings: a list of prose; a single text is one greeting (never split at commas). */
export function readGreetings(value: unknown, field: string, notes: NoteTaker): string[] {
  if (typeof value === 'string') {
    notes.warn(tr(notes.language, '{field}: one text where a list belongs, read as one greeting', { field }));
    return value.trim() === '' ? [] : [cardTextIn(value, notes)];
  }
  return (readTextList(value, field, notes) ?? []).map((g) => cardTextIn(g, notes));
}

const assetSchema = z.looseObject({
  type: z.string().min(1),
  uri: z.string().min(1),
  name: z.string().catch(''),
  ext: z.string().catch(''),
});

/** A V3 card's assets: each needs a type and a uri; name and ext may be missing. */
export function readAssets(value: unknown, notes: NoteTaker): CardAsset[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    notes.warn(tr(notes.language, '{field}: not a list, ignored', { field: 'assets' }));
    return [];
  }
  return value.flatMap((item, i) => {
    const parsed = assetSchema.safeParse(item);
    if (!parsed.success) {
      notes.warn(
        tr(notes.language, '{field}: not an asset (type and uri are required), ignored', {
          field: `assets[${i}]`,
        }),
      );
      return [];
    }
    const { type, uri, name, ext } = parsed.data;
    return [{ type, uri, name, ext }];
  });
}
