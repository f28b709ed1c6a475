// The library's stories, most recently active first, with an empty state for a new library.
import { For, Show, createMemo, type Accessor, type JSX } from 'solid-js';

export interface StorySummary {
  id: string;
  title: string;
  /** Milliseconds since the epoch of the story's last change. */
  lastActivity: number;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function StoryList(props: { stories: Accessor<StorySummary[]> }): JSX.Element {
  const sorted = createMemo(() => [...props.stories()].sort((a, b) => b.lastActivity - a.lastActivity));
  return (
    <section class="story-list" aria-labelledby="stories-heading">
      <h2 id="stories-heading">Stories</h2>
      <Show
        when={sorted().length > 0}
        fallback={
          <div class="empty-state">
            <p class="empty-title">No stories yet.</p>
            <p class="empty-hint">Stories you start or import are kept in this browser and listed here.</p>
          </div>
        }
      >
        <ul class="stories">
          <For each={sorted()}>
            {(story) => (
              <li class="story">
                <span class="story-title">{story.title}</span>
                <time class="story-time" dateTime={new Date(story.lastActivity).toISOString()}>
                  {dateFormat.format(story.lastActivity)}
                </time>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}
