// What a proposed change is about, as its heading names it: set by the tool that proposes it (a
// world's node by its kind: "New place “Velmar”"), worded by the app in the person's language.
import { z } from 'zod';
import { WORLD_NODE_KINDS } from './world.ts';

export const CHANGE_HEADINGS = [
  'entry',
  'lorebook',
  'prompt',
  'sampling',
  'world',
  ...WORLD_NODE_KINDS,
  // The session doctor's fixes, a translation's glossary and its translated documents.
  'fix',
  'glossary',
  'translation',
] as const;
export const changeHeadingSchema = z.enum(CHANGE_HEADINGS);
export type ChangeHeading = z.infer<typeof changeHeadingSchema>;
