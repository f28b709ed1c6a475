// zod's messages in a person's language: zod's own through its locale (only zh-CN is imported, so a
// bundle carries no other), and the messages our schemas set themselves through the catalogue.
import { z } from 'zod';
import zhCN from 'zod/v4/locales/zh-CN.js';
import type { Language } from '../doc/schema.ts';
import { tr } from './messages.ts';

/** zod's own messages per language; English is zod's default, so it needs no map. */
const LOCALE_ERRORS: Readonly<Record<Language, z.core.$ZodErrorMap | undefined>> = {
  en: undefined,
  zh: zhCN().localeError,
};

/**
 * The messages our schemas set (zod prefers them to a parse's error map, so they stay English there):
 * the same list in any language, matched by position against the English one. Each text must be the
 * schema's own (prompt-overrides.ts, device-settings.ts); tests read each of them in Chinese.
 */
const ownMessages = (language: Language): string[] => [
  tr(language, 'a prompt path is <language>/<group>/<name>, e.g. en/roleplay/style'),
  tr(language, 'a shared story’s room is 1-128 characters of A-Z a-z 0-9 _ -'),
  tr(language, 'the story list is not a shared story'),
];
const OWN_EN = ownMessages('en');

function inLanguage(issue: z.core.$ZodIssue, own: string[]): z.core.$ZodIssue {
  const at = OWN_EN.indexOf(issue.message);
  const message = at < 0 ? issue.message : (own[at] ?? issue.message);
  // A bad record key carries the key's own issues: their messages are read too (import.ts).
  if (issue.code === 'invalid_key' || issue.code === 'invalid_element')
    return { ...issue, message, issues: issue.issues.map((i) => inLanguage(i, own)) };
  return { ...issue, message };
}

/** A parse with its issues told in a language: the data, or the issues in zod's order. */
export type ParsedIn<T> = { success: true; data: T } | { success: false; issues: z.core.$ZodIssue[] };

/** `schema.safeParse(data)` with every issue's message in `language`: paths and codes unchanged. */
export function safeParseIn<S extends z.ZodType>(
  schema: S,
  data: unknown,
  language: Language,
): ParsedIn<z.output<S>> {
  const error = LOCALE_ERRORS[language];
  const parsed = schema.safeParse(data, error ? { error } : undefined);
  if (parsed.success) return { success: true, data: parsed.data };
  if (!error) return { success: false, issues: parsed.error.issues };
  const own = ownMessages(language);
  return { success: false, issues: parsed.error.issues.map((issue) => inLanguage(issue, own)) };
}
