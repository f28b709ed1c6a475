// The library's characters (from the stories started and the cards imported), re-read whenever the
// library changes, so an imported card shows here at once.
import { For, Show, createEffect, createResource, type JSX } from 'solid-js';
import { createStore, reconcile } from 'solid-js/store';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { CharacterItem } from './character-item.tsx';

export function CharacterList(): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [cast] = createResource(libraryVersion, () => api.libraryCast());
  // Kept by id across re-reads: a character's row (and what its panels hold) stays when the library changes.
  const [characters, setCharacters] = createStore<NonNullable<typeof cast.latest>['characters']>([]);
  createEffect(() => {
    const read = cast.latest;
    if (read) setCharacters(reconcile(read.characters, { key: 'id' }));
  });
  return (
    <section class="character-list" aria-labelledby="characters-heading">
      <h2 id="characters-heading">{t('Characters')}</h2>
      <Show when={cast.latest}>
        <Show
          when={characters.length > 0}
          fallback={
            <p class="hint">
              {t('The characters of your stories and the cards you import are listed here.')}
            </p>
          }
        >
          <ul class="characters" aria-labelledby="characters-heading">
            <For each={characters}>{(character) => <CharacterItem character={character} />}</For>
          </ul>
        </Show>
      </Show>
    </section>
  );
}
