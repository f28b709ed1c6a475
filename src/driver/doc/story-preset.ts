// Which preset a story's prompts came from and what each copied file held (`preset` map), and the
// copies a switch, re-apply or removal replaced (`promptTrash` map), so nothing edited is lost.
import type * as Y from 'yjs';
import { z } from 'zod';
import { storySamplingSchema } from './schema.ts';
import { KEY } from './story-doc.ts';

export const copiedFileSchema = z.object({ hash: z.string(), text: z.string() });

/** The sampling side of an application, so the status can tell which side changed since. */
export const recordedSamplingSchema = z.object({
  /** The preset's suggestion then, in the story's settings: what re-applying copies. */
  suggested: storySamplingSchema,
  /** The story's sampling just after: a later change is the story's own. */
  story: storySamplingSchema,
});

export const storyPresetSchema = z.object({
  presetId: z.string().min(1),
  /** The title when it was applied, to name a preset the library no longer has. */
  title: z.string(),
  appliedAt: z.string(),
  /** '<lang>/<group>/<name>' → what the copy held when it was applied. */
  files: z.record(z.string(), copiedFileSchema),
  /** A record written before stories had sampling of their own reads as one that copied none. */
  sampling: recordedSamplingSchema.default({ suggested: {}, story: {} }),
});
export type StoryPreset = z.infer<typeof storyPresetSchema>;

export const TrashReason = { replaced: 'replaced', removed: 'removed' } as const;
export type TrashReason = (typeof TrashReason)[keyof typeof TrashReason];
export const trashedPromptSchema = z.object({
  path: z.string(),
  text: z.string(),
  /** ISO time the copy was replaced, passed in by the caller. */
  at: z.string(),
  reason: z.enum([TrashReason.replaced, TrashReason.removed]),
});
export type TrashedPrompt = z.infer<typeof trashedPromptSchema>;

const presetMap = (doc: Y.Doc) => doc.getMap<unknown>(KEY.preset);
const trashMap = (doc: Y.Doc) => doc.getMap<unknown>(KEY.promptTrash);

export function readStoryPreset(doc: Y.Doc): StoryPreset | null {
  const parsed = storyPresetSchema.safeParse(presetMap(doc).toJSON());
  return parsed.success ? parsed.data : null;
}

export function writeStoryPreset(doc: Y.Doc, record: StoryPreset, origin?: unknown): void {
  const valid = storyPresetSchema.parse(record);
  doc.transact(() => {
    const map = presetMap(doc);
    for (const [k, v] of Object.entries(valid)) map.set(k, v);
  }, origin);
}

export function clearStoryPreset(doc: Y.Doc, origin?: unknown): void {
  doc.transact(() => presetMap(doc).clear(), origin);
}

export function trashPrompt(doc: Y.Doc, entry: TrashedPrompt, origin?: unknown): void {
  const valid = trashedPromptSchema.parse(entry);
  doc.transact(() => {
    const map = trashMap(doc);
    // A second copy of one file trashed at the same instant gets a key of its own.
    let key = `${valid.at} ${valid.path}`;
    for (let n = 2; map.has(key); n++) key = `${valid.at} ${valid.path} ${n}`;
    map.set(key, valid);
  }, origin);
}

/** The trashed copies, newest first. */
export function listPromptTrash(doc: Y.Doc): TrashedPrompt[] {
  return [...trashMap(doc).values()]
    .flatMap((v) => {
      const parsed = trashedPromptSchema.safeParse(v);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : a.path.localeCompare(b.path)));
}
