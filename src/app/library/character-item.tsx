// One character of the library: its avatar (or its initial) and a picture to choose for it, its name,
// how many greetings and lorebooks it has, its expression pictures (a RisuAI card's), its card exported
// as a PNG or a JSON file that SillyTavern reads, its card edited ("Edit card") or the character deleted from the library, and a world made
// from its card by the model, in one go or read piece by piece with the card-reading assistant.
import { Show, createSignal, type JSX } from 'solid-js';
import type { DriverApi } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { downloadFile } from '../ui/download-file.ts';
import { runCommand } from '../ui/run-command.ts';
import { CardWorldPanel } from './card-world-panel.tsx';
import { CardReading } from './card-reading.tsx';
import { AvatarInput } from '../ui/avatar-input.tsx';
import { CharacterCardEditor } from './character-card-editor.tsx';
import { DeleteFromLibrary } from './delete-from-library.tsx';
import { CharacterExpressions } from './character-expressions.tsx';

type LibraryCharacter = Awaited<ReturnType<DriverApi['libraryCast']>>['characters'][number];

/** The first message counts as a greeting, as in the review of an imported card. */
const greetingCount = (c: LibraryCharacter): number =>
  ((c.card.firstMessage ?? '').trim() === '' ? 0 : 1) + c.greetings.length;

export function CharacterItem(props: { character: LibraryCharacter }): JSX.Element {
  const { api } = useDriver();
  const [error, setError] = createSignal('');
  const [editing, setEditing] = createSignal(false);
  const exportCard = async (format: 'png' | 'json'): Promise<void> => {
    setError('');
    const result = await runCommand(() => api.exportCharacter(props.character.id, format), {
      error: setError,
      cancelled: setError,
    });
    if (result.ok) downloadFile(result.file);
  };
  const name = (): string => props.character.name;
  // The list re-reads on the library's change event, so the new picture shows by itself.
  const setPicture = (avatar: string): void =>
    void runCommand(() => api.setLibraryPicture(props.character.id, avatar), {
      error: setError,
      cancelled: setError,
    });
  const remove = (): void =>
    void runCommand(() => api.deleteLibraryCharacter(props.character.id), {
      error: setError,
      cancelled: setError,
    });
  return (
    <li class="character">
      <Show
        when={props.character.avatar}
        fallback={
          <span class="character-avatar character-initial" aria-hidden="true">
            {[...name()][0]?.toLocaleUpperCase()}
          </span>
        }
      >
        {(src) => <img class="character-avatar" src={src()} alt={name()} loading="lazy" />}
      </Show>
      <div class="character-body">
        <span class="character-name">{name()}</span>
        <span class="character-facts">
          <span>{t('Greetings: {count}', { count: greetingCount(props.character) })}</span>
          <span>{t('Lorebooks: {count}', { count: props.character.books.length })}</span>
        </span>
        <Show when={props.character.expressions?.length}>
          {(count) => <CharacterExpressions characterId={props.character.id} name={name()} count={count()} />}
        </Show>
        <div class="story-actions">
          <button
            type="button"
            class="secondary small"
            aria-label={t('Edit card of {name}', { name: name() })}
            onClick={() => setEditing(true)}
          >
            {t('Edit card')}
          </button>
          <button
            type="button"
            class="secondary small"
            aria-label={t('Export card (PNG) of {name}', { name: name() })}
            onClick={() => void exportCard('png')}
          >
            {t('Export card (PNG)')}
          </button>
          <button
            type="button"
            class="secondary small"
            aria-label={t('Export card (JSON) of {name}', { name: name() })}
            onClick={() => void exportCard('json')}
          >
            {t('Export card (JSON)')}
          </button>
          <DeleteFromLibrary name={name()} onDelete={remove} />
        </div>
        <Show when={editing()}>
          <CharacterCardEditor character={props.character} onClose={() => setEditing(false)} />
        </Show>
        <AvatarInput onPicture={setPicture} />
        <ErrorAlert message={error()} />
        <CardWorldPanel characterId={props.character.id} name={name()} />
        <CardReading characterId={props.character.id} name={name()} />
      </div>
    </li>
  );
}
