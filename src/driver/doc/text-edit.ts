// Edits to a Y.Text as deltas (so concurrent edits merge character by character), or as a whole new
// value reduced to the smallest single change, so that a replacement still merges with remote edits.
import type * as Y from 'yjs';
import { simpleDiffString } from 'lib0/diff';

export interface TextDeltaOp {
  retain?: number;
  insert?: string;
  delete?: number;
}

export function applyTextDelta(text: Y.Text, delta: TextDeltaOp[]): void {
  text.applyDelta(delta.map((op) => ({ ...op })));
}

/** What `delta` makes of `before`, without touching any document (to refuse an edit before writing it). */
export function deltaOutcome(before: string, delta: readonly TextDeltaOp[]): string {
  let out = '';
  let at = 0;
  for (const op of delta) {
    if (op.retain !== undefined) {
      out += before.slice(at, at + op.retain);
      at += op.retain;
    } else if (op.delete !== undefined) at += op.delete;
    else if (op.insert !== undefined) out += op.insert;
  }
  return out + before.slice(at);
}

/** A text edit that would leave nothing is refused: an empty turn or view means nothing at all. */
export type TextEditResult = { ok: true } | { ok: false; code: 'empty' };
export const EMPTY_EDIT: TextEditResult = { ok: false, code: 'empty' };

export function replaceText(text: Y.Text, next: string): void {
  const { index, remove, insert } = simpleDiffString(text.toString(), next);
  if (remove > 0) text.delete(index, remove);
  if (insert.length > 0) text.insert(index, insert);
}
