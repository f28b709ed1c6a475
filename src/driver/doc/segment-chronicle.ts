// Where a segmented story keeps its chronicles (docs/design/segmented-story.md §2.6): an entry, and
// the audit of what its chronicler call refused, live in the segment of the last turn it read, under
// the same top-level names as in the root (`chronicle/<participant>/<part>`, D13), so the root does not
// grow with the story; the person's records and the checkpoints stay in the root. A story kept in one
// document (no StorySet) keeps everything in it, as before.
import type * as Y from 'yjs';
import { storySetOf } from './story-set.ts';
import { bandOf } from './segment-turns.ts';
import { turnDepth } from './turns.ts';

/** The prefix of every chronicle part's top-level map name. */
export const PART_MAP_PREFIX = 'chronicle/';

/** The top-level map of one participant's part, in the root and in a segment alike. */
export const partMapName = (participant: string, part: string): string =>
  `${PART_MAP_PREFIX}${participant}/${part}`;

/** The parts a segmented story keeps in the segment of a record's last turn: they grow with the story. */
export const SEGMENT_PARTS: ReadonlySet<string> = new Set(['entries', 'audit']);

/** The turns a segment part's record read, in path order; undefined when the value has none. */
export function recordTurns(value: unknown): readonly string[] | undefined {
  const turns = (value as { turns?: unknown } | null)?.turns;
  return Array.isArray(turns) && turns.length && turns.every((t) => typeof t === 'string')
    ? (turns as string[])
    : undefined;
}

/**
 * The document a record of `part` is written to: in a segmented story, an entry's or audit record's
 * goes to the loaded segment of its last turn; anything else, and a record whose last turn is not on
 * this device (the sweep moves it once it is), to the root.
 */
export function chronicleDocFor(root: Y.Doc, part: string, record: unknown): Y.Doc {
  const set = storySetOf(root);
  const last = recordTurns(record)?.at(-1);
  if (!set || !SEGMENT_PARTS.has(part) || last === undefined) return root;
  const depth = turnDepth(root, last);
  return (depth !== undefined && set.segment(bandOf(set, depth))) || root;
}

/** The documents a part's records are read from: the root, then (segment parts) every loaded segment. */
export function chronicleDocs(root: Y.Doc, part: string): Y.Doc[] {
  const set = storySetOf(root);
  if (!set || !SEGMENT_PARTS.has(part)) return [root];
  return [root, ...set.loaded().map((n) => set.segment(n) as Y.Doc)];
}
