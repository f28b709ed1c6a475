// "New story": title, language, the user's name and persona, the characters (who is present), the
// opening, the world and lorebooks, and the preset.
import { For, Show, createResource, createSignal, createUniqueId, type JSX } from 'solid-js';
import { createStore, produce } from 'solid-js/store';
import type { Language, NewStoryInput } from '../../workers/api.ts';
import { CharacterFields, newCharacterDraft, type CharacterDraft } from './character-fields.tsx';
import { WorldChoice, newWorldDraft, worldInput, type WorldDraft } from './world-choice.tsx';
import { OpeningChoice, openingInput } from './opening-choice.tsx';
import { StartPresetChoice, presetInput, type StartPreset } from './start-preset-choice.tsx';
import { useDriver } from '../shell/driver-client.ts';
import { focusOnMount } from '../ui/focus-on-mount.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t, uiLanguage } from '../i18n/ui-text.ts';

function toInput(
  draft: { title: string; language: Language; userName: string; persona: string },
  characters: CharacterDraft[],
): NewStoryInput {
  return {
    title: draft.title.trim(),
    language: draft.language,
    user: { name: draft.userName.trim(), ...(draft.persona.trim() ? { persona: draft.persona.trim() } : {}) },
    characters: characters.map((c) => {
      const card = { ...c.card, ...(c.description.trim() ? { description: c.description.trim() } : {}) };
      return { name: c.name.trim(), ...(Object.keys(card).length ? { card } : {}), present: c.present };
    }),
  };
}

/** Why the input cannot make a story, or '' when it can. */
function problemOf(input: NewStoryInput): string {
  const names = [input.user.name, ...input.characters.map((c) => c.name)];
  const seen = new Set<string>();
  for (const name of names) {
    const key = name.toLocaleLowerCase();
    if (seen.has(key))
      return t('Every participant needs a different name: “{name}” is used twice.', { name });
    seen.add(key);
  }
  return '';
}

