// One story of the library: its title as a link to it (a new tab works too), when it was last played
// and its turns; export it as Story JSON (after the story's background has written what it could, and
// saying what the file lacks), duplicate it, or delete it (after a confirmation).
import { Show, createSignal, type JSX } from 'solid-js';
import type { Result, StoryJson, StorySummary } from '../../workers/api.ts';
import { downloadJson, fileNameFor } from '../ui/download-json.ts';
import { useDriver } from '../shell/driver-client.ts';
import { routeHash } from '../shell/route.ts';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { nameList, t, uiLocale } from '../i18n/ui-text.ts';
import { forgetScreen } from '../shell/last-screen-store.ts';

const valid = (iso: string): Date | undefined => {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? undefined : new Date(time);
};

const LAST_PLAYED: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };
/** Two stories of one title and cast, started minutes apart, still read apart. */
const STARTED: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

function when(iso: string, format: Intl.DateTimeFormatOptions): JSX.Element {
  const date = valid(iso);
  return date ? <time dateTime={date.toISOString()}>{date.toLocaleString(uiLocale(), format)}</time> : null;
}

/** What tells this story from others of the same title: its cast and when it was started. */
function tellApart(story: StorySummary): string {
  const started = valid(story.createdAt)?.toLocaleString(uiLocale(), STARTED) ?? '';
  return story.participants.length > 0
    ? t('with {names}, started {date}', { names: nameList(story.participants), date: started })
    : t('started {date}', { date: started });
}

export function StoryItem(props: {
  story: StorySummary;
  /** Another story has the same title: this one says what tells it apart. */
  sharedTitle: boolean;
  /** Called with the story as it was, so the library can offer to undo the deletion. */
  onDeleted?: (story: StoryJson) => void;
}): JSX.Element {
  const { api, background } = useDriver();
  const title = (): string => props.story.title || t('Untitled story');
  const tell = (): string | undefined => (props.sharedTitle ? tellApart(props.story) : undefined);
  /** The story's name in the buttons' labels, told apart like the title. */
  const named = (): string => {
    const apart = tell();
    return apart ? t('{title} ({details})', { title: title(), details: apart }) : title();
  };
  const [confirming, setConfirming] = createSignal(false);
  /** After "Keep", focus goes back to the Delete button that the confirmation replaced. */
  let returnFocus = false;
  const keep = (): void => {
    returnFocus = true;
    setConfirming(false);
  };
  const [error, setError] = createSignal('');
  /** An export (or a duplicate) waits for the story's background to finish writing. */
  const [exporting, setExporting] = createSignal(false);
  /** Perceptions the last exported file goes without. */
  const [unwritten, setUnwritten] = createSignal(0);
  const exportNow = async (): Promise<Result<{ story: StoryJson; unwritten: number }>> => {
    setError('');
    setUnwritten(0);
    setExporting(true);
    try {
      return await api.exportStory(props.story.id);
    } finally {
      setExporting(false);
    }
  };
  const exportStory = async (): Promise<void> => {
    if (exporting()) return;
    const result = await exportNow();
    if (!result.ok) return void setError(result.detail);
    setUnwritten(result.unwritten);
    downloadJson(result.story, fileNameFor(props.story.title));
  };
  const duplicate = async (): Promise<void> => {
    if (exporting()) return;
    const exported = await exportNow();
    if (!exported.ok) return void setError(exported.detail);
    // Importing a story this device has makes a copy with a new id.
    const copy = await api.importStory({
      ...exported.story,
      title: t('{title} (copy)', { title: exported.story.title }),
    });
    if (!copy.ok) setError(copy.detail);
  };
  const remove = async (): Promise<void> => {
    // What the story is writing stops first: the copy below need not wait for it, and it is going.
    await api.cancel(props.story.id);
    // Kept in memory first, so the deletion can be undone (the copy is the whole Story JSON).
    const kept = await api.exportStory(props.story.id);
    const result = await api.deleteStory(props.story.id);
    if (!result.ok) setError(result.detail);
    else {
      forgetScreen(props.story.id);
      if (kept.ok) props.onDeleted?.(kept.story);
    }
    setConfirming(false);
  };
  return (
    <li class="story">
      <div class="story-heading">
        <a class="story-open" href={routeHash({ screen: 'story', storyId: props.story.id })}>
          {title()}
          <Show when={tell()}>{(apart) => <span class="story-tell">{apart()}</span>}</Show>
        </a>
        <p class="story-facts">
          <Show when={valid(props.story.lastActivity)}>
            <span class="story-time">
              {t('Last played:')} {when(props.story.lastActivity, LAST_PLAYED)}
            </span>
          </Show>
          <Show when={props.story.turns !== undefined}>
            <span class="story-turns">{t('Turns: {count}', { count: props.story.turns ?? 0 })}</span>
          </Show>
          <Show when={props.story.unreadable}>
            {(count) => (
              <span class="story-unreadable">
                {t('Parts that cannot be read: {count}', { count: count() })}
              </span>
            )}
          </Show>
        </p>
      </div>
      <Show when={props.story.participants.length > 0}>
        <p class="story-participants">{nameList(props.story.participants)}</p>
      </Show>
      <div class="story-actions">
        <Show
          when={confirming()}
          fallback={
            <>
              <button
                type="button"
                class="secondary"
                aria-label={t('Export {title}', { title: named() })}
                aria-disabled={exporting()}
                onClick={() => void exportStory()}
              >
                {t('Export')}
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={t('Duplicate {title}', { title: named() })}
                aria-disabled={exporting()}
                onClick={() => void duplicate()}
              >
                {t('Duplicate')}
              </button>
              <button
                type="button"
                class="secondary"
                aria-label={t('Delete {title}', { title: named() })}
                ref={(el) => returnFocus && focusOnMount(el)}
                onClick={() => setConfirming(true)}
              >
                {t('Delete')}
              </button>
            </>
          }
        >
          <span class="confirm-text">{t('Delete “{title}” from this browser?', { title: named() })}</span>
          <button type="button" class="danger" ref={(el) => focusOnMount(el)} onClick={() => void remove()}>
            {t('Delete for good')}
          </button>
          <button type="button" class="secondary" onClick={keep}>
            {t('Keep')}
          </button>
        </Show>
      </div>
      <Show when={exporting() && background(props.story.id).running}>
        <p class="story-export-note" role="status">
          {t('Waiting for the story to finish writing what its participants perceived…')}
        </p>
      </Show>
      <Show when={unwritten()}>
        {(count) => (
          <p class="story-export-note" role="status">
            {count() === 1
              ? t(
                  'The file lacks 1 perception that could not be written: the model failed, or its writing was stopped. Open the story to write it, then export again.',
                )
              : t(
                  'The file lacks {count} perceptions that could not be written: the model failed, or their writing was stopped. Open the story to write them, then export again.',
                  { count: count() },
                )}
          </p>
        )}
      </Show>
      <ErrorAlert message={error()} />
    </li>
  );
}
