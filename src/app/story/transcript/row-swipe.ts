// The alternatives of a row by keyboard: ← and → step through them (‹ ›) while the row or one of its
// controls has the focus; the focus then goes to the same control of the row that takes its place.
import type { TranscriptRow } from '../../../workers/api.ts';
import type { RowActions } from './row-actions.ts';

const STEPS: Readonly<Record<string, -1 | 1>> = { ArrowLeft: -1, ArrowRight: 1 };

/**
 * Shows the alternative `offset` away from the row's turn, when there is one, nothing generates and
 * the rows have controls (reading as someone else is read-only: the path stays).
 */
export function stepAlternative(row: TranscriptRow, actions: RowActions, offset: -1 | 1): void {
  const target = row.siblings[row.sibling.index + offset];
  if (target !== undefined && !actions.busy() && !actions.inert())
    actions.switchBranch(target, row.index, offset < 0 ? 'previous' : 'next');
}

/** The row's keydown handler: arrows step, unless typed into a field or with a modifier. */
export function swipeKeys(row: () => TranscriptRow, actions: RowActions): (event: KeyboardEvent) => void {
  return (event) => {
    const offset = STEPS[event.key];
    if (offset === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // Keys typed into a field, or in the row's open editor, are the editor's.
    if (event.target instanceof Element && event.target.closest('input, textarea, form')) return;
    if (row().sibling.count < 2) return;
    event.preventDefault();
    stepAlternative(row(), actions, offset);
  };
}
