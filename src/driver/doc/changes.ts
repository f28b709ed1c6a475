// Which turns a document change touched, so derived views recompute only those (and what hangs off them).
import type * as Y from 'yjs';
import { turnsMap } from './story-doc.ts';

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
