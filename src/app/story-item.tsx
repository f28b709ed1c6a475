// One story of the library: open it, export it as Story JSON, or delete it (after a confirmation).
import { Show, createSignal, type JSX } from 'solid-js';
import type { StorySummary } from '../workers/api.ts';
import type { StoryJson } from '../driver/story-json/schema.ts';
import { downloadJson, fileNameFor } from './download-json.ts';
import { useDriver } from './driver-client.ts';
import { focusOnMount } from './focus-on-mount.ts';
import { ErrorAlert } from './error-alert.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function activity(iso: string): JSX.Element {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return (
    <time class="story-time" dateTime={new Date(time).toISOString()}>
      {dateFormat.format(time)}
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
    const copy = await api.importStory({ ...exported.story, title: `${exported.story.title} (copy)` });
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
          {props.story.title || 'Untitled story'}
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
                aria-label={`Export ${props.story.title}`}
                onClick={() => void exportStory()}
              >
                Export
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={`Duplicate ${props.story.title}`}
                onClick={() => void duplicate()}
              >
                Duplicate
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={`Delete ${props.story.title}`}
                ref={(el) => returnFocus && focusOnMount(el)}
                onClick={() => setConfirming(true)}
              >
                Delete
              </button>
            </>
          }
        >
          <span class="confirm-text">Delete “{props.story.title}” from this browser?</span>
          <button type="button" class="danger" ref={(el) => focusOnMount(el)} onClick={() => void remove()}>
            Delete for good
          </button>
          <button type="button" class="secondary" onClick={keep}>
            Keep
          </button>
        </Show>
      </div>
      <ErrorAlert message={error()} />
    </li>
  );
}
