// Whether a story's copy of something of the library (a preset, a world, a lorebook) still matches
// it: current, changed in the library, edited in the story, or missing from the library. An edit in
// the story outranks a change in the library: re-applying would replace it.
import type { CopiedFrom } from './story-world.ts';

export const CopyState = {
  none: 'none',
  current: 'current',
  changedInLibrary: 'changed-in-library',
  editedInStory: 'edited-in-story',
  missing: 'missing',
} as const;
export type CopyState = (typeof CopyState)[keyof typeof CopyState];

/** `storyHash`: the copy's fingerprint now; `libraryHash`: the library's now, or null when it has none. */
export function copyState(from: CopiedFrom | null, storyHash: string, libraryHash: string | null): CopyState {
  if (!from) return CopyState.none;
  if (libraryHash === null) return CopyState.missing;
  if (storyHash !== from.hash) return CopyState.editedInStory;
  if (libraryHash !== from.libraryHash) return CopyState.changedInLibrary;
  return CopyState.current;
}
