// The library's personas (the user's, from the stories started): each one's name and text, an editor,
// and a Delete that asks. Re-read whenever the library changes.
import { For, Show, createEffect, createResource, createSignal, type JSX } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import type { DriverApi } from '../../workers/api.ts';
import { DeleteFromLibrary } from './delete-from-library.tsx';
import { PersonaEditor } from './persona-editor.tsx';

type Persona = Awaited<ReturnType<DriverApi['libraryCast']>>['personas'][number];

function PersonaItem(props: { persona: Persona }): JSX.Element {
  const { api } = useDriver();
  const [editing, setEditing] = createSignal(false);
  const [error, setError] = createSignal('');
  const remove = (): void =>
    void runCommand(() => api.deleteLibraryPersona(props.persona.id), {
      error: setError,
      cancelled: setError,
    });
  return (
    <li class="persona">
      <span class="character-name">{props.persona.name}</span>
      <Show when={props.persona.persona.trim() !== ''}>
        <p class="persona-text">{props.persona.persona}</p>
      </Show>
      <div class="story-actions">
        <button
          type="button"
          class="secondary small"
          aria-label={t('Edit the persona {name}', { name: props.persona.name })}
          onClick={() => setEditing(true)}
        >
          {t('Edit')}
        </button>
        <DeleteFromLibrary name={props.persona.name} onDelete={remove} />
      </div>
      <ErrorAlert message={error()} />
      <Show when={editing()}>
        <PersonaEditor persona={props.persona} onClose={() => setEditing(false)} />
      </Show>
    </li>
  );
}

export function PersonaList(): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [cast] = createResource(libraryVersion, () => api.libraryCast());
  // Kept by id across re-reads: a persona's row (and its open editor) stays when the library changes.
  const [personas, setPersonas] = createStore<Persona[]>([]);
  createEffect(() => {
    const read = cast.latest;
    if (read) setPersonas(reconcile(read.personas, { key: 'id' }));
  });
  return (
    <Show when={personas.length > 0}>
      <section class="character-list" aria-labelledby="personas-heading">
        <h2 id="personas-heading">{t('Personas')}</h2>
        <ul class="personas" aria-labelledby="personas-heading">
          <For each={personas}>{(persona) => <PersonaItem persona={persona} />}</For>
        </ul>
      </section>
    </Show>
  );
}
