// Gives the generated turns and POV records of a freshly imported tree that carry `unstamped` as
// their basis the basis of their current inputs: an item the file gave no basis is fresh.
import { DocOrigin } from '../doc/origins.ts';
import type * as Y from 'yjs';
import { restampPov } from '../doc/pov.ts';
import { restampTurn } from '../doc/turns.ts';
import { createStoryViews } from '../views/story-views.ts';

export function stampFreshBases(doc: Y.Doc, unstamped: string, origin: unknown = DocOrigin.import): void {
  const views = createStoryViews(doc);
  // Expected bases depend on contents only, so all are read before the first write.
  const nodes = views.everyNode();
  views.dispose();
  doc.transact(() => {
    for (const n of nodes) {
      if (n.turn.origin === 'generated' && n.turn.basis === unstamped) restampTurn(doc, n.id, n.turnExpected);
      for (const [audience, s] of n.pov)
        if (n.turn.pov[audience]?.basis === unstamped) restampPov(doc, n.id, audience, s.expected);
    }
  }, origin);
}
