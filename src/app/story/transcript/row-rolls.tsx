// The dice a character rolled for its turn, shown above what the user perceived of it (DI8): what was
// rolled, each die and the total, as the app rolled them. The roll stands, so the row only shows it.
import { For, Show, type JSX } from 'solid-js';
import type { RowRoll } from '../../../workers/api.ts';
import { t } from '../../i18n/ui-text.ts';

export function RowRolls(props: { name: string; rolls: readonly RowRoll[] | undefined }): JSX.Element {
  return (
    <Show when={props.rolls?.length}>
      <ul class="turn-rolls" aria-label={t('Dice rolled')}>
        <For each={props.rolls}>
          {(roll) => (
            <li>
              <span aria-hidden="true">🎲 </span>
              {t('{name} rolled {notation}: {shown}', {
                name: props.name,
                notation: roll.notation,
                shown: roll.shown,
              })}
            </li>
          )}
        </For>
      </ul>
    </Show>
  );
}
