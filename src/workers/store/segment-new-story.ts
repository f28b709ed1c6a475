// A new story made as one document (the app's createStory: meta, cast, maybe an opening turn) turned
// into a segmented one before it is first stored: each turn moved into the segment of its depth with
// every key it has (Y types cloned), the leaf written as {id, depth}, the root's schema set to 2.
// A stand-in for the migration's copy (WP5, split-segments.ts) on the few turns a new story has.
import type * as Y from 'yjs';
import { writeLeafRef } from '../../driver/doc/leaf-ref.ts';
import { segmentOf } from '../../driver/doc/segment-key.ts';
import type { OwnedStorySet } from '../../driver/doc/story-set.ts';
import { metaMap, turnsMap } from '../../driver/doc/story-doc.ts';
import { SEGMENTED_SCHEMA_VERSION } from './segment-store.ts';

/** Each turn's depth (roots 0); a turn whose parent chain is broken or loops has none. */
function depths(turns: Y.Map<Y.Map<unknown>>): Map<string, number> {
  const known = new Map<string, number>();
  for (const start of turns.keys()) {
    const chain: string[] = [];
    let id: unknown = start;
    while (typeof id === 'string' && !known.has(id) && !chain.includes(id) && turns.has(id)) {
      chain.push(id);
      id = turns.get(id)?.get('parent');
    }
    let depth = id === null ? -1 : typeof id === 'string' ? known.get(id) : undefined;
    if (depth === undefined) continue;
    for (const turn of chain.reverse()) known.set(turn, ++depth);
  }
  return known;
}

export function segmentNewStory(root: Y.Doc, set: OwnedStorySet, origin?: unknown): void {
  const turns = turnsMap(root);
  const depth = depths(turns);
  const leaf = metaMap(root).get('activeLeaf');
  root.transact(() => {
    for (const [id, d] of depth) {
      const turn = turns.get(id);
      if (!turn) continue;
      const segment = set.ensure(segmentOf(d));
      segment.transact(() => {
        const copy = turn.clone();
        copy.set('depth', d);
        turnsMap(segment).set(id, copy);
      }, origin);
      turns.delete(id);
    }
    const leafDepth = typeof leaf === 'string' ? depth.get(leaf) : undefined;
    writeLeafRef(root, leafDepth === undefined ? null : { id: leaf as string, depth: leafDepth });
    metaMap(root).set('schemaVersion', SEGMENTED_SCHEMA_VERSION);
  }, origin);
}
