// What an assistant deleted from the library, kept so the person can restore it: `libraryTrash`
// id → the thing as it was and where it came from (a lorebook entry: its book; a world node, with
// the relationships that went with it, or a world prompt: its world; a preset's prompt: its preset
// and path; a whole preset the person deleted on the Presets page). Like a story's
// prompt trash (story-preset.ts), nothing deleted for the person is lost.
import type * as Y from 'yjs';
import { z } from 'zod';
import { loreEntrySchema } from './lore-book.ts';
import { relationshipSchema, worldNodeSchema } from './world.ts';
import { presetInfoSchema } from './library-presets.ts';

const KEY = { trash: 'libraryTrash' } as const;

const trashed = z.object({
  id: z.string().min(1),
  /** Who deleted it: an assistant chat's subject, or the Presets page (`PRESETS_PAGE_SUBJECT`). */
  subject: z.string().min(1),
  at: z.number(),
});

export const trashedItemSchema = z.discriminatedUnion('kind', [
  trashed.extend({ kind: z.literal('lore-entry'), bookId: z.string().min(1), entry: loreEntrySchema }),
  trashed.extend({
    kind: z.literal('world-node'),
    worldId: z.string().min(1),
    node: worldNodeSchema,
    relationships: z.array(relationshipSchema).default([]),
  }),
  trashed.extend({
    kind: z.literal('world-prompt'),
    worldId: z.string().min(1),
    path: z.string().min(1),
    text: z.string(),
  }),
  trashed.extend({
    kind: z.literal('preset-prompt'),
    presetId: z.string().min(1),
    /** '<lang>/<group>/<name>'. */
    path: z.string().min(1),
    text: z.string(),
  }),
  trashed.extend({
    kind: z.literal('preset'),
    preset: presetInfoSchema.extend({
      /** '<lang>/<group>/<name>' → text. */
      prompts: z.record(z.string(), z.string()),
    }),
  }),
]);
export type TrashedItem = z.infer<typeof trashedItemSchema>;

const trash = (doc: Y.Doc) => doc.getMap<unknown>(KEY.trash);

export type TrashedItemInput = z.input<typeof trashedItemSchema>;

export function putInTrash(doc: Y.Doc, item: TrashedItemInput, origin?: unknown): void {
  const valid = trashedItemSchema.parse(item);
  doc.transact(() => trash(doc).set(valid.id, valid), origin);
}

/** A subject's trash, newest first. */
export function listTrash(doc: Y.Doc, subject: string): TrashedItem[] {
  return [...trash(doc).values()]
    .flatMap((v) => {
      const parsed = trashedItemSchema.safeParse(v);
      return parsed.success && parsed.data.subject === subject ? [parsed.data] : [];
    })
    .sort((a, b) => b.at - a.at);
}

export function readTrashed(doc: Y.Doc, id: string): TrashedItem | undefined {
  const parsed = trashedItemSchema.safeParse(trash(doc).get(id));
  return parsed.success ? parsed.data : undefined;
}

export function removeFromTrash(doc: Y.Doc, id: string, origin?: unknown): void {
  doc.transact(() => trash(doc).delete(id), origin);
}
