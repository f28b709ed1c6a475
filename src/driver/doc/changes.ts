// Which turns a document change touched, so derived views recompute only those (and what hangs off them).
import type * as Y from 'yjs';
import { chroniclesChangedBy } from './chronicle.ts';
import { metaMap, participantsMap, turnsMap } from './story-doc.ts';
import { observeTurnDocs } from './segment-observe.ts';
import { childrenNaming } from './segment-turns.ts';
import { storySetOf, type StorySet } from './story-set.ts';

/**
 * Calls `onTurns` with the ids of turns added, removed or edited in each transaction — in a segmented
 * story, of every loaded segment, and all of a segment's turns when it is loaded or unloaded. Returns
 * an unsubscribe.
 */
export function observeTurnChanges(doc: Y.Doc, onTurns: (ids: Set<string>) => void): () => void {
  return observeTurnDocs(doc, ({ doc: home, late }) => {
    const turns = turnsMap(home);
    const all = () => {
      if (turns.size) onTurns(new Set(turns.keys()));
    };
    const handler = turnsHandler(turns, onTurns, storySetOf(doc));
    if (late) all();
    turns.observeDeep(handler);
    return (left) => {
      turns.unobserveDeep(handler);
      if (left) all();
    };
  });
}

/** A segmented story's turn record replaced or gone, or its depth or parent changed: where it sits. */
const PLACEMENT_KEYS = ['depth', 'parent'];

function turnsHandler(turns: Y.Map<Y.Map<unknown>>, onTurns: (ids: Set<string>) => void, set?: StorySet) {
  return (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    const ids = new Set<string>();
    const placed = new Set<string>();
    for (const e of events) {
      if (e.target === turns)
        for (const [key, change] of e.changes.keys) {
          ids.add(key);
          if (change.action !== 'add') placed.add(key);
        }
      else {
        const first = e.path[0];
        if (typeof first !== 'string') continue;
        ids.add(first);
        if (e.path.length === 1 && PLACEMENT_KEYS.some((k) => e.changes.keys.has(k))) placed.add(first);
      }
    }
    // Its children follow its depth or not (SG5): they change with it.
    if (set && placed.size) for (const id of childrenNaming(set, placed)) ids.add(id);
    if (ids.size) onTurns(ids);
  };
}

export interface StoryChange {
  turnIds: string[];
  participants: boolean;
  meta: boolean;
}

/** Calls `onChange` once per transaction that touched the story, saying which parts. */
export function observeStoryChanges(doc: Y.Doc, onChange: (change: StoryChange) => void): () => void {
  let turnIds = new Set<string>();
  const stopTurns = observeTurnChanges(doc, (ids) => ids.forEach((id) => turnIds.add(id)));
  const participants = participantsMap(doc);
  const meta = metaMap(doc);
  const handler = (tr: Y.Transaction) => {
    const touched = new Set<unknown>([...tr.changed.keys(), ...tr.changedParentTypes.keys()]);
    const change = {
      turnIds: [...turnIds],
      // A participant's chronicle is kept beside its entry (D13): a change to it is the participant's.
      participants: touched.has(participants) || chroniclesChangedBy(tr).size > 0,
      meta: touched.has(meta),
    };
    turnIds = new Set();
    if (change.turnIds.length || change.participants || change.meta) onChange(change);
  };
  doc.on('afterTransaction', handler);
  // A segment's own transactions, and a segment loaded or unloaded, change turns only. This attaches
  // after `stopTurns` did, so each segment's ids are collected before they are told.
  const turnsOnly = () => {
    if (!turnIds.size) return;
    const ids = [...turnIds];
    turnIds = new Set();
    onChange({ turnIds: ids, participants: false, meta: false });
  };
  const stopSegments = observeTurnDocs(doc, ({ doc: home, late }) => {
    if (home === doc) return () => undefined;
    if (late) turnsOnly();
    home.on('afterTransaction', turnsOnly);
    return (left) => {
      home.off('afterTransaction', turnsOnly);
      if (left) turnsOnly();
    };
  });
  return () => {
    stopTurns();
    stopSegments();
    doc.off('afterTransaction', handler);
  };
}
