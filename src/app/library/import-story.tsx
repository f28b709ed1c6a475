// "Import story": a labelled file input that reads a Story JSON file and hands it to the worker.
import { createSignal, type JSX } from 'solid-js';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';

export function ImportStory(props: { onImported: (storyId: string) => void }): JSX.Element {
  const { api } = useDriver();
  const [error, setError] = createSignal('');
  const read = async (input: HTMLInputElement): Promise<void> => {
    const file = input.files?.[0];
    if (!file) return;
    setError('');
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setError(t('{file} is not a JSON file: choose a story exported from Rashomon.', { file: file.name }));
      return;
    } finally {
      input.value = '';
    }
    const result = await api.importStory(json);
    if (result.ok) props.onImported(result.storyId);
    else setError(t('{file} could not be imported: {detail}', { file: file.name, detail: result.detail }));
  };
  return (
    <div class="import-story">
      <label class="file-button">
        {t('Import story')}
        <input
          type="file"
          accept=".json,application/json"
          onChange={(event) => void read(event.currentTarget)}
        />
      </label>
      <ErrorAlert message={error()} />
    </div>
  );
}
