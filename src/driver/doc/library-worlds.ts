// Worlds and lorebooks in the library doc: `worlds` id → Y.Map of a world's fields, `lorebooks`
// id → Y.Map { name, description, entries }. Each field is a whole value, so two devices editing
// different fields of one world merge; the same field, the later write wins.
import type * as Y from 'yjs';
import type { z } from 'zod';
import { LIBRARY_SECTION, listEntries, putEntry, removeEntry } from './library-doc.ts';
import { loreBookSchema, type LoreBook, type LoreBookInput } from './lore-book.ts';
import { worldContentProblems, worldSchema, type World, type WorldInput } from './world.ts';

export type LibraryWriteResult = { ok: true } | { ok: false; code: 'invalid'; detail: string };

const invalid = (error: z.ZodError): LibraryWriteResult => {
  const issue = error.issues[0];
  return { ok: false, code: 'invalid', detail: `${issue?.path.join('.') || 'value'}: ${issue?.message}` };
};

/** Creates or replaces a world; one whose relationships or knowledge name no node is refused. */
export function putWorld(doc: Y.Doc, input: WorldInput, origin?: unknown): LibraryWriteResult {
  const parsed = worldSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const problem = worldContentProblems(parsed.data)[0];
  if (problem) return { ok: false, code: 'invalid', detail: problem };
  putEntry(doc, LIBRARY_SECTION.worlds, parsed.data.id, parsed.data, origin);
  return { ok: true };
}

export function listWorlds(doc: Y.Doc): World[] {
  return listEntries(doc, LIBRARY_SECTION.worlds, worldSchema).sort((a, b) => a.name.localeCompare(b.name));
}

export const readWorld = (doc: Y.Doc, id: string): World | undefined =>
  listWorlds(doc).find((w) => w.id === id);

export function removeWorld(doc: Y.Doc, id: string, origin?: unknown): void {
  removeEntry(doc, LIBRARY_SECTION.worlds, id, origin);
}

export function putLorebook(doc: Y.Doc, input: LoreBookInput, origin?: unknown): LibraryWriteResult {
  const parsed = loreBookSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const ids = new Set<string>();
  for (const e of parsed.data.entries) {
    if (ids.has(e.id)) return { ok: false, code: 'invalid', detail: `entries.${e.id}: duplicate id` };
    ids.add(e.id);
  }
  putEntry(doc, LIBRARY_SECTION.lorebooks, parsed.data.id, parsed.data, origin);
  return { ok: true };
}

export function listLorebooks(doc: Y.Doc): LoreBook[] {
  return listEntries(doc, LIBRARY_SECTION.lorebooks, loreBookSchema).sort((a, b) =>
    a.name.localeCompare(b.name),
  );
}

export const readLorebook = (doc: Y.Doc, id: string): LoreBook | undefined =>
  listLorebooks(doc).find((b) => b.id === id);

export function removeLorebook(doc: Y.Doc, id: string, origin?: unknown): void {
  removeEntry(doc, LIBRARY_SECTION.lorebooks, id, origin);
}
