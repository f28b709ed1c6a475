// Observing every document that holds a story's turns: the story's own, or each segment document
// loaded now and every one loaded later, detached when it is unloaded (docs/design/segmented-story.md §2.5)
// — and a segmented story's root too, where a device of the older layout may still write turns (the
// migration's sweep moves them; nothing reads them there).
import type * as Y from 'yjs';
import { storySetOf } from './story-set.ts';

/** What an attach is told: which document, and whether it joins a set already observed (loaded now). */
export interface TurnDocJoin {
  doc: Y.Doc;
  /** Loaded after observing began: its turns appeared at once. */
  late: boolean;
}

/**
 * Calls `attach` for each document holding the story's turns, now and as segments are loaded, and
 * the detach it returned when one is unloaded (then with `left` true: its turns are gone). Returns
 * the stop of it all.
 */
export function observeTurnDocs(
  root: Y.Doc,
  attach: (join: TurnDocJoin) => (left: boolean) => void,
): () => void {
  const set = storySetOf(root);
  if (!set) {
    const detach = attach({ doc: root, late: false });
    return () => detach(false);
  }
  const detaches = new Map<Y.Doc, (left: boolean) => void>();
  detaches.set(root, attach({ doc: root, late: false }));
  for (const n of set.loaded()) {
    const doc = set.segment(n) as Y.Doc;
    detaches.set(doc, attach({ doc, late: false }));
  }
  const stopSet = set.observe((e) => {
    if (e.kind === 'added' && !detaches.has(e.doc)) detaches.set(e.doc, attach({ doc: e.doc, late: true }));
    if (e.kind === 'removed') {
      detaches.get(e.doc)?.(true);
      detaches.delete(e.doc);
    }
  });
  return () => {
    stopSet();
    for (const detach of detaches.values()) detach(false);
    detaches.clear();
  };
}
