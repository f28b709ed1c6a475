// Segmented stories built by hand for the store and sync tests, in the fixed layout of
// docs/design/segmented-story.md §2.1: a root (schema 2, `meta.leaf`, no turns) and segment documents
// whose `turns` hold each turn as today plus `depth`. Turns are written straight into the segment docs,
// not through the driver's appendTurn.
import * as Y from 'yjs';
import { addParticipant } from '../../src/driver/doc/participants.ts';
import { readLeafRef, writeLeafRef } from '../../src/driver/doc/leaf-ref.ts';
import { segmentOf, type TurnRef } from '../../src/driver/doc/segment-key.ts';
import { createStorySet, type OwnedStorySet, type StorySet } from '../../src/driver/doc/story-set.ts';
import { createStory, metaMap, turnsMap } from '../../src/driver/doc/story-doc.ts';
import { SEGMENTED_SCHEMA_VERSION } from '../../src/driver/doc/segment-meta.ts';
import { makeSegmentDoc } from '../../src/workers/store/segment-store.ts';

export const AUTHOR = 'wren';

/** The id of the chain's turn at `depth`. */
export const turnAt = (depth: number) => `t${depth}`;

/** Writes one turn at `depth` into segment doc `segment` (the caller picks the right one). */
export function writeTurn(segment: Y.Doc, id: string, parent: string | null, depth: number, text: string) {
  const turn = new Y.Map<unknown>();
  segment.transact(() => {
    turnsMap(segment).set(id, turn);
    turn.set('parent', parent);
    turn.set('author', AUTHOR);
    turn.set('audiences', [AUTHOR]);
    turn.set('source', new Y.Text(text));
    turn.set('origin', 'authored');
    turn.set('createdAt', '2026-01-01T00:00:00.000Z');
    turn.set('pov', new Y.Map());
    turn.set('depth', depth);
  });
}

/** Appends the next turn of the chain under the leaf, into the segment of its depth, and moves the leaf. */
export function appendChainTurn(set: StorySet, text: string): TurnRef {
  const leaf = readLeafRef(set.root);
  const depth = leaf ? leaf.depth + 1 : 0;
  writeTurn(set.ensure(segmentOf(depth)), turnAt(depth), leaf?.id ?? null, depth, text);
  writeLeafRef(set.root, { id: turnAt(depth), depth });
  return { id: turnAt(depth), depth };
}

/** A root of schema 2 with one participant and its set (segments made as the store makes them). */
export function segmentedRoot(storyId: string): { root: Y.Doc; set: OwnedStorySet } {
  const root = new Y.Doc({ guid: storyId });
  createStory(root, { title: 'The long road', language: 'en', createdAt: '2026-01-01T00:00:00.000Z' });
  metaMap(root).set('schemaVersion', SEGMENTED_SCHEMA_VERSION);
  addParticipant(root, { id: AUTHOR, kind: 'user', name: 'Wren', present: true, persona: '' });
  const set = createStorySet(root, (n) => makeSegmentDoc(storyId, n));
  return { root, set };
}

/** A segmented story whose one path has `turns` turns (depths 0 … turns − 1). */
export function segmentedChain(
  storyId: string,
  turns: number,
  text: (depth: number) => string = (depth) => `Turn ${depth}.`,
) {
  const made = segmentedRoot(storyId);
  for (let depth = 0; depth < turns; depth++) appendChainTurn(made.set, text(depth));
  return made;
}

/** The text of turn `id` in a segment doc, or undefined when it holds no such turn. */
export const turnText = (segment: Y.Doc | undefined, id: string) =>
  segment ? turnsMap(segment).get(id)?.get('source')?.toString() : undefined;
