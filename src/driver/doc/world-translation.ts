// What makes a library world a translation of another: the world it was translated from, the
// language it is in, and its glossary — each name of the source (a node's name or alias, the world's
// name, a term) and the name the translation uses for it. Kept on the translated world's record.
import { z } from 'zod';
import { languageSchema } from './schema.ts';

/** Names a glossary may hold: a large world's names and aliases, bounded so one record stays small. */
export const MAX_GLOSSARY_ENTRIES = 2000;

const name = z.string().trim().min(1).max(200);

export const glossaryEntrySchema = z.object({
  /** The name as the source world spells it. */
  source: name,
  /** The name the translation uses (it may be the same). */
  target: name,
});
export type GlossaryEntry = z.infer<typeof glossaryEntrySchema>;

export const worldTranslationSchema = z.object({
  /** The library world this one was translated from (never written by the translation). */
  from: z.string().min(1).max(200),
  language: languageSchema,
  glossary: z.array(glossaryEntrySchema).max(MAX_GLOSSARY_ENTRIES),
});
export type WorldTranslation = z.infer<typeof worldTranslationSchema>;
