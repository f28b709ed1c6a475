// Whose point of view the transcript shows: a heading that says it is what the reader perceived, the
// "Read as" choice of any participant, and while reading as someone else a read-only banner with the
// way back. The banner is a live region, so screen readers hear the choice.
import { For, Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

export function PointOfView(props: { story: StoryState }): JSX.Element {
  const story = props.story;
  const participants = () => story.overview()?.participants ?? [];
  const userId = () => story.overview()?.userId ?? '';
  const reader = (): string | null => story.readingAs();
  let choice: HTMLSelectElement | undefined;
  const back = (): void => {
    story.readAs(null);
    choice?.focus();
  };
  return (
    <div class="point-of-view">
      <div class="point-of-view-head">
        <h3 class="point-of-view-title">
          {reader() === null
            ? t('What you perceived')
            : t('What {name} perceived', { name: story.nameOf(reader() ?? '') })}
        </h3>
        <label class="inline-field">
          <span>{t('Read as')}</span>
          <select
            ref={(el) => (choice = el)}
            value={reader() ?? userId()}
            onChange={(event) => story.readAs(event.currentTarget.value)}
          >
            <For each={participants()}>
              {(p) => (
                <option value={p.id} selected={p.id === (reader() ?? userId())}>
                  {p.id === userId() ? t('You ({name})', { name: p.name }) : p.name}
                </option>
              )}
            </For>
          </select>
        </label>
      </div>
      <div role="status" class="read-as-status">
        <Show
          when={reader()}
          fallback={<span class="visually-hidden">{t('Showing your own point of view.')}</span>}
        >
          {(id) => (
            <div class="read-as-banner">
              <span>
                {t('Reading as {name} — what {name} perceived. Read-only.', { name: story.nameOf(id()) })}
              </span>{' '}
              <button type="button" class="small" onClick={back}>
                {t('Back to your view')}
              </button>
            </div>
          )}
        </Show>
      </div>
    </div>
  );
}
