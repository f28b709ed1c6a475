// The user's transcript: a log of what the user wrote and perceived, with the user's projection of
// the turn being generated streaming in, and a typing indicator while a character writes.
import { For, Show, createEffect, createMemo, on, onCleanup, type JSX } from 'solid-js';
import { PendingRow } from './pending-row.tsx';
import type { StoryState } from './story-state.ts';
import { TranscriptRowView } from './transcript-row.tsx';

/** Within this distance of the end, new text keeps the view scrolled to the end. */
const FOLLOW_THRESHOLD_PX = 96;

/** Keeps the page at its end while the user is there, as new rows and tokens arrive. */
function followEnd(track: () => unknown): void {
  let following = true;
  const measure = (): void => {
    const { scrollHeight } = document.documentElement;
    following = window.innerHeight + window.scrollY >= scrollHeight - FOLLOW_THRESHOLD_PX;
  };
  window.addEventListener('scroll', measure, { passive: true });
  onCleanup(() => window.removeEventListener('scroll', measure));
  createEffect(
    on(track, () => {
      if (following) window.scrollTo({ top: document.documentElement.scrollHeight });
    }),
  );
}

export function TranscriptView(props: { story: StoryState }): JSX.Element {
  const story = props.story;
  /** The streamed projection of a turn that has no row yet (its row appears once it is stored). */
  const unlisted = (): string | null => {
    const streaming = story.streaming();
    if (!streaming || story.rows.some((row) => row.turnId === streaming.turnId)) return null;
    return streaming.text;
  };
  const actingName = (): string | null => {
    const phase = story.phase();
    return phase?.kind === 'acting' ? story.nameOf(phase.actor) : null;
  };
  /** Who wrote the turn now being projected: the last actor of this generation. */
  const lastActor = createMemo<string | undefined>(
    (previous) => actingName() ?? (story.phase() ? previous : undefined),
    undefined,
  );
  followEnd(() => [story.rows.length, story.streaming()?.text, actingName()]);
  return (
    <div class="transcript" role="log" aria-label="Transcript" aria-busy={story.generating()}>
      <Show when={story.rows.length > 0 || story.generating()} fallback={<EmptyTranscript />}>
        <ol class="turns">
          <For each={story.rows}>
            {(row) => (
              <TranscriptRowView
                row={row}
                streamingText={story.streaming()?.turnId === row.turnId ? story.streaming()?.text : undefined}
              />
            )}
          </For>
          <Show when={unlisted()}>{(text) => <PendingRow author={lastActor()} text={text()} />}</Show>
          <Show when={actingName()}>{(name) => <PendingRow author={name()} typing />}</Show>
        </ol>
      </Show>
    </div>
  );
}

function EmptyTranscript(): JSX.Element {
  return <p class="muted transcript-empty">The story has not begun. Write the first turn below.</p>;
}
