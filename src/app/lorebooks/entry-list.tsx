// A book's entries, one row each: its title (choosing it opens the entry), keys, whether it is
// enabled and constant, and its order.
import { For, Show, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import type { EntryDraft } from './book-draft.ts';

export const entryTitle = (entry: EntryDraft, number: number): string =>
  entry.title.trim() || t('Entry {number}', { number });

export function EntryList(props: {
  entries: readonly EntryDraft[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}): JSX.Element {
  const yes = (on: boolean): string => (on ? t('yes') : t('no'));
  return (
    <Show when={props.entries.length > 0} fallback={<p class="muted">{t('No entries yet.')}</p>}>
      <div class="table-scroll">
        <table class="entry-table">
          <caption class="visually-hidden">{t('Entries')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('Title')}</th>
              <th scope="col">{t('Keys')}</th>
              <th scope="col">{t('Enabled')}</th>
              <th scope="col">{t('Constant')}</th>
              <th scope="col">{t('Order')}</th>
            </tr>
          </thead>
          <tbody>
            <For each={props.entries}>
              {(entry, i) => (
                <tr classList={{ current: entry.id === props.selected, disabled: !entry.enabled }}>
                  <th scope="row">
                    <button
                      type="button"
                      class="link-button"
                      aria-pressed={entry.id === props.selected}
                      onClick={() => props.onSelect(entry.id)}
                    >
                      {entryTitle(entry, i() + 1)}
                    </button>
                  </th>
                  <td class="entry-keys">{entry.keys}</td>
                  <td>{yes(entry.enabled)}</td>
                  <td>{yes(entry.constant)}</td>
                  <td>{entry.order}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
    </Show>
  );
}
