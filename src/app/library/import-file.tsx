// "Import": a file chosen or dropped on the library — a character card (PNG, CHARX, JSON), a
// lorebook, a SillyTavern chat or preset, or a Rashomon story. The worker reads it first and the
// person reviews what it holds; nothing is written until Import.
import { For, Show, createSignal, type JSX } from 'solid-js';
import type {
  ChatImportMode,
  ImportFileInput,
  ImportKind,
  ImportReport,
  TwinChoice,
  WhoWasThere,
} from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import { ImportReview, kindLabel } from './import-review.tsx';

export function ImportFile(props: {
  /** A story was made (from a chat or a Story JSON): open it. */
  onStory: (storyId: string) => void;
}): JSX.Element {
  const { api } = useDriver();
  const [error, setError] = createSignal('');
  const [done, setDone] = createSignal('');
  const [pending, setPending] = createSignal<{
    file: ImportFileInput;
    companions: ImportFileInput[];
    report: ImportReport;
  }>();
  const [chatMode, setChatMode] = createSignal<ChatImportMode>('perceived-all');
  const [leaveOutRules, setLeaveOutRules] = createSignal(true);
  const [twin, setTwin] = createSignal<TwinChoice>();
  /** Notes the import itself added to what was reviewed: said after it, never lost. */
  const [doneNotes, setDoneNotes] = createSignal<string[]>([]);
  const [whoWasThere, setWhoWasThere] = createSignal<WhoWasThere>();
  const [busy, setBusy] = createSignal(false);
  const [over, setOver] = createSignal(false);

  /** Several files: a group chat (the .jsonl) with its group file and its members' cards beside it. */
  const review = async (chosen: readonly File[]): Promise<void> => {
    setError('');
    setDone('');
    setDoneNotes([]);
    setTwin(undefined);
    setLeaveOutRules(true);
    const inputs = await Promise.all(
      chosen.map(async (f) => ({ name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) })),
    );
    const main = inputs.find((f) => /\.jsonl$/i.test(f.name)) ?? inputs[0];
    if (!main) return;
    const companions = inputs.filter((f) => f !== main);
    const read = await api.reviewImport(main, companions.length ? { companions } : {});
    if (!read.ok)
      return void setError(
        t('{file} could not be imported: {detail}', { file: main.name, detail: read.detail }),
      );
    setPending({ file: main, companions, report: read.report });
    setWhoWasThere(read.report.group?.whoWasThere);
  };
  const confirm = async (): Promise<void> => {
    const p = pending();
    if (!p) return;
    setBusy(true);
    const choice = twin();
    const who = p.report.group ? whoWasThere() : undefined;
    const result = await api.importFile(p.file, {
      chat: chatMode(),
      variableRules: leaveOutRules() ? 'leave-out' : 'keep',
      ...(choice ? { twin: choice } : {}),
      ...(p.companions.length ? { companions: p.companions } : {}),
      ...(who ? { whoWasThere: who } : {}),
    });
    setBusy(false);
    if (!result.ok) return void setError(result.detail);
    setPending(undefined);
    const seen = new Set([...p.report.warnings, ...p.report.converted, ...p.report.dropped]);
    const r = result.report;
    setDoneNotes([...r.warnings, ...r.converted, ...r.dropped].filter((note) => !seen.has(note)));
    if (isStory(result.kind)) props.onStory(result.id);
    else
      setDone(
        t('Imported {kind} “{name}” into your library.', {
          kind: kindLabel(result.kind),
          name: result.report.name,
        }),
      );
  };
  const onDrop = (event: DragEvent): void => {
    event.preventDefault();
    setOver(false);
    const files = [...(event.dataTransfer?.files ?? [])];
    if (files.length) void review(files);
  };
  return (
    <div
      class="import-file"
      classList={{ 'drop-over': over() }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
    >
      <label class="file-button">
        {t('Import a file')}
        <input
          type="file"
          multiple
          accept=".json,.jsonl,.png,.apng,.webp,.charx,application/json,image/png,image/webp"
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            event.currentTarget.value = '';
            if (files.length) void review(files);
          }}
        />
      </label>
      <span class="muted">{t('or drop a card, lorebook, chat, preset or story here')}</span>
      <ErrorAlert message={error()} />
      <Show when={done()}>
        <div role="status">
          <p>{done()}</p>
          <Show when={doneNotes().length}>
            <ul>
              <For each={doneNotes()}>{(note) => <li>{note}</li>}</For>
            </ul>
          </Show>
        </div>
      </Show>
      <Show when={pending()}>
        {(p) => (
          <ImportReview
            fileName={p().file.name}
            report={p().report}
            chatMode={chatMode()}
            onChatMode={setChatMode}
            leaveOutRules={leaveOutRules()}
            onLeaveOutRules={setLeaveOutRules}
            twin={twin()}
            onTwin={setTwin}
            whoWasThere={whoWasThere()}
            onWhoWasThere={setWhoWasThere}
            busy={busy()}
            onImport={() => void confirm()}
            onCancel={() => setPending(undefined)}
          />
        )}
      </Show>
    </div>
  );
}

const isStory = (kind: ImportKind): boolean => kind === 'chat' || kind === 'story';
