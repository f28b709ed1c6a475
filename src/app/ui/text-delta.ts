// Text edits as the worker wants them: the smallest single change from an old text to a new one (one
// common prefix, one common suffix), as a Y.Text delta, and offsets (a caret) carried across a change.
// Offsets count UTF-16 code units, as Y.Text does. The change is lib0's simpleDiffString, the diff the
// driver's text edits use too: it never splits a surrogate pair.
import { simpleDiffString, type SimpleDiff } from 'lib0/diff';
import type { TextDeltaOp } from '../../workers/api.ts';

/** One replacement: `remove` code units at `index` give way to `insert`. */
export type TextChange = SimpleDiff<string>;

/** The smallest single change that turns `before` into `after` (`remove` 0 and `insert` '' if equal). */
export const diffText: (before: string, after: string) => TextChange = simpleDiffString;

/** The Y.Text delta of `before` → `after`: [] when nothing changed. */
export function textDelta(before: string, after: string): TextDeltaOp[] {
  const { index, remove, insert } = diffText(before, after);
  const delta: TextDeltaOp[] = [];
  if (remove === 0 && insert === '') return delta;
  if (index > 0) delta.push({ retain: index });
  if (remove > 0) delta.push({ delete: remove });
  if (insert !== '') delta.push({ insert });
  return delta;
}

export function applyChange(text: string, change: TextChange): string {
  return text.slice(0, change.index) + change.insert + text.slice(change.index + change.remove);
}

/**
 * Where an offset lands after `change`: before it, it stays; after it, it moves by the change's growth;
 * inside the replaced range, it goes to the end of what was inserted.
 */
export function mapOffset(offset: number, change: TextChange): number {
  if (offset <= change.index) return offset;
  if (offset >= change.index + change.remove) return offset + change.insert.length - change.remove;
  return change.index + change.insert.length;
}

/**
 * The local text after a remote change arrives: `base` is what both sides last agreed on, `local` has
 * edits not sent yet, `remote` is the worker's text now. Both changes are kept when they touch different
 * ranges; where they overlap, the local edit wins (it is what the user is looking at and typing).
 */
export function rebaseText(base: string, local: string, remote: string): string {
  if (local === base) return remote;
  if (remote === base) return local;
  const mine = diffText(base, local);
  const theirs = diffText(base, remote);
  const mineEnd = mine.index + mine.remove;
  const theirsEnd = theirs.index + theirs.remove;
  // Two insertions at one place: the local one comes first.
  const sameInsertionPoint = theirs.remove === 0 && mine.remove === 0 && theirs.index === mine.index;
  if (theirsEnd <= mine.index && !sameInsertionPoint) return applyChange(local, theirs);
  if (mineEnd <= theirs.index) {
    const shifted = { ...theirs, index: theirs.index + mine.insert.length - mine.remove };
    return applyChange(local, shifted);
  }
  return local;
}
