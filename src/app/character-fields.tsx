// One character of a new story: name, a short description (the card), and whether they are present.
import { Show, type JSX } from 'solid-js';
import type { Card } from '../driver/doc/schema.ts';

export interface CharacterDraft {
  name: string;
  description: string;
  present: boolean;
  /** The rest of a card brought from the library (personality, scenario…), kept as it is. */
  card?: Card;
}

export const newCharacterDraft = (): CharacterDraft => ({ name: '', description: '', present: true });

export function CharacterFields(props: {
  number: number;
  character: CharacterDraft;
  onChange: (patch: Partial<CharacterDraft>) => void;
  /** Absent for the last remaining character: a story needs one. */
  onRemove: (() => void) | undefined;
}): JSX.Element {
  const prefix = (): string => `Character ${props.number} `;
  return (
    <fieldset class="group">
      <legend>Character {props.number}</legend>
      <label class="field">
        <span>
          <span class="visually-hidden">{prefix()}</span>Name
        </span>
        <input
          required
          value={props.character.name}
          onInput={(e) => props.onChange({ name: e.currentTarget.value })}
        />
      </label>
      <label class="field">
        <span>
          <span class="visually-hidden">{prefix()}</span>Description
        </span>
        <textarea
          rows={3}
          value={props.character.description}
          onInput={(e) => props.onChange({ description: e.currentTarget.value })}
        />
      </label>
      <label class="check">
        <input
          type="checkbox"
          checked={props.character.present}
          onChange={(e) => props.onChange({ present: e.currentTarget.checked })}
        />
        <span>
          <span class="visually-hidden">{prefix()}</span>Present in the first scene
        </span>
      </label>
      <Show when={props.onRemove}>
        {(remove) => (
          <button type="button" class="secondary" onClick={() => remove()()}>
            Remove character {props.number}
          </button>
        )}
      </Show>
    </fieldset>
  );
}
