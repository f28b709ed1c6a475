// "Export as World Info": the saved book as a SillyTavern World Info JSON file. Edits not saved yet
// are not in it, and the button says so while there are some.
import { Show, createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { downloadFile } from '../ui/download-file.ts';
import { runCommand } from '../ui/run-command.ts';

export function BookExport(props: { bookId: string; unsaved: boolean }): JSX.Element {
  const { api } = useDriver();
  const [error, setError] = createSignal('');
  const exportBook = async (): Promise<void> => {
    setError('');
    const result = await runCommand(() => api.exportLorebook(props.bookId), {
      error: setError,
      cancelled: setError,
    });
    if (result.ok) downloadFile(result.file);
  };
  return (
    <div class="book-export stack">
      <div class="row">
        <button type="button" class="secondary" onClick={() => void exportBook()}>
          {t('Export as World Info')}
        </button>
        <Show when={props.unsaved}>
          <span class="hint">{t('The file has the saved book, without the unsaved changes.')}</span>
        </Show>
      </div>
      <ErrorAlert message={error()} />
    </div>
  );
}
