// Adds a character to a running story: a new one (name and description), or one of the library's
// characters with its card. It joins the scene from the next turn on; the turns before stay unseen by it.
import { createResource, createSignal, For, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import { t } from '../i18n/ui-text.ts';

export function CastAdd(props: { storyId: string; onClose: () => void }): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [library] = createResource(libraryVersion, () => api.libraryCast());
  const [from, setFrom] = createSignal('');
  const [name, setName] = createSignal('');
  const [description, setDescription] = createSignal('');
  const [error, setError] = createSignal('');
  const choose = (id: string): void => {
    setFrom(id);
    const character = library.latest?.characters.find((c) => c.id === id);
    setName(character?.name ?? '');
    setDescription(character?.card.description ?? '');
  };
  const add = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    setError('');
    const character = {
      name: name(),
      description: description(),
      ...(from() ? { fromLibrary: from() } : {}),
    };
    const result = await runCommand(() => api.addCharacter(props.storyId, character), {
      error: setError,
      cancelled: setError,
    });
    if (result.ok) props.onClose();
  };
  return (
    <form class="cast-editor" aria-label={t('Add a character')} onSubmit={(event) => void add(event)}>
      <label class="field">
        <span>{t('From the library')}</span>
        <select value={from()} onChange={(event) => choose(event.currentTarget.value)}>
          <option value="">{t('A new character')}</option>
          <For each={library.latest?.characters ?? []}>{(c) => <option value={c.id}>{c.name}</option>}</For>
        </select>
      </label>
      <label class="field">
        <span>{t('Name')}</span>
        <input value={name()} required onInput={(event) => setName(event.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{t('Description (only this character is told it)')}</span>
        <textarea
          rows={4}
          value={description()}
          onInput={(event) => setDescription(event.currentTarget.value)}
        />
      </label>
      <p class="muted">
        {t('They join the scene from the next turn on; what happened before stays unseen by them.')}
      </p>
      <ErrorAlert message={error()} />
      <div class="cast-editor-actions">
        <button type="submit">{t('Add to the story')}</button>
        <button type="button" class="secondary" onClick={() => props.onClose()}>
          {t('Cancel')}
        </button>
      </div>
    </form>
  );
}
