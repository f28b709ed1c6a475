// The library's lorebooks: the list (new, delete) and the editor of the one the route names.
import { Show, createMemo, createResource, createSignal, untrack, type JSX } from 'solid-js';
import type { LoreBook } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { navigate, routeHash } from '../shell/route.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { ItemList } from '../ui/item-list.tsx';
import { newId } from '../ui/new-id.ts';
import { runCommand } from '../ui/run-command.ts';
import { BookEditor } from './book-editor.tsx';
import './lorebooks.css';

export function LorebooksScreen(props: { bookId: string | undefined }): JSX.Element {
  const { api, libraryVersion } = useDriver();
  const [books] = createResource(libraryVersion, () => api.listLorebooks());
  const [error, setError] = createSignal('');
  const outcome = { error: setError, cancelled: setError };
  const selected = createMemo(() => books.latest?.find((b) => b.id === props.bookId));

  const create = async (): Promise<void> => {
    setError('');
    const id = newId();
    const made = await runCommand(() => api.saveLorebook({ id, name: t('New lorebook') }), outcome);
    if (made.ok) navigate({ screen: 'lorebooks', bookId: id });
  };
  const remove = async (book: { id: string }): Promise<void> => {
    setError('');
    const removed = await runCommand(() => api.deleteLorebook(book.id), outcome);
    if (removed.ok && book.id === props.bookId) navigate({ screen: 'lorebooks' });
  };

  return (
    <div class="stack lorebooks-screen">
      <a href={routeHash({ screen: 'library' })}>{t('← Back to the stories')}</a>
      <section class="stack" aria-labelledby="lorebooks-title">
        <div class="row">
          <h2 id="lorebooks-title">{t('Lorebooks')}</h2>
          <button type="button" onClick={() => void create()}>
            {t('New lorebook')}
          </button>
        </div>
        <p class="hint">
          {t(
            'Entries that come into a character’s request when their keys appear in what it reads (SillyTavern’s World Info). A story gets its own copy of the books it starts with.',
          )}
        </p>
        <ErrorAlert message={error()} />
        <ItemList
          label={t('Lorebooks in the library')}
          items={books.latest ?? []}
          current={props.bookId}
          href={(bookId) => routeHash({ screen: 'lorebooks', bookId })}
          question={(b) => t('Delete “{name}”? Stories that have it keep their own copy.', { name: b.name })}
          onDelete={(b) => void remove(b)}
          empty={t('No lorebooks yet.')}
        />
      </section>
      {/* Keyed by id: a save, or a change from another tab, does not replace the edits in progress. */}
      <Show when={selected()?.id} keyed>
        {(id) => <BookEditor book={untrack(() => books.latest?.find((x) => x.id === id)) as LoreBook} />}
      </Show>
      <Show when={props.bookId && books.state === 'ready' && !selected()}>
        <p class="muted">{t('This lorebook is no longer in the library.')}</p>
      </Show>
    </div>
  );
}
