// Cards made for a variable system (the Chinese community's MVU and its kin): SillyTavern regex
// scripts that render and strip the variables, and book entries telling the model to write variable
// updates. Rashomon runs neither, so the import says so, names the entries and leaves them out by
// default, disabled, not deleted (K12); and a card whose description is empty is told (K13).
import { tr } from '../../i18n/messages.ts';
import { nameList } from '../../i18n/lists.ts';
import type { LoreBookInput } from '../../doc/lore-book.ts';
import type { NoteTaker } from '../card-notes.ts';
import { isRecord } from '../lenient.ts';

/** What an entry of a variable system's rules holds: its macros, placeholders, update tags and calls. */
const VARIABLE_RULE_MARKS = [
  /\{\{\s*(?:format|get|set)_(?:message|chat|global)_variable::/i,
  /<StatusPlaceHolderImpl\s*\/>/i,
  /\[mvu_update\]/i,
  /<UpdateVariable>/i,
  /_\.(?:set|add|insert|remove)\(/,
  /\[InitVar\]/i,
  /\bstat_data\b/,
] as const;

export const looksLikeVariableRule = (content: string): boolean =>
  VARIABLE_RULE_MARKS.some((mark) => mark.test(content));

/** Ids and names of the book's entries that look like a variable system's rules. */
export function variableRuleEntries(book: LoreBookInput | null): { ids: string[]; names: string[] } {
  const found = (book?.entries ?? []).filter((e) => looksLikeVariableRule(e.content ?? ''));
  return {
    ids: found.map((e) => e.id),
    names: found.map((e) => (e.title ?? '').trim() || e.keys?.[0] || e.id),
  };
}

/**
 * The notes of a card made for a variable system: one naming its regex scripts and its rule entries,
 * and one for an empty description. Gives the rule entries' ids, for the import to leave out.
 */
export function noteVariableSystem(
  data: Record<string, unknown>,
  book: LoreBookInput | null,
  description: string,
  notes: NoteTaker,
): { ids: string[]; names: string[] } {
  const { language } = notes;
  const extensions = isRecord(data.extensions) ? data.extensions : {};
  const scripts = Array.isArray(extensions.regex_scripts) ? extensions.regex_scripts.length : 0;
  const rules = variableRuleEntries(book);
  const entries = nameList(language, rules.names);
  if (scripts > 0 && rules.ids.length > 0)
    notes.warn(
      tr(
        language,
        'made for a variable system: its {count} regex scripts are not run here, and entries that tell the model to write variable updates ({entries}) would reach every request as they are',
        { count: scripts, entries },
      ),
    );
  else if (rules.ids.length > 0)
    notes.warn(
      tr(
        language,
        'entries that tell the model to write variable updates ({entries}) would reach every request as they are',
        { entries },
      ),
    );
  else if (scripts > 0)
    notes.drop(
      tr(language, 'SillyTavern regex scripts ({count}): Rashomon runs no scripts on the text', {
        count: scripts,
      }),
    );
  if (description.trim() === '')
    notes.warn(
      tr(language, 'the description is empty: the model knows this character only by its other fields'),
    );
  return rules;
}

/** The book with the given entries disabled (kept, so they can be turned on in the book). */
export function withEntriesDisabled(book: LoreBookInput, ids: readonly string[]): LoreBookInput {
  if (ids.length === 0) return book;
  const off = new Set(ids);
  return {
    ...book,
    entries: (book.entries ?? []).map((e) => (off.has(e.id) ? { ...e, enabled: false } : e)),
  };
}
