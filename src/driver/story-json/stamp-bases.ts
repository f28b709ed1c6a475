// Gives every generated turn and POV record of a freshly imported tree the basis of its current
// inputs, so that an import starts with nothing stale.
import type * as Y from 'yjs';
import { restampPov } from '../doc/pov.ts';
import { restampTurn } from '../doc/turns.ts';
import { createStoryViews } from '../story-views.ts';

export function stampFreshBases(doc: Y.Doc, origin: unknown = 'import'): void {
  const views = createStoryViews(doc);
  // Expected bases depend on contents only, so all are read before the first write.
  const nodes = views.everyNode();
  views.dispose();
  doc.transact(() => {
    for (const n of nodes) {
      if (n.turn.origin === 'generated') restampTurn(doc, n.id, n.turnExpected);
      for (const [audience, s] of n.pov)
        if (s.state !== 'missing') restampPov(doc, n.id, audience, s.expected);
    }
  }, origin);
}
