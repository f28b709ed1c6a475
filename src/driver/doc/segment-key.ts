// Which document of a segmented story holds a turn (docs/design/segmented-story.md §2.2): the band of
// its depth. A turn's parent never changes, so its depth — and its segment — is fixed at birth, and
// every device computes the same number without agreeing on anything.

/** Depths per segment document: one band of the tree. */
export const SEGMENT_DEPTHS = 500;

/** A turn and its depth (root turns 0): enough to find its document without an index. */
export interface TurnRef {
  id: string;
  depth: number;
}

export const segmentOf = (depth: number): number => Math.floor(depth / SEGMENT_DEPTHS);

/** The first depth of segment `n`'s band. */
export const segmentStart = (n: number): number => n * SEGMENT_DEPTHS;

/** A segment document's guid, room and database suffix. `~` is never in a story id, so none collide. */
export const segmentGuid = (storyId: string, n: number): string => `${storyId}~${n}`;

const SEGMENT_GUID = /^([A-Za-z0-9_-]{1,128})~(0|[1-9][0-9]{0,5})$/;

/** The story and segment a guid names, or null when it is not a segment's (a story's own, or malformed). */
export function parseSegmentGuid(guid: string): { storyId: string; n: number } | null {
  const m = SEGMENT_GUID.exec(guid);
  return m ? { storyId: m[1] as string, n: Number(m[2]) } : null;
}
