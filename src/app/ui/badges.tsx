// Small status badges (missing, stale, edited, cut off, perceived nothing), each with a tooltip that says why.
import { For, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import './ui.css';

export const BADGE = {
  missing: 'missing',
  stale: 'stale',
  edited: 'edited',
  cut: 'cut off',
  perceivedNothing: 'perceived nothing',
} as const;
export type BadgeName = (typeof BADGE)[keyof typeof BADGE];

/** The badge's word, in the interface language. */
export function badgeLabel(name: BadgeName): string {
  switch (name) {
    case 'missing':
      return t('missing');
    case 'stale':
      return t('stale');
    case 'edited':
      return t('edited');
    case 'cut off':
      return t('cut off');
    case 'perceived nothing':
      return t('perceived nothing');
    default:
      return name satisfies never;
  }
}

/** Why the badge is there (its tooltip). */
export function badgeMeaning(name: BadgeName): string {
  switch (name) {
    case 'missing':
      return t('Not generated yet');
    case 'stale':
      return t('Made from a history that has changed since');
    case 'edited':
      return t('Edited by hand');
    case 'cut off':
      return t('The model stopped at its length limit before it was done: the text ends where it was cut');
    case 'perceived nothing':
      return t('Generated, and nothing was perceived');
    default:
      return name satisfies never;
  }
}

export function Badges(props: { names: BadgeName[] }): JSX.Element {
  return (
    <span class="badges">
      <For each={props.names}>
        {(name) => (
          <span class="badge" title={badgeMeaning(name)}>
            {badgeLabel(name)}
          </span>
        )}
      </For>
    </span>
  );
}
