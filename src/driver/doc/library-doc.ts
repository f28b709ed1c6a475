// The library: one Y.Doc per user listing stories (title, last played, turns), characters and personas
// (worlds and lorebooks: library-worlds.ts). It syncs like a story; device-local settings never enter it.
import * as Y from 'yjs';
import { z } from 'zod';
import { cardSchema } from './schema.ts';

const KEY = {
  stories: 'stories',
  characters: 'characters',
  personas: 'personas',
  worlds: 'worlds',
  lorebooks: 'lorebooks',
} as const;

export const storyEntrySchema = z.object({
  id: z.string().min(1),
  title: z.string(),
  createdAt: z.string(),
  lastActivity: z.string(),
  /** Visible names, for the story list. */
  participants: z.array(z.string()).default([]),
  /** Turns on the active path when it last changed, for the story list (absent: listed before counting). */
  turns: z.number().int().nonnegative().optional(),
  /** How many parts of it could not be read when it last changed (another device wrote them wrong). */
  unreadable: z.number().int().nonnegative().optional(),
  /**
   * The server of the collaborator's link it was joined with, on whichever of the person's devices:
   * where it syncs, so no other link moves it (SV19). Absent: one of the person's own stories, syncing
   * with their own server (entries listed before this field read so too); a malformed value reads so.
   */
  joinedFrom: z
    .url({ protocol: /^https?$/ })
    .optional()
    .catch(undefined),
});
export type StoryEntry = z.infer<typeof storyEntrySchema>;
export type StoryEntryInput = z.input<typeof storyEntrySchema>;

/** Lorebooks of the library attached to a character or a persona. */
const books = z.array(z.string().min(1)).default([]);

/** An avatar is kept as a data: URL; a bigger image is left out of the library (it syncs everywhere). */
export const AVATAR_MAX_CHARS = 1_500_000;

/** How many expression pictures a character keeps, and how long a name: a card's set is a few dozen. */
export const EXPRESSIONS_MAX = 64;
const EXPRESSION_NAME_MAX = 100;

/** A picture in the picture store of the device that imported it (never in a synced document). */
const devicePictureSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  mime: z.string().startsWith('image/'),
});

export const libraryCharacterSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1),
  card: cardSchema,
  books,
  /** Other openings a story with it may start from (a card's alternate greetings), besides its first message. */
  greetings: z.array(z.string()).default([]),
  avatar: z.string().startsWith('data:image/').max(AVATAR_MAX_CHARS).optional(),
  /** The card it was imported from (its V3 `data`, every field), so an export gives back what came in. */
  source: z.record(z.string(), z.unknown()).optional(),
  /**
   * The card's own picture when the library keeps a smaller one (K15): kept on the device that imported
   * it (its picture store, by SHA-256), for the card export; a malformed value reads as none.
   */
  originalPicture: devicePictureSchema
    .extend({ bytes: z.number().int().nonnegative() })
    .optional()
    .catch(undefined),
  /** A RisuAI card's expression pictures, kept on the device that imported it (K11); malformed: none. */
  expressions: z
    .array(devicePictureSchema.extend({ name: z.string().max(EXPRESSION_NAME_MAX) }))
    .max(EXPRESSIONS_MAX)
    .optional()
    .catch(undefined),
});
export type LibraryCharacter = z.infer<typeof libraryCharacterSchema>;
export type LibraryCharacterInput = z.input<typeof libraryCharacterSchema>;

export const personaSchema = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1),
  persona: z.string(),
  books,
});
export type Persona = z.infer<typeof personaSchema>;
export type PersonaInput = z.input<typeof personaSchema>;

export type LibrarySection = (typeof KEY)[keyof typeof KEY];
export const LIBRARY_SECTION = KEY;

/** Writes the fields of one entry of a section (creating it), each field a whole value. */
export function putEntry(
  doc: Y.Doc,
  section: LibrarySection,
  id: string,
  value: Record<string, unknown>,
  origin?: unknown,
): void {
  doc.transact(() => {
    const map = doc.getMap<Y.Map<unknown>>(section);
    const entry = map.get(id) ?? new Y.Map<unknown>();
    for (const [k, v] of Object.entries(value)) if (k !== 'id' && v !== undefined) entry.set(k, v);
    if (!map.has(id)) map.set(id, entry);
  }, origin);
}

