// Participants' pictures beside their names: the story screen provides who has which (from the
// overview), a transcript row asks by author id. Without a picture, nothing is shown.
import { createContext, createMemo, Show, useContext, type JSX } from 'solid-js';
import type { StoryState } from './story-state.ts';
import './cast.css';

const AvatarsContext = createContext<(participantId: string) => string | undefined>();

export function CastAvatars(props: { story: StoryState; children: JSX.Element }): JSX.Element {
  const avatars = createMemo(
    () =>
      new Map(
        (props.story.overview()?.participants ?? []).flatMap((p) =>
          p.avatar ? [[p.id, p.avatar] as const] : [],
        ),
      ),
  );
  return (
    <AvatarsContext.Provider value={(id) => avatars().get(id)}>{props.children}</AvatarsContext.Provider>
  );
}

/** A picture; `alt` is the name, or '' where the name is written beside it already. */
export function Avatar(props: { src: string | undefined; alt: string }): JSX.Element {
  return <Show when={props.src}>{(src) => <img class="cast-avatar" src={src()} alt={props.alt} />}</Show>;
}

/** The author's picture in a transcript row, its alt text the author's name. */
export function AuthorAvatar(props: { author: string; name: string }): JSX.Element {
  const avatarOf = useContext(AvatarsContext);
  return <Avatar src={avatarOf?.(props.author)} alt={props.name} />;
}
