// A story this device now has (created, imported or made from a chat) joins the library's list, and
// is stored before the command answers: a reload right after must still list it.
import type * as Y from 'yjs';
import { putStoryEntry } from '../../driver/doc/library-doc.ts';
import type { HostContext } from './context.ts';
import { activePathLength } from './story-listing.ts';

export async function registerStory(
  ctx: HostContext,
  doc: Y.Doc,
  title: string,
  names: string[],
): Promise<void> {
  const now = new Date(ctx.clock()).toISOString();
  putStoryEntry(ctx.store.library, {
    id: doc.guid,
    title,
    createdAt: now,
    lastActivity: now,
    participants: names,
    turns: activePathLength(doc),
  });
  await ctx.store.flush();
  ctx.emit({ kind: 'library-changed' });
}
