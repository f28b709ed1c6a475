// Agnai's memory book (`kind: "memory"`, as Agnai and Chub export it): entries `{name, entry, keywords,
// priority, weight, enabled}` as SillyTavern-spelled entries, mapped as SillyTavern imports them: the
// name is the title, the entry the content, keywords the keys, `enabled: false` a disabled entry, and
// the weight the insertion order; entries have no position (told before the card). Agnai's priority
// (which entries its budget keeps first) has no field of its own here: reported when it is set.
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import { isRecord } from './world-info-fields.ts';
import { StPosition } from './world-info-enums.ts';

const aboutOf = (raw: Record<string, unknown>, index: number): string =>
  typeof raw.name === 'string' && raw.name.trim() ? raw.name.trim() : `#${index}`;

export function agnaiEntries(data: readonly unknown[], notes: ImportNotes): unknown[] {
  const { language } = notes;
  const out = data.map((raw, index) => {
    // Not an entry: passed on as it is, for the book's reader to leave out and report.
    if (!isRecord(raw)) return raw;
    if (typeof raw.priority === 'number' && raw.priority !== 0)
      notes.add(
        'dropped',
        tr(
          language,
          'Agnai’s priority (which entries its budget keeps first): the weight sets the order, as SillyTavern reads it',
        ),
        aboutOf(raw, index),
      );
    return {
      uid: index,
      key: raw.keywords ?? [],
      keysecondary: [],
      comment: raw.name ?? '',
      content: raw.entry ?? '',
      constant: false,
      selective: false,
      order: raw.weight ?? 0,
      position: StPosition.beforeChar,
      disable: raw.enabled === false,
    };
  });
  if (out.some(isRecord))
    notes.add(
      'converted',
      tr(
        language,
        'an Agnai memory book: name → title, entry → content, keywords → keys, weight → order, enabled → on or off; told before the card, as SillyTavern imports it',
      ),
    );
  return out;
}
