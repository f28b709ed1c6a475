// A list of the library's named things (worlds, lorebooks): each one a link to its editor, marked when
// it is the one open, and a Delete that asks first.
import { For, type JSX } from 'solid-js';
import { t } from '../i18n/ui-text.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import './ui.css';

export interface ListedItem {
  id: string;
  name: string;
}

function ListedRow(props: {
  item: ListedItem;
  current: boolean;
  href: string;
  /** The confirmation's question, with what deleting it does. */
  question: string;
  onDelete: () => void;
}): JSX.Element {
  return (
    <li class="item-row" classList={{ current: props.current }}>
      <a href={props.href} aria-current={props.current ? 'page' : undefined}>
        {props.item.name}
      </a>
      <div class="row">
        <ConfirmDelete
          label={t('Delete {title}', { title: props.item.name })}
          question={props.question}
          onDelete={props.onDelete}
        />
      </div>
    </li>
  );
}

export function ItemList(props: {
  label: string;
  items: readonly ListedItem[];
  current: string | undefined;
  href: (id: string) => string;
  question: (item: ListedItem) => string;
  onDelete: (item: ListedItem) => void;
  empty: string;
}): JSX.Element {
  return (
    <ul class="item-list" aria-label={props.label}>
      <For each={props.items} fallback={<li class="muted">{props.empty}</li>}>
        {(item) => (
          <ListedRow
            item={item}
            current={item.id === props.current}
            href={props.href(item.id)}
            question={props.question(item)}
            onDelete={() => props.onDelete(item)}
          />
        )}
      </For>
    </ul>
  );
}
