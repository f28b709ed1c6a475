// RisuAI's lorebook entries (its export `{ type: 'risu', data: [...] }`, or a module's `lorebook`) as
// SillyTavern-spelled entries, mapped as SillyTavern imports them: keys are one comma-separated text,
// `alwaysActive` or mode `constant` is constant, and entries have no position (told before the card).
// A folder is a pseudo-entry: left out, its entries come in.
import { tr } from '../../i18n/messages.ts';
import type { ImportNotes } from '../import-notes.ts';
import { isRecord } from './world-info-fields.ts';
import { StPosition } from './world-info-enums.ts';

/** RisuAI's decorators (`@@depth 3`…) start a line of the content; our scan does not read them. */
const DECORATOR_LINE = /^\s*@@\w/m;

const splitKeys = (v: unknown): string[] =>
  typeof v === 'string'
    ? v
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean)
    : Array.isArray(v)
      ? v.filter((k): k is string => typeof k === 'string')
      : [];

const isRegexKey = (key: string) => /^\/.+\/[a-z]*$/s.test(key);

export function risuEntries(data: readonly unknown[], notes: ImportNotes): Record<string, unknown>[] {
  const { language } = notes;
  const out: Record<string, unknown>[] = [];
  for (const [index, raw] of data.entries()) {
    if (!isRecord(raw)) {
      notes.add(
        'warnings',
        tr(language, 'an item of the book is not an entry; it was left out'),
        `#${index}`,
      );
      continue;
    }
    const about = typeof raw.comment === 'string' && raw.comment.trim() ? raw.comment.trim() : `#${index}`;
    if (raw.mode === 'folder') {
      notes.add(
        'dropped',
        tr(language, 'RisuAI folders (a folder is not an entry; the entries in it came in)'),
        about,
      );
      continue;
    }
    if (raw.mode === 'child')
      notes.add(
        'warnings',
        tr(language, 'a RisuAI child entry fires there through its parent; here it fires by its own keys'),
        about,
      );
    let keys = splitKeys(raw.key);
    let secondary = splitKeys(raw.secondkey);
    if (raw.useRegex === true) {
      const wrap = (k: string) => (isRegexKey(k) ? k : `/${k}/`);
      if ([...keys, ...secondary].some((k) => !isRegexKey(k)))
        notes.add(
          'converted',
          tr(language, 'RisuAI regular-expression keys were written as /pattern/'),
          about,
        );
      keys = keys.map(wrap);
      secondary = secondary.map(wrap);
    }
    if (typeof raw.content === 'string' && DECORATOR_LINE.test(raw.content))
      notes.add('warnings', tr(language, 'RisuAI decorators (@@…) in the content were kept as text'), about);
    const extentions = isRecord(raw.extentions) ? raw.extentions : {};
    out.push({
      uid: index,
      key: keys,
      keysecondary: secondary,
      comment: raw.comment ?? '',
      content: raw.content ?? '',
      constant: raw.alwaysActive === true || raw.mode === 'constant',
      selective: raw.selective ?? false,
      order: raw.insertorder ?? 100,
      position: StPosition.beforeChar,
      ...(raw.activationPercent !== undefined
        ? { probability: raw.activationPercent, useProbability: true }
        : {}),
      ...(extentions.risu_case_sensitive !== undefined
        ? { caseSensitive: extentions.risu_case_sensitive }
        : {}),
    });
  }
  if (out.length)
    notes.add(
      'converted',
      tr(
        language,
        'RisuAI entries have no position: they are told before the card, as SillyTavern imports them',
      ),
    );
  return out;
}
