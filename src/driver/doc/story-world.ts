// A story's own world and lore, copied from the library at its start (later library edits change
// nothing until the person re-applies them): the world's nodes and relationships, which participant
// is which character node, what each participant knows from the start, and the lorebooks with whom
// each is attached to. `world` and `lore` maps of the story doc; every read is validated.
import type * as Y from 'yjs';
import { z } from 'zod';
import { KEY } from './story-doc.ts';
import { knowledgeSchema, relationshipSchema, worldNodeSchema, type Knowledge } from './world.ts';
import { loreBookSchema, loreSettingsSchema, DEFAULT_LORE_SETTINGS, type LoreSettings } from './lore-book.ts';

const id = z.string().min(1).max(200);

/** Where a copy came from, so the story can tell whether it still matches the library. */
export const copiedFromSchema = z.object({
  id,
  name: z.string(),
  appliedAt: z.string(),
  /** The copy's fingerprint when it was made: a later one that differs was edited in the story. */
  hash: z.string(),
  /** The library's fingerprint then: a later one that differs was changed in the library. */
  libraryHash: z.string(),
});
export type CopiedFrom = z.infer<typeof copiedFromSchema>;

export const storyWorldSchema = z.object({
  name: z.string().default(''),
  nodes: z.array(worldNodeSchema).default([]),
  relationships: z.array(relationshipSchema).default([]),
  /** Participant id → its character node. */
  characters: z.record(id, id).default({}),
  /** Participant id → what it knows from the start (what it learns in play comes from its chronicle). */
  knowledge: z.record(id, knowledgeSchema).default({}),
  from: copiedFromSchema.nullable().default(null),
  /** What the person was told when the story started with it (a suggested preset that could not be used). */
  notices: z.array(z.string().max(4000)).max(20).default([]),
});
export type StoryWorld = z.infer<typeof storyWorldSchema>;
export type StoryWorldInput = z.input<typeof storyWorldSchema>;

export const BookAttachment = {
  world: 'world',
  story: 'story',
  character: 'character',
  persona: 'persona',
} as const;
export type BookAttachmentKind = (typeof BookAttachment)[keyof typeof BookAttachment];
export const bookAttachmentSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal(BookAttachment.world) }),
  z.object({ kind: z.literal(BookAttachment.story) }),
  z.object({ kind: z.literal(BookAttachment.character), participant: id }),
  z.object({ kind: z.literal(BookAttachment.persona) }),
]);
export type BookAttachmentValue = z.infer<typeof bookAttachmentSchema>;

export const storyBookSchema = loreBookSchema.extend({
  /** Whom the book is attached to: the world's and the story's are everyone's; a character's is its own; the persona's is the user's. */
  attachments: z.array(bookAttachmentSchema).min(1),
  from: copiedFromSchema.nullable().default(null),
});
export type StoryBook = z.infer<typeof storyBookSchema>;
export type StoryBookInput = z.input<typeof storyBookSchema>;

export const worldMap = (doc: Y.Doc) => doc.getMap<unknown>(KEY.world);
export const loreMap = (doc: Y.Doc) => doc.getMap<unknown>(KEY.lore);
const BOOK_PREFIX = 'book:';
const SETTINGS = 'settings';

/** The story's world, or null when it has none (or what is stored does not parse). */
export function readStoryWorld(doc: Y.Doc): StoryWorld | null {
  const map = worldMap(doc);
  if (!map.size) return null;
  const parsed = storyWorldSchema.safeParse(map.toJSON());
  return parsed.success ? parsed.data : null;
}

/** Writes the fields given (a whole world at start; one field for an edit in the story). */
export function writeStoryWorld(doc: Y.Doc, world: Partial<StoryWorldInput>, origin?: unknown): void {
  const valid = storyWorldSchema.partial().parse(world);
  doc.transact(() => {
    const map = worldMap(doc);
    for (const [k, v] of Object.entries(valid)) if (v !== undefined) map.set(k, v);
  }, origin);
}

export function clearStoryWorld(doc: Y.Doc, origin?: unknown): void {
  doc.transact(() => worldMap(doc).clear(), origin);
}

/** What `participant` knows of the world from the start. */
export function startKnowledge(world: StoryWorld, participant: string): Knowledge {
  return world.knowledge[participant] ?? { nodes: [], relationships: [] };
}

/** Each book is a key of its own, so two devices adding books at once keep both. */
const bookKey = (bookId: string) => `${BOOK_PREFIX}${bookId}`;

/** The story's lorebooks that parse, in name order. */
export function readStoryBooks(doc: Y.Doc): StoryBook[] {
  return [...loreMap(doc).entries()]
    .flatMap(([key, b]) => {
      if (!key.startsWith(BOOK_PREFIX)) return [];
      const parsed = storyBookSchema.safeParse(b);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name) || (a.id < b.id ? -1 : 1));
}

/** Adds or replaces one of the story's lorebooks (by id). */
export function writeStoryBook(doc: Y.Doc, book: StoryBookInput, origin?: unknown): void {
  const valid = storyBookSchema.parse(book);
  doc.transact(() => loreMap(doc).set(bookKey(valid.id), valid), origin);
}

export function removeStoryBook(doc: Y.Doc, bookId: string, origin?: unknown): void {
  doc.transact(() => loreMap(doc).delete(bookKey(bookId)), origin);
}

export function readLoreSettings(doc: Y.Doc): LoreSettings {
  const parsed = loreSettingsSchema.safeParse(loreMap(doc).get(SETTINGS) ?? {});
  return parsed.success ? parsed.data : DEFAULT_LORE_SETTINGS;
}

export function writeLoreSettings(doc: Y.Doc, patch: Partial<LoreSettings>, origin?: unknown): void {
  const next = loreSettingsSchema.parse({ ...readLoreSettings(doc), ...patch });
  doc.transact(() => loreMap(doc).set(SETTINGS, next), origin);
}
