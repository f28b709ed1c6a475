// "Edit card" of a library character: every card field the library keeps (name, description,
// personality, scenario, first message, alternate greetings, example dialogue, and the creator's notes
// when its card has them), edited on a copy until Save. Stories already started keep their own card.
import { For, Show, type JSX } from 'solid-js';
import { createStore, unwrap } from 'solid-js/store';
import type { CharacterCardEdit, DriverApi } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { runCommand } from '../ui/run-command.ts';
import { LibraryEditDialog } from './library-edit-dialog.tsx';

type LibraryCharacter = Awaited<ReturnType<DriverApi['libraryCast']>>['characters'][number];
type CardField = keyof CharacterCardEdit['card'];

/** The card's text fields in the order SillyTavern's editor shows them, with their labels. */
const FIELDS: ReadonlyArray<{ key: CardField; label: () => string; rows: number }> = [
  { key: 'description', label: () => t('Description'), rows: 5 },
  { key: 'personality', label: () => t('Personality'), rows: 3 },
  { key: 'scenario', label: () => t('Scenario'), rows: 3 },
  { key: 'firstMessage', label: () => t('First message'), rows: 4 },
];

/** The creator's notes a card came with (its V3 data), which an export gives back. */
const creatorNotes = (c: LibraryCharacter): string | undefined => {
  const notes = c.source?.['creator_notes'];
  return typeof notes === 'string' ? notes : undefined;
};

function editOf(c: LibraryCharacter): CharacterCardEdit {
  const notes = creatorNotes(c);
  return {
    name: c.name,
    card: { ...c.card },
    greetings: [...c.greetings],
    ...(notes === undefined ? {} : { creatorNotes: notes }),
  };
}

export function CharacterCardEditor(props: {
  character: LibraryCharacter;
  onClose: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const initial = JSON.stringify(editOf(props.character));
  const [edit, setEdit] = createStore<CharacterCardEdit>(editOf(props.character));
  const save = async (): Promise<string> => {
    let problem = '';
    const report = (detail: string): void => void (problem = detail);
    await runCommand(() => api.editLibraryCharacter(props.character.id, structuredClone(unwrap(edit))), {
      error: report,
      cancelled: report,
    });
    return problem;
  };
  const textField = (key: CardField, label: string, rows: number): JSX.Element => (
    <label class="field">
      <span>{label}</span>
      <textarea
        rows={rows}
        value={edit.card[key] ?? ''}
        onInput={(e) => setEdit('card', key, e.currentTarget.value)}
      />
    </label>
  );
  return (
    <LibraryEditDialog
      title={t('Edit the card of {name}', { name: props.character.name })}
      dirty={() => JSON.stringify(edit) !== initial}
      onSave={save}
      onClose={props.onClose}
    >
      <p class="hint">
        {t(
          'Stories already started keep the card they began with; edit a story’s cast from its Scene options.',
        )}
      </p>
      <label class="field">
        <span>{t('Name')}</span>
        <input value={edit.name} onInput={(e) => setEdit('name', e.currentTarget.value)} />
      </label>
      <For each={FIELDS}>{(f) => textField(f.key, f.label(), f.rows)}</For>
      <fieldset class="group">
        <legend>{t('Alternate greetings')}</legend>
        <For each={edit.greetings} fallback={<p class="hint">{t('No alternate greetings.')}</p>}>
          {(greeting, i) => (
            <div class="greeting-edit">
              <label class="field">
                <span>{t('Greeting {number}', { number: i() + 1 })}</span>
                <textarea
                  rows={3}
                  value={greeting}
                  onInput={(e) => setEdit('greetings', i(), e.currentTarget.value)}
                />
              </label>
              <button
                type="button"
                class="secondary small"
                onClick={() => setEdit('greetings', (g) => g.filter((_, j) => j !== i()))}
              >
                {t('Remove greeting {number}', { number: i() + 1 })}
              </button>
            </div>
          )}
        </For>
        <button
          type="button"
          class="secondary small greeting-add"
          onClick={() => setEdit('greetings', (g) => [...g, ''])}
        >
          {t('Add a greeting')}
        </button>
      </fieldset>
      {textField('exampleDialogue', t('Example dialogue'), 4)}
      <Show when={edit.creatorNotes !== undefined}>
        <label class="field">
          <span>{t('Creator’s notes')}</span>
          <textarea
            rows={3}
            value={edit.creatorNotes ?? ''}
            onInput={(e) => setEdit('creatorNotes', e.currentTarget.value)}
          />
        </label>
      </Show>
    </LibraryEditDialog>
  );
}
