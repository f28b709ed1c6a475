// "Test this text": scans the saved book for a character as if the text were the newest message of
// its window, and lists what fired (why, and where it goes) and what did not (why not).
import { For, Show, createResource, createSignal, createUniqueId, type JSX } from 'solid-js';
import type { LoreScanRow, LoreScanView } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';

function ScanRows(props: { label: string; rows: LoreScanRow[]; empty: string }): JSX.Element {
  return (
    <section class="stack scan-rows">
      <h4>{props.label}</h4>
      <ul aria-label={props.label}>
        <For each={props.rows} fallback={<li class="muted">{props.empty}</li>}>
          {(row) => (
            <li>
              <strong>{row.title || row.entryId}</strong>
              {/* A middle dot separates in either language, where a colon would not. */}
              {' · '}
              <span>{row.why}</span>
              <Show when={row.position}>{(where) => <span class="muted"> · {where()}</span>}</Show>
            </li>
          )}
        </For>
      </ul>
    </section>
  );
}

export function LoreTestPanel(props: { bookId: string; unsaved: boolean }): JSX.Element {
  const { api } = useDriver();
  const id = createUniqueId();
  const [cast] = createResource(() => api.libraryCast());
  const [text, setText] = createSignal('');
  const [character, setCharacter] = createSignal('');
  const [scan, setScan] = createSignal<LoreScanView>();
  const [error, setError] = createSignal('');
  const [busy, setBusy] = createSignal(false);

  const test = async (): Promise<void> => {
    setError('');
    setBusy(true);
    const input = { books: [props.bookId], text: text(), character: character().trim() };
    const tested = await runCommand(() => api.testLore(input), { error: setError, cancelled: setError });
    setBusy(false);
    setScan(tested.ok ? tested.scan : undefined);
  };

  return (
    <section class="stack lore-test" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('Test this text')}</h3>
      <p class="hint">
        {props.unsaved
          ? t('The test uses the saved book: save to test your edits.')
          : t('Scans the saved book as if the text were the newest message the character read.')}
      </p>
      <label class="field">
        <span>{t('Text to scan')}</span>
        <textarea rows={3} value={text()} onInput={(e) => setText(e.currentTarget.value)} />
      </label>
      <div class="field">
        <label class="field">
          <span>{t('For the character')}</span>
          <input
            list={`${id}-cast`}
            aria-describedby={`${id}-character-hint`}
            value={character()}
            onInput={(e) => setCharacter(e.currentTarget.value)}
          />
        </label>
        <datalist id={`${id}-cast`}>
          <For each={cast.latest?.characters ?? []}>{(c) => <option value={c.name} />}</For>
        </datalist>
        <p id={`${id}-character-hint`} class="hint">
          {t('A character of your library, or any name (character filters compare it).')}
        </p>
      </div>
      <div class="row">
        <button type="button" disabled={busy()} onClick={() => void test()}>
          {t('Test')}
        </button>
      </div>
      <ErrorAlert message={error()} />
      <Show when={scan()}>
        {(result) => (
          <div class="stack" role="status">
            <ScanRows label={t('Fired')} rows={result().fired} empty={t('Nothing fired.')} />
            <ScanRows label={t('Not fired')} rows={result().skipped} empty={t('Every entry fired.')} />
            <p class="muted">
              {t('The fired entries take about {tokens} tokens of a budget of {budget}.', {
                tokens: result().tokens,
                budget: result().budget,
              })}
            </p>
          </div>
        )}
      </Show>
    </section>
  );
}
