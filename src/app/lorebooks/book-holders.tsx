// Who has this book in the library: the characters and personas it is attached to (a character's
// book reaches only that character in a new story, a persona's only you). A tick applies at once.
import { For, Show, createResource, createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';

type Holder = { id: string; name: string; books: string[] };

export function BookHolders(props: { bookId: string }): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [cast] = createResource(libraryVersion, () => api.libraryCast());
  const [error, setError] = createSignal('');
  const has = (holder: Holder): boolean => holder.books.includes(props.bookId);

  /** The holders of the book with `changed` ticked or not: attachLorebook replaces the lists. */
  const attach = async (changed: Holder, on: boolean): Promise<void> => {
    const now = cast.latest;
    if (!now) return;
    const ids = (holders: Holder[]) =>
      holders.filter((h) => (h.id === changed.id ? on : has(h))).map((h) => h.id);
    setError('');
    await runCommand(
      () =>
        api.attachLorebook(props.bookId, { characters: ids(now.characters), personas: ids(now.personas) }),
      { error: setError, cancelled: setError },
    );
  };

  const boxes = (holders: Holder[]): JSX.Element => (
    <For each={holders}>
      {(holder) => (
        <label class="check">
          <input
            type="checkbox"
            checked={has(holder)}
            onChange={(e) => void attach(holder, e.currentTarget.checked)}
          />
          <span>{holder.name}</span>
        </label>
      )}
    </For>
  );

  return (
    <fieldset class="group">
      <legend>{t('Characters and personas with this book')}</legend>
      <Show
        when={cast.latest && cast.latest.characters.length + cast.latest.personas.length > 0}
        fallback={
          <p class="hint">{t('No characters or personas in the library yet: new stories add theirs.')}</p>
        }
      >
        <p class="hint">
          {t(
            'A character’s book reaches only that character in a new story; a persona’s, only you. A tick applies at once.',
          )}
        </p>
        <Show when={cast.latest?.characters.length}>
          <div role="group" aria-label={t('Characters')}>
            {boxes(cast.latest?.characters ?? [])}
          </div>
        </Show>
        <Show when={cast.latest?.personas.length}>
          <div role="group" aria-label={t('Personas')}>
            {boxes(cast.latest?.personas ?? [])}
          </div>
        </Show>
      </Show>
      <ErrorAlert message={error()} />
    </fieldset>
  );
}
