// Edited prompts kept in a document: the library's user edits and a story's overrides share one
// layout, a `prompts` map '<lang>/<group>/<name>' → Y.Text. Absent means the layer below is used.
import * as Y from 'yjs';
import { z } from 'zod';
import { KEY } from './story-doc.ts';
import { applyTextDelta, replaceText, type TextDeltaOp } from './text-edit.ts';

/** A whole new text (reduced to the smallest change) or a delta from the editor. */
export type PromptEdit = string | TextDeltaOp[];

/** '<lang>/<group>/<name>': whether the package ships that prompt is the resolution's question. */
export const promptPathSchema = z.string().regex(/^[a-z]{2,3}(?:-[A-Za-z]{2,4})?\/[a-z0-9-]+\/[a-z0-9-]+$/, {
  message: 'a prompt path is <language>/<group>/<name>, e.g. en/roleplay/style',
});

export type PromptWriteResult = { ok: true } | { ok: false; code: 'path'; detail: string };

/** The library's edits (library doc) or a story's overrides (story doc): the same key in both. */
const promptsMap = (doc: Y.Doc) => doc.getMap<Y.Text>(KEY.prompts);

/** Writes one text of a `path → Y.Text` map, creating it when absent. */
export function writePromptText(map: Y.Map<Y.Text>, path: string, edit: PromptEdit): void {
  let text = map.get(path);
  if (!(text instanceof Y.Text)) {
    text = new Y.Text();
    map.set(path, text);
  }
  if (typeof edit === 'string') replaceText(text, edit);
  else applyTextDelta(text, edit);
}

/** Every text of a `path → Y.Text` map as a PromptSet. */
export function readPromptTexts(map: Y.Map<Y.Text>): Map<string, string> {
  const out = new Map<string, string>();
  for (const [path, text] of map.entries()) if (text instanceof Y.Text) out.set(path, text.toString());
  return out;
}

export function setPromptOverride(
  doc: Y.Doc,
  path: string,
  edit: PromptEdit,
  origin?: unknown,
): PromptWriteResult {
  const valid = promptPathSchema.safeParse(path);
  if (!valid.success)
    return { ok: false, code: 'path', detail: `${path}: ${valid.error.issues[0]?.message}` };
  doc.transact(() => writePromptText(promptsMap(doc), path, edit), origin);
  return { ok: true };
}

export function readPromptOverride(doc: Y.Doc, path: string): string | undefined {
  const text = promptsMap(doc).get(path);
  return text instanceof Y.Text ? text.toString() : undefined;
}

/** Deleting an override restores what the layer below holds (the shipped original, at the bottom). */
export function deletePromptOverride(doc: Y.Doc, path: string, origin?: unknown): void {
  doc.transact(() => promptsMap(doc).delete(path), origin);
}

/** Every override of the document: the layer to hand to `resolvePrompts`. */
export function listPromptOverrides(doc: Y.Doc): Map<string, string> {
  return readPromptTexts(promptsMap(doc));
}
