// "Keep as is": the user's explicit decision that stale items stay. Their bases are re-stamped to the
// current fingerprints; what was stale only because of them becomes fresh again by itself. Keeping
// one item keeps the stale items it rests on too (staleness propagates: the item alone would not do).
import type * as Y from 'yjs';
import { restampPov } from '../doc/pov.ts';
import { restampTurn } from '../doc/turns.ts';
import { requiredItems } from './required-items.ts';
import type { StaleItem, StoryViews } from './story-views.ts';

const same = (a: StaleItem, b: StaleItem) => a.turnId === b.turnId && a.audience === b.audience;

/** Accepts the given stale items (default: every stale item on the active path). Returns what was accepted. */
export function acceptStale(
  doc: Y.Doc,
  views: StoryViews,
  items?: StaleItem[],
  origin?: unknown,
): StaleItem[] {
  const stale = views.staleItems();
  const chosen = items ? stale.filter((s) => items.some((i) => same(i, s))) : stale;
  // Expected fingerprints depend on contents, never on bases, so they can all be read before writing.
  const stamps = chosen.map((item) => {
    const n = views.node(item.turnId);
    return {
      item,
      basis: item.audience === undefined ? n.turnExpected : (n.pov.get(item.audience)?.expected ?? ''),
    };
  });
  doc.transact(() => {
    for (const { item, basis } of stamps) {
      if (item.audience === undefined) restampTurn(doc, item.turnId, basis);
      else restampPov(doc, item.turnId, item.audience, basis);
    }
  }, origin);
  return chosen;
}

/** Keeps one stale item as it is, with the stale items it rests on. */
export function keepAsIs(doc: Y.Doc, views: StoryViews, item: StaleItem, origin?: unknown): StaleItem[] {
  const node = views.node(item.turnId);
  const before = node.parent ? views.path(node.parent.id) : [];
  const rests = [item.audience ?? node.turn.author];
  if (item.audience !== undefined && node.turn.origin === 'generated') rests.push(node.turn.author);
  const items: StaleItem[] = [...requiredItems(before, rests), item];
  if (item.audience !== undefined && node.turn.origin === 'generated') items.push({ turnId: item.turnId });
  return acceptStale(doc, views, items, origin);
}
