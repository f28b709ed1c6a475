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

export function replaceText(text: Y.Text, next: string): void {
  const { index, remove, insert } = simpleDiffString(text.toString(), next);
  if (remove > 0) text.delete(index, remove);
  if (insert.length > 0) text.insert(index, insert);
}
