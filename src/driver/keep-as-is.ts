// "Keep as is" on one item: the user accepts it and the stale items it rests on, so it stops being
// stale without regenerating anything (staleness propagates, so accepting the item alone would not).
import type * as Y from 'yjs';
import { acceptStale } from './accept.ts';
import { requiredItems } from './freshen.ts';
import type { StaleItem, StoryViews } from './story-views.ts';

export function keepAsIs(doc: Y.Doc, views: StoryViews, item: StaleItem, origin?: unknown): StaleItem[] {
  const node = views.node(item.turnId);
  const before = node.parent ? views.path(node.parent.id) : [];
  const rests = [item.audience ?? node.turn.author];
  if (item.audience !== undefined && node.turn.origin === 'generated') rests.push(node.turn.author);
  const items: StaleItem[] = [...requiredItems(before, rests), item];
  if (item.audience !== undefined && node.turn.origin === 'generated') items.push({ turnId: item.turnId });
  return acceptStale(doc, views, items, origin);
}
