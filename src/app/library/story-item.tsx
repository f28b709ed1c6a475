// One story of the library: open it, export it as Story JSON, or delete it (after a confirmation).
import { Show, createSignal, type JSX } from 'solid-js';
import type { StoryJson, StorySummary } from '../../workers/api.ts';
import { downloadJson, fileNameFor } from '../ui/download-json.ts';
import { useDriver } from '../shell/driver-client.ts';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t, uiLocale } from '../i18n/ui-text.ts';

function activity(iso: string): JSX.Element {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return (
    <time class="story-time" dateTime={new Date(time).toISOString()}>
      {new Date(time).toLocaleString(uiLocale(), { dateStyle: 'medium', timeStyle: 'short' })}
    </time>
  );
}

export function StoryItem(props: {
  story: StorySummary;
  onOpen: (storyId: string) => void;
  /** Called with the story as it was, so the library can offer to undo the deletion. */
  onDeleted?: (story: StoryJson) => void;
}): JSX.Element {
  const { api } = useDriver();
  const [confirming, setConfirming] = createSignal(false);
  /** After "Keep", focus goes back to the Delete button that the confirmation replaced. */
  let returnFocus = false;
  const keep = (): void => {
    returnFocus = true;
    setConfirming(false);
  };
  const [error, setError] = createSignal('');
  const exportStory = async (): Promise<void> => {
    setError('');
    const result = await api.exportStory(props.story.id);
    if (!result.ok) return void setError(result.detail);
    downloadJson(result.story, fileNameFor(props.story.title));
  };
  const duplicate = async (): Promise<void> => {
    setError('');
    const exported = await api.exportStory(props.story.id);
    if (!exported.ok) return void setError(exported.detail);
    // Importing a story this device has makes a copy with a new id.
    const copy = await api.importStory({
      ...exported.story,
      title: t('{title} (copy)', { title: exported.story.title }),
    });
    if (!copy.ok) setError(copy.detail);
  };
  const remove = async (): Promise<void> => {
    // Kept in memory first, so the deletion can be undone (the copy is the whole Story JSON).
    const kept = await api.exportStory(props.story.id);
    const result = await api.deleteStory(props.story.id);
    if (!result.ok) setError(result.detail);
    else if (kept.ok) props.onDeleted?.(kept.story);
    setConfirming(false);
  };
  return (
    <li class="story">
      <div class="story-heading">
        <button type="button" class="story-open" onClick={() => props.onOpen(props.story.id)}>
          {props.story.title || t('Untitled story')}
        </button>
        {activity(props.story.lastActivity)}
      </div>
      <Show when={props.story.participants.length > 0}>
        <p class="story-participants">{props.story.participants.join(', ')}</p>
      </Show>
      <div class="story-actions">
        <Show
          when={confirming()}
          fallback={
            <>
              <button
                type="button"
                class="secondary"
                aria-label={t('Export {title}', { title: props.story.title })}
                onClick={() => void exportStory()}
              >
                {t('Export')}
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={t('Duplicate {title}', { title: props.story.title })}
                onClick={() => void duplicate()}
              >
                {t('Duplicate')}
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={t('Delete {title}', { title: props.story.title })}
                ref={(el) => returnFocus && focusOnMount(el)}
                onClick={() => setConfirming(true)}
              >
                {t('Delete')}
              </button>
            </>
          }
        >
          <span class="confirm-text">
            {t('Delete “{title}” from this browser?', { title: props.story.title })}
          </span>
          <button type="button" class="danger" ref={(el) => focusOnMount(el)} onClick={() => void remove()}>
            {t('Delete for good')}
          </button>
          <button type="button" class="secondary" onClick={keep}>
            {t('Keep')}
          </button>
        </Show>
      </div>
      <ErrorAlert message={error()} />
    </li>
  );
}
