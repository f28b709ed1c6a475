// What the actor check is told of a story's cast when `actor` writes a turn: everyone else's name,
// and the user's when the user is someone else (their feelings are the person's to write, V11).
import type { Story } from '../env.ts';
import type { ActorContext } from '../validation/index.ts';

export function actorContext(story: Story, actor: string): ActorContext {
  const cast = story.views.cast();
  const user = cast.user !== undefined && cast.user.id !== actor ? cast.user.name : null;
  return {
    actor: cast.nameOf(actor),
    others: cast.participants.filter((p) => p.id !== actor).map((p) => p.name),
    user,
    language: story.views.meta().language,
  };
}
