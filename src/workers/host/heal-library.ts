// The story list heals at start: a story stored on this device with no entry in the list (the page
// reloaded between storing a new story and listing it) is listed again, so nothing stored is out of
// reach. A deletion removes the story's database before its entry, so a deleted story never returns.
import { listStories } from '../../driver/doc/library-doc.ts';
import { listParticipants } from '../../driver/doc/participants.ts';
import { readMeta } from '../../driver/doc/story-doc.ts';
import type { HostContext } from './context.ts';
import { registerStory } from './register-story.ts';

export async function healLibrary(ctx: HostContext): Promise<void> {
  await ctx.store.ready;
  const listed = new Set(listStories(ctx.store.library).map((s) => s.id));
  for (const id of await ctx.store.storedIds()) {
    if (listed.has(id)) continue;
    const opened = await ctx.store.open(id);
    if (!opened.ok) continue;
    const { doc } = opened.story;
    const { title } = readMeta(doc);
    // No title: never a story's start (an id opened empty, or a joined story whose text has not come).
    if (!title) continue;
    await registerStory(
      ctx,
      doc,
      title,
      listParticipants(doc).map((p) => p.name),
    );
  }
}