/** A section's entries that parse: a malformed one from an older or foreign peer is left out. */
export function listEntries<T>(doc: Y.Doc, section: LibrarySection, schema: z.ZodType<T>): T[] {
  const out: T[] = [];
  for (const [id, m] of doc.getMap<Y.Map<unknown>>(section).entries()) {
    const parsed = schema.safeParse({ id, ...m.toJSON() });
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

export function putStoryEntry(doc: Y.Doc, entry: StoryEntryInput, origin?: unknown): void {
  putEntry(doc, KEY.stories, entry.id, storyEntrySchema.parse(entry), origin);
}

/** Marks a listed story active; a story no longer listed (deleted meanwhile) is not listed again. */
export function touchStory(doc: Y.Doc, id: string, lastActivity: string, origin?: unknown): void {
  if (hasStoryEntry(doc, id)) putEntry(doc, KEY.stories, id, { lastActivity }, origin);
}

/** A listed story changed: when, how many turns its active path has now, how many parts cannot be read. */
export function recordStoryActivity(
  doc: Y.Doc,
  id: string,
  activity: { lastActivity: string; turns: number; unreadable: number },
  origin?: unknown,
): void {
  if (hasStoryEntry(doc, id)) putEntry(doc, KEY.stories, id, activity, origin);
}

export function removeStoryEntry(doc: Y.Doc, id: string, origin?: unknown): void {
  doc.transact(() => doc.getMap(KEY.stories).delete(id), origin);
}

/** Stories, most recently active first. */
export function listStories(doc: Y.Doc): StoryEntry[] {
  return listEntries(doc, KEY.stories, storyEntrySchema).sort((a, b) =>
    a.lastActivity < b.lastActivity ? 1 : -1,
  );
}

/** Creates or updates a character; its lorebooks and greetings are written only when given (an update keeps them). */
export function putCharacter(doc: Y.Doc, c: LibraryCharacterInput, origin?: unknown): void {
  const valid = libraryCharacterSchema.parse(c);
  putEntry(
    doc,
    KEY.characters,
    valid.id,
    {
      name: valid.name,
      card: valid.card,
      books: c.books && valid.books,
      greetings: c.greetings && valid.greetings,
      avatar: valid.avatar,
      source: valid.source,
      originalPicture: valid.originalPicture,
      expressions: valid.expressions,
    },
    origin,
  );
}

/** A picture the person chose replaces the card's own: the export no longer carries that original. */
export function forgetOriginalPicture(doc: Y.Doc, id: string, origin?: unknown): void {
  doc.transact(() => doc.getMap<Y.Map<unknown>>(KEY.characters).get(id)?.delete('originalPicture'), origin);
}

export function listCharacters(doc: Y.Doc): LibraryCharacter[] {
  return listEntries(doc, KEY.characters, libraryCharacterSchema).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

/** Creates or updates a persona; its lorebooks are written only when given. */
export function putPersona(doc: Y.Doc, p: PersonaInput, origin?: unknown): void {
  const valid = personaSchema.parse(p);
  putEntry(
    doc,
    KEY.personas,
    valid.id,
    { ...valid, books: p.books === undefined ? undefined : valid.books },
    origin,
  );
}

export function listPersonas(doc: Y.Doc): Persona[] {
  return listEntries(doc, KEY.personas, personaSchema).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Calls `fn` with the ids whose story entries a transaction deleted (an entry deleted and put again in
 * one transaction is not among them), and that transaction (local: this document's own; its origin).
 */
export function onStoryEntriesRemoved(
  doc: Y.Doc,
  fn: (ids: string[], transaction: Y.Transaction) => void,
): () => void {
  const map = doc.getMap<Y.Map<unknown>>(KEY.stories);
  const observer = (event: Y.YMapEvent<Y.Map<unknown>>) => {
    const ids = [...event.changes.keys].filter(([, change]) => change.action === 'delete').map(([id]) => id);
    if (ids.length > 0) fn(ids, event.transaction);
  };
  map.observe(observer);
  return () => map.unobserve(observer);
}

/** Removes one entry of a section. */
export function removeEntry(doc: Y.Doc, section: LibrarySection, id: string, origin?: unknown): void {
  doc.transact(() => doc.getMap(section).delete(id), origin);
}

export function hasStoryEntry(doc: Y.Doc, id: string): boolean {
  return doc.getMap(KEY.stories).has(id);
}
