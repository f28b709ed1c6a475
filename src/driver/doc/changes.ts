// Which turns a document change touched, so derived views recompute only those (and what hangs off them).
import type * as Y from 'yjs';
import { chroniclesChangedBy } from './chronicle.ts';
import { metaMap, participantsMap, turnsMap } from './story-doc.ts';

/** Calls `onTurns` with the ids of turns added, removed or edited in each transaction. Returns an unsubscribe. */
export function observeTurnChanges(doc: Y.Doc, onTurns: (ids: Set<string>) => void): () => void {
  const turns = turnsMap(doc);
  const handler = (events: Y.YEvent<Y.AbstractType<unknown>>[]) => {
    const ids = new Set<string>();
    for (const e of events) {
      if (e.target === turns) for (const key of e.changes.keys.keys()) ids.add(key);
      else {
        const first = e.path[0];
        if (typeof first === 'string') ids.add(first);
      }
    }
    if (ids.size) onTurns(ids);
  };
  turns.observeDeep(handler);
  return () => turns.unobserveDeep(handler);
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
  return () => {
    stopTurns();
    doc.off('afterTransaction', handler);
  };
}
