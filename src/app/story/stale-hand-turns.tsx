// The person's turns a rewrite would otherwise carry past the turns it writes again (H9): each was
// written or edited by hand in answer to a story that changed, so the person says, turn by turn,
// whether it is copied onto the new branch or stays on the old one (the default).
import { createSignal, For, Show, type JSX } from 'solid-js';
import type { HandTurn, StaleChoice } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export interface HandTurnChoices {
  /** Whether `turnId` is copied onto the new branch. */
  copies(turnId: string): boolean;
  setCopies(turnId: string, copies: boolean): void;
  /** The rewrite the person chose: the hand turns of `turns` to copy, none by default. */
  rewrite(turns: readonly HandTurn[]): StaleChoice;
}

export function createHandTurnChoices(): HandTurnChoices {
  const [copied, setCopied] = createSignal<ReadonlySet<string>>(new Set());
  return {
    copies: (turnId) => copied().has(turnId),
    setCopies(turnId, copies) {
      const next = new Set(copied());
      if (copies) next.add(turnId);
      else next.delete(turnId);
      setCopied(next);
    },
    rewrite(turns) {
      const copy = turns.map((h) => h.turnId).filter((id) => copied().has(id));
      return copy.length ? { rewrite: { copy } } : 'rewrite';
    },
  };
}

export function StaleHandTurns(props: {
  turns: readonly HandTurn[];
  choices: HandTurnChoices;
  nameOf: (participantId: string) => string;
}): JSX.Element {
  const who = (h: HandTurn): string =>
    h.writtenBy === undefined
      ? props.nameOf(h.author)
      : t('{author} (written by {writer})', {
          author: props.nameOf(h.author),
          writer: props.nameOf(h.writtenBy),
        });
  return (
    <Show when={props.turns.length > 0}>
      <div class="stale-hand-turns">
        <p>
          {t(
            'A rewrite writes the first of them again, so what you wrote or edited by hand after it answered a story that is no longer there. Copy each onto the new branch, or leave it on the old one:',
          )}
        </p>
        <For each={props.turns}>
          {(h) => (
            <fieldset class="stale-hand-turn">
              <legend>
                <strong>{who(h)}</strong>: “{h.opening}”
              </legend>
              <label>
                <input
                  type="radio"
                  name={`hand-turn-${h.turnId}`}
                  checked={!props.choices.copies(h.turnId)}
                  onChange={() => props.choices.setCopies(h.turnId, false)}
                />
                {t('Leave on the old branch')}
              </label>
              <label>
                <input
                  type="radio"
                  name={`hand-turn-${h.turnId}`}
                  checked={props.choices.copies(h.turnId)}
                  onChange={() => props.choices.setCopies(h.turnId, true)}
                />
                {t('Copy onto the new branch')}
              </label>
            </fieldset>
          )}
        </For>
      </div>
    </Show>
  );
}
