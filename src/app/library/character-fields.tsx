// One character of a new story: name, a short description (the card), and whether they are present.
import { Show, createUniqueId, type JSX } from 'solid-js';
import type { Card } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export interface CharacterDraft {
  name: string;
  description: string;
  present: boolean;
  /** The rest of a card brought from the library (personality, scenario…), kept as it is. */
  card?: Card;
  /** Its card's other openings (alternate greetings), for the story to start from. */
  greetings?: string[];
}

export const newCharacterDraft = (): CharacterDraft => ({ name: '', description: '', present: true });

export function CharacterFields(props: {
  number: number;
  character: CharacterDraft;
  onChange: (patch: Partial<CharacterDraft>) => void;
  /** Absent for the last remaining character: a story needs one. */
  onRemove: (() => void) | undefined;
}): JSX.Element {
  /** Read by screen readers before each field, so every field's name says which character it is. */
  const prefix = (): string => `${t('Character {number}', { number: props.number })} `;
  const hintId = createUniqueId();
  return (
    <fieldset class="group">
      <legend>{t('Character {number}', { number: props.number })}</legend>
      <label class="field">
        <span>
          <span class="visually-hidden">{prefix()}</span>
          {t('Name')}
        </span>
        <input
          required
          value={props.character.name}
          onInput={(e) => props.onChange({ name: e.currentTarget.value })}
        />
      </label>
      <label class="field">
        <span>
          <span class="visually-hidden">{prefix()}</span>
          {t('Description')}
        </span>
        <textarea
          rows={3}
          aria-describedby={hintId}
          value={props.character.description}
          onInput={(e) => props.onChange({ description: e.currentTarget.value })}
        />
      </label>
      <p id={hintId} class="hint">
        {t(
          'Private to this character: only it reads its description; the others know only what they perceive of it.',
        )}
      </p>
      <label class="check">
        <input
          type="checkbox"
          checked={props.character.present}
          onChange={(e) => props.onChange({ present: e.currentTarget.checked })}
        />
        <span>
          <span class="visually-hidden">{prefix()}</span>
          {t('Present in the first scene')}
        </span>
      </label>
      <Show when={props.onRemove}>
        {(remove) => (
          <button type="button" class="secondary" onClick={() => remove()()}>
            {t('Remove character {number}', { number: props.number })}
          </button>
        )}
      </Show>
    </fieldset>
  );
}
