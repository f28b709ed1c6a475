// One lorebook of the library as it is being edited: its name and description, who has it, its entries
// (the list and the chosen one's editor), Save, its export as World Info, and the "Test this text" panel,
// which scans the saved book.
import { Show, createMemo, createSignal, type JSX } from 'solid-js';
import { createStore, produce, reconcile, unwrap } from 'solid-js/store';
import type { LoreBook } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { newId } from '../ui/new-id.ts';
import { runCommand } from '../ui/run-command.ts';
import { bookDraftOf, bookInput, newEntry, type EntryDraft } from './book-draft.ts';
import { EntryList } from './entry-list.tsx';
import { EntryEditor } from './entry-editor.tsx';
import { LoreTestPanel } from './lore-test-panel.tsx';
import { BookHolders } from './book-holders.tsx';
import { BookExport } from './book-export.tsx';
import { AssistantPanel } from '../assistant/lazy-assistant-panel.ts';

export function BookEditor(props: { book: LoreBook }): JSX.Element {
  const { api } = useDriver();
  // The book as it was opened; later library changes do not replace the edits in progress.
  const [draft, setDraft] = createStore(bookDraftOf(props.book));
  const [selected, setSelected] = createSignal(props.book.entries[0]?.id);
  const [error, setError] = createSignal('');
  const [status, setStatus] = createSignal('');
  const [dirty, setDirty] = createSignal(false);
  const [assistant, setAssistant] = createSignal(false);
  const touched = (): void => {
    setDirty(true);
    setStatus('');
  };
  const index = createMemo(() => draft.entries.findIndex((e) => e.id === selected()));

  const setEntry = (patch: Partial<EntryDraft>): void => {
    touched();
    setDraft('entries', index(), patch);
  };
  const addEntry = (): void => {
    touched();
    const entry = newEntry(newId());
    setDraft('entries', draft.entries.length, entry);
    setSelected(entry.id);
  };
  const removeEntry = (): void => {
    touched();
    const at = index();
    setDraft(
      'entries',
      produce((entries) => void entries.splice(at, 1)),
    );
    setSelected(draft.entries[Math.min(at, draft.entries.length - 1)]?.id);
  };
  const save = async (): Promise<void> => {
    setError('');
    const saved = await runCommand(() => api.saveLorebook(bookInput(unwrap(draft))), {
      error: setError,
      cancelled: setError,
    });
    if (!saved.ok) return;
    setDraft(reconcile(bookDraftOf(saved.book)));
    setDirty(false);
    setStatus(t('Saved.'));
  };

  /** What the assistant wrote shows at once unless the person is editing (their edits are not replaced). */
  const assistantChanged = async (): Promise<void> => {
    if (dirty()) return;
    const book = (await api.listLorebooks()).find((b) => b.id === props.book.id);
    if (book && !dirty()) setDraft(reconcile(bookDraftOf(book)));
  };

  return (
    <section class="book-editor stack" aria-labelledby="book-editor-title">
      <h2 id="book-editor-title">{draft.name.trim() || t('Untitled lorebook')}</h2>
      <div class="row">
        <button
          type="button"
          class="secondary"
          aria-expanded={assistant()}
          aria-controls="book-assistant"
          onClick={() => setAssistant(!assistant())}
        >
          {t('Assistant')}
        </button>
      </div>
      <Show when={assistant()}>
        <div id="book-assistant">
          <AssistantPanel
            subject={{ kind: 'lorebook', id: props.book.id }}
            onChanged={() => void assistantChanged()}
          />
        </div>
      </Show>
      <div class="entry-grid">
        <label class="field">
          <span>{t('Name of the lorebook')}</span>
          <input
            value={draft.name}
            onInput={(e) => {
              touched();
              setDraft('name', e.currentTarget.value);
            }}
          />
        </label>
        <label class="field">
          <span>{t('Description')}</span>
          <input
            value={draft.description}
            onInput={(e) => {
              touched();
              setDraft('description', e.currentTarget.value);
            }}
          />
        </label>
      </div>
      <BookHolders bookId={props.book.id} />
      <section class="stack" aria-labelledby="book-entries-title">
        <h3 id="book-entries-title">{t('Entries')}</h3>
        <EntryList entries={draft.entries} selected={selected()} onSelect={setSelected} />
        <div class="row">
          <button type="button" class="secondary" onClick={addEntry}>
            {t('Add entry')}
          </button>
        </div>
        <Show when={draft.entries[index()]}>
          {(entry) => <EntryEditor entry={entry()} set={setEntry} onRemove={removeEntry} />}
        </Show>
      </section>
      <div class="save-bar row">
        <button type="button" onClick={() => void save()}>
          {t('Save lorebook')}
        </button>
        <Show when={dirty()}>
          <span class="muted">{t('Unsaved changes.')}</span>
        </Show>
        <span role="status">{status()}</span>
      </div>
      <ErrorAlert message={error()} />
      <BookExport bookId={props.book.id} unsaved={dirty()} />
      <LoreTestPanel bookId={props.book.id} unsaved={dirty()} />
    </section>
  );
}
