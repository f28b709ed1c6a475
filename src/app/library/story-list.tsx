// The library's stories, last played first, with a search by title or character name, an empty state
// for a new library and one for a search that finds nothing.
import { For, Show, createMemo, createSignal, type Accessor, type JSX } from 'solid-js';
import type { StoryJson, StorySummary } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { StoryItem } from './story-item.tsx';
import { hasSharedTitle, matchesSearch, sharedTitles } from './story-search.ts';

export function StoryList(props: {
  /** Undefined while the worker has not answered yet. */
  stories: Accessor<StorySummary[] | undefined>;
  onDeleted?: (story: StoryJson) => void;
}): JSX.Element {
  const [query, setQuery] = createSignal('');
  const sorted = createMemo(() =>
    [...(props.stories() ?? [])].sort((a, b) => Date.parse(b.lastActivity) - Date.parse(a.lastActivity)),
  );
  const shared = createMemo(() => sharedTitles(sorted()));
  const found = createMemo(() => sorted().filter((story) => matchesSearch(story, query())));
  return (
    <section class="story-list" aria-labelledby="stories-heading">
      <h2 id="stories-heading">{t('Stories')}</h2>
      <Show when={props.stories()}>
        <Show
          when={sorted().length > 0}
          fallback={
            <div class="empty-state">
              <p class="empty-title">{t('No stories yet.')}</p>
              <p class="empty-hint">
                {t('Stories you start or import are kept in this browser and listed here.')}
              </p>
            </div>
          }
        >
          <label class="field story-search">
            <span>{t('Search stories')}</span>
            <input
              type="search"
              value={query()}
              placeholder={t('Title or character')}
              onInput={(event) => setQuery(event.currentTarget.value)}
            />
          </label>
          <Show
            when={found().length > 0}
            fallback={
              <p class="empty-state" role="status">
                {t('No story matches “{query}”.', { query: query().trim() })}
              </p>
            }
          >
            <ul class="stories">
              <For each={found()}>
                {(story) => (
                  <StoryItem
                    story={story}
                    sharedTitle={hasSharedTitle(shared(), story)}
                    {...(props.onDeleted ? { onDeleted: props.onDeleted } : {})}
                  />
                )}
              </For>
            </ul>
          </Show>
        </Show>
      </Show>
    </section>
  );
}
