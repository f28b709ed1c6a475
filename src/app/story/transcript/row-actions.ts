// What a transcript row can ask of the transcript (its actions) and which of its controls keeps the
// focus: the row's tools and each control's own file read these, so none imports another's component.
import type { TranscriptRow } from '../../../workers/api.ts';

/** A control of a row that replaces the row (another turn takes its place) and keeps the focus. */
export type RowControl = 'previous' | 'next' | 'regenerate' | 'continue';

export interface RowActions {
  inspect(turnId: string): void;
  /** Shows `turnId` in place of the row at `index`; focus moves to `control` of the new row. */
  switchBranch(turnId: string, index: number, control: RowControl): void;
  regenerate(turnId: string, index: number): void;
  continueTurn(turnId: string, index: number): void;
  /** The control the row at `index` should focus once shown (asked once: the answer is then cleared). */
  claimFocus(index: number): RowControl | null;
  /** Something is being generated: commands that generate wait. */
  busy(): boolean;
  /** Perceptions not written yet are being written: by a command, or by the story's background. */
  writing(): boolean;
  /** The row whose text is being edited in place (one at a time), or null; and opening or closing it. */
  editing(): string | null;
  setEditing(turnId: string | null): void;
  /** Stores a row's text edited in place from `opened` (its text then); resolves whether it was stored. */
  saveRowText(row: TranscriptRow, opened: string, text: string): Promise<boolean>;
  /** Takes the turn and the ones after it out of the path (a branch cut, undoable). */
  deleteFrom(turnId: string): void;
  /** The name of the participant read as ("Read as"), or null. */
  readingAs(): string | null;
  /**
   * The rows have no controls: read as someone else (read-only), or this device's last screen of the
   * story shown until the worker has opened it.
   */
  inert(): boolean;
  /** Writes every perception the story does not have yet (a generation stopped before it). */
  writeViews(): void;
}
