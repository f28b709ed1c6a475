// Editing a message in place, from its row: the user's own turn edits its source, another
// participant's turn the user's view of it; either way as one delta, rebased on an edit made
// meanwhile elsewhere. Later turns that rested on it turn stale (the banner says so).
import type * as Comlink from 'comlink';
import type { DriverApi, Result, TranscriptRow } from '../../workers/api.ts';
import { rebaseText, textDelta } from '../ui/text-delta.ts';

export interface RowEdits {
  /**
   * Stores the row's text as edited in place from `opened` (its text when the field opened); a change
   * that arrived meanwhile is kept where it does not overlap. Resolves whether it was stored (or
   * nothing changed).
   */
  saveRowText(row: TranscriptRow, opened: string, text: string): Promise<boolean>;
}

export interface RowEditParts {
  api: Comlink.Remote<DriverApi>;
  storyId: string;
  /** The user's participant id (whose view of another's turn is edited); undefined before it opened. */
  userId(): string | undefined;
  run<T extends object>(command: () => Promise<Result<T>>): Promise<Result<T>>;
  start(follow: boolean): void;
}

export function createRowEdits(parts: RowEditParts): RowEdits {
  const { api, storyId, run } = parts;
  return {
    async saveRowText(row, opened, text) {
      const delta = textDelta(row.text, rebaseText(opened, text, row.text));
      if (delta.length === 0) return true;
      parts.start(false);
      const user = parts.userId();
      if (row.kind === 'own') return (await run(() => api.editSource(storyId, row.turnId, delta))).ok;
      if (row.kind !== 'perceived' || user === undefined) return false;
      return (await run(() => api.editPov(storyId, row.turnId, user, delta))).ok;
    },
  };
}
