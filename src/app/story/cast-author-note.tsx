// The story's Author's Note in the scene's options: a text that steers every character, told in each
// character's request a number of messages before the end of what it sees (SillyTavern's default: 4).
// Saved on Save; the next turns use it.
import { createEffect, createMemo, createSignal, Show, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import { t } from '../i18n/ui-text.ts';
import type { StoryState } from './story-state.ts';

/** As the driver's default depth (driver/doc/author-note.ts), for a story that has set none. */
const DEFAULT_DEPTH = 4;
const MAX_DEPTH = 100;

export function AuthorNoteField(props: { story: StoryState }): JSX.Element {
  const { api } = useDriver();
  // Memos: a re-read overview with the same note changes nothing, so an edit in progress stays.
  const storedText = createMemo(() => props.story.overview()?.settings.authorNote ?? '');
  const storedDepth = createMemo(() => props.story.overview()?.settings.authorNoteDepth ?? DEFAULT_DEPTH);
  const [text, setText] = createSignal('');
  const [depth, setDepth] = createSignal(DEFAULT_DEPTH);
  const [error, setError] = createSignal('');
  const [saved, setSaved] = createSignal(false);
  const [open, setOpen] = createSignal(false);
  // The fields follow the stored note (this device's Save, or another device's) until edited.
  createEffect(() => {
    setText(storedText());
    setDepth(storedDepth());
  });
  const save = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    setError('');
    setSaved(false);
    const result = await runCommand(
      () => api.setAuthorNote(props.story.storyId, { text: text(), depth: depth() }),
      { error: setError, cancelled: setError },
    );
    setSaved(result.ok);
  };
  return (
    // Folded behind a button: the scene's options sit in the composer, and an open form there would
    // cover the transcript (a nested <details> would be a second summary in the options).
    <div class="author-note">
      <button type="button" class="small secondary" aria-expanded={open()} onClick={() => setOpen(!open())}>
        {t('Author’s note')}
      </button>
      <Show when={open()}>
        <form class="author-note-form" aria-label={t('Author’s note')} onSubmit={(event) => void save(event)}>
          <label class="field">
            <span>{t('Author’s note')}</span>
            <textarea
              rows={3}
              value={text()}
              onInput={(event) => {
                setSaved(false);
                setText(event.currentTarget.value);
              }}
            />
          </label>
          <label class="field">
            <span>{t('Depth (messages before the end of what each character sees)')}</span>
            <input
              type="number"
              min="0"
              max={MAX_DEPTH}
              value={depth()}
              onInput={(event) => {
                setSaved(false);
                setDepth(event.currentTarget.valueAsNumber);
              }}
            />
          </label>
          <p class="muted">
            {t('Told to every character’s next turns as a narrator’s note; never to what anyone perceives.')}
          </p>
          <ErrorAlert message={error()} />
          <div class="cast-editor-actions">
            <button type="submit">{t('Save the note')}</button>
            {saved() ? <span role="status">{t('Saved.')}</span> : null}
          </div>
        </form>
      </Show>
    </div>
  );
}
