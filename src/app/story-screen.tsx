// The story screen: the user's transcript, what is being generated, and the composer. Opening it
// moves keyboard focus to its title, so screen readers announce where the user is. Later the turn
// inspector and branches hang off the rows (issue 5); everything here reads the worker's view slices.
import { Show, type JSX } from 'solid-js';
import { Composer } from './composer.tsx';
import { focusOnMount } from './focus-on-mount.ts';
import { PhaseStatus } from './phase-status.tsx';
import { routeHash } from './route.ts';
import { createStoryState } from './story-state.ts';
import { TranscriptView } from './transcript-view.tsx';

export function StoryScreen(props: { storyId: string }): JSX.Element {
  // The screen is keyed by story id (app.tsx), so the state belongs to one story.
  const story = createStoryState(props.storyId);
  return (
    <section class="story-screen" aria-labelledby="story-title">
      <nav class="story-nav">
        <a href={routeHash({ screen: 'library' })}>← Stories</a>
      </nav>
      <Show
        when={story.overview()}
        fallback={
          <Show when={story.loadError()} fallback={<p class="muted">Opening the story…</p>}>
            <h2 id="story-title">Story not available</h2>
            <p class="error" role="alert">
              {story.loadError()}
            </p>
          </Show>
        }
      >
        {(overview) => (
          <>
            <h2
              id="story-title"
              class="story-screen-title"
              tabIndex={-1}
              ref={(el) => focusOnMount(el, { preventScroll: true })}
            >
              {overview().title}
            </h2>
            <TranscriptView story={story} />
            <PhaseStatus story={story} />
            <Show when={story.error()}>
              <div class="error-box" role="alert">
                <strong>That did not work.</strong> <span>{story.error()}</span>
              </div>
            </Show>
            <Composer story={story} />
          </>
        )}
      </Show>
    </section>
  );
}