export function NewStoryForm(props: {
  onCreated: (storyId: string) => void;
  onCancel: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const id = createUniqueId();
  // A new story is told in the interface language unless the person picks another.
  const [draft, setDraft] = createStore({ title: '', language: uiLanguage(), userName: '', persona: '' });
  const [characters, setCharacters] = createStore<CharacterDraft[]>([newCharacterDraft()]);
  const [error, setError] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const [cast] = createResource(() => api.libraryCast());
  const [worlds] = createResource(() => api.listWorlds());
  const [books] = createResource(() => api.listLorebooks());
  const [world, setWorld] = createSignal<WorldDraft>(newWorldDraft());
  const [opening, setOpening] = createSignal('');
  const [presets] = createResource(() => api.listPresets());
  const [preset, setPreset] = createSignal<StartPreset>();
  const [approved, setApproved] = createSignal(false);
  const suggested = (): string | null =>
    worlds.latest?.find((w) => w.id === world().worldId)?.suggestedPreset ?? null;
  const addFromLibrary = (characterId: string): void => {
    const saved = cast.latest?.characters.find((c) => c.id === characterId);
    if (!saved) return;
    const draft = {
      name: saved.name,
      description: saved.card.description ?? '',
      present: true,
      card: saved.card,
      greetings: saved.greetings,
    };
    // An empty first row is replaced rather than left behind.
    const first = characters[0];
    if (characters.length === 1 && first && !first.name && !first.description) setCharacters(0, draft);
    else setCharacters(characters.length, draft);
  };
  const usePersona = (personaId: string): void => {
    const saved = cast.latest?.personas.find((p) => p.id === personaId);
    if (saved) setDraft({ userName: saved.name, persona: saved.persona });
  };

  const submit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const chosen = worldInput(world(), worlds.latest ?? []);
    const input = {
      ...toInput(draft, characters),
      ...(chosen ? { world: chosen } : {}),
      ...(world().books.length ? { books: world().books } : {}),
      ...openingInput(opening(), characters),
      ...presetInput(preset(), approved()),
    };
    const problem = problemOf(input);
    if (problem) return void setError(problem);
    setError('');
    setBusy(true);
    const result = await api.createStory(input);
    setBusy(false);
    if (result.ok) props.onCreated(result.storyId);
    else setError(result.detail);
  };

  return (
    <section id="new-story" class="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('New story')}</h2>
      <form class="stack" onSubmit={(event) => void submit(event)}>
        <label class="field">
          <span>{t('Title')}</span>
          <input
            required
            ref={(el) => focusOnMount(el)}
            value={draft.title}
            onInput={(e) => setDraft('title', e.currentTarget.value)}
          />
        </label>
        <label class="field">
          <span>{t('Language')}</span>
          <select
            value={draft.language}
            onChange={(e) => setDraft('language', e.currentTarget.value as Language)}
          >
            <option value="en">English</option>
            <option value="zh">中文 (Chinese)</option>
          </select>
        </label>
        <fieldset class="group">
          <legend>{t('You')}</legend>
          <Show when={cast.latest?.personas.length}>
            <label class="field">
              <span>{t('Use a saved persona')}</span>
              <select value="" onChange={(e) => usePersona(e.currentTarget.value)}>
                <option value="">{t('Choose…')}</option>
                <For each={cast.latest?.personas}>{(p) => <option value={p.id}>{p.name}</option>}</For>
              </select>
            </label>
          </Show>
          <label class="field">
            <span>{t('Your name')}</span>
            <input
              required
              value={draft.userName}
              onInput={(e) => setDraft('userName', e.currentTarget.value)}
            />
          </label>
          <label class="field">
            <span>{t('Your persona')}</span>
            <textarea
              rows={2}
              aria-describedby={`${id}-persona-hint`}
              value={draft.persona}
              onInput={(e) => setDraft('persona', e.currentTarget.value)}
            />
          </label>
          <p id={`${id}-persona-hint`} class="hint">
            {t('Every character is shown your persona: it is who they see.')}
          </p>
        </fieldset>
        <For each={characters}>
          {(character, index) => (
            <CharacterFields
              number={index() + 1}
              character={character}
              onChange={(patch) => setCharacters(index(), patch)}
              onRemove={
                characters.length > 1
                  ? () => setCharacters(produce((list) => void list.splice(index(), 1)))
                  : undefined
              }
            />
          )}
        </For>
        <div class="row">
          <button
            type="button"
            class="secondary"
            onClick={() => setCharacters(characters.length, newCharacterDraft())}
          >
            {t('Add character')}
          </button>
          <Show when={cast.latest?.characters.length}>
            <label class="field">
              <span>{t('Add a character from your library')}</span>
              <select
                value=""
                onChange={(e) => {
                  addFromLibrary(e.currentTarget.value);
                  e.currentTarget.value = '';
                }}
              >
                <option value="">{t('Choose…')}</option>
                <For each={cast.latest?.characters}>{(c) => <option value={c.id}>{c.name}</option>}</For>
              </select>
            </label>
          </Show>
        </div>
        <OpeningChoice characters={characters} value={opening()} onChange={setOpening} />
        <Show when={worlds.latest?.length || books.latest?.length}>
          <WorldChoice
            worlds={worlds.latest ?? []}
            books={books.latest ?? []}
            names={[draft.userName, ...characters.map((c) => c.name)]}
            draft={world()}
            onChange={(next) => {
              // Another world brings its own suggestion.
              if (next.worldId !== world().worldId) setPreset(undefined);
              setWorld(next);
            }}
          />
        </Show>
        <Show when={presets.latest?.length}>
          <StartPresetChoice
            presets={presets.latest ?? []}
            suggested={suggested()}
            picked={preset()}
            approved={approved()}
            onPick={(picked) => {
              setPreset(picked);
              setApproved(false);
            }}
            onApprove={setApproved}
          />
        </Show>
        <ErrorAlert message={error()} />
        <div class="row">
          <button type="submit" disabled={busy()}>
            {t('Create story')}
          </button>
          <button type="button" class="secondary" onClick={() => props.onCancel()}>
            {t('Cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
