// "Evaluate this model", a modal dialog opened from a backend profile in Settings: it plays the
// shipped scenes planted with secrets with that profile (in the worker), shows progress and Stop,
// then the table — isolation beside shared history — and offers the requests it made as a download.
import { For, Show, createSignal, createUniqueId, onCleanup, onMount, type JSX } from 'solid-js';
import * as Comlink from 'comlink';
import { unwrap } from 'solid-js/store';
import type { BackendProfile, EvalProgress, EvalReport, Language, TapeEntry } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { downloadJson } from '../ui/download-json.ts';
import { runCommand } from '../ui/run-command.ts';
import { t } from '../i18n/ui-text.ts';
import { evalCell, evalMetrics, evalRowLabel } from './eval-rows.ts';

const REQUESTS_FILE = 'rashomon-eval-requests.json';

export function EvalDialog(props: { profile: BackendProfile; onClose: () => void }): JSX.Element {
  const { api } = useDriver();
  const id = createUniqueId();
  const [languages, setLanguages] = createSignal<Language[]>(['en', 'zh']);
  const [progress, setProgress] = createSignal<EvalProgress>();
  const [running, setRunning] = createSignal(false);
  const [result, setResult] = createSignal<{ report: EvalReport; requests: TapeEntry[] }>();
  const [error, setError] = createSignal<string>();
  let dialog: HTMLDialogElement | undefined;
  onMount(() => dialog?.showModal());
  // Closed while it runs: the evaluation has no one left to show it to.
  onCleanup(() => running() && void api.stopEvaluation());
  const name = (): string => props.profile.label || props.profile.model;
  const start = async (): Promise<void> => {
    setRunning(true);
    setResult(undefined);
    setError(undefined);
    // The profile is a store's proxy, which cannot cross to the worker: its plain object does.
    const profile = unwrap(props.profile);
    await runCommand(
      () =>
        api.evaluateModel(
          profile,
          languages(),
          Comlink.proxy((p: EvalProgress) => setProgress(p)),
        ),
      { error: setError, cancelled: setError },
    ).then((answer) => answer.ok && setResult({ report: answer.report, requests: answer.requests }));
    setRunning(false);
  };
  const toggle = (language: Language, on: boolean): void => {
    setLanguages((ls) => (on ? [...new Set([...ls, language])] : ls.filter((l) => l !== language)));
  };
  return (
    <dialog
      ref={dialog}
      class="settings-dialog eval-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => props.onClose()}
    >
      <div class="dialog-header">
        <h2 id={`${id}-title`}>{t('Evaluate {model}', { model: name() })}</h2>
        <button type="button" class="secondary" onClick={() => dialog?.close()}>
          {t('Close')}
        </button>
      </div>
      <p class="muted">
        {t(
          'Plays scenes planted with secrets with this model, twice: as Rashomon plays them (each character gets only what it perceived), then as shared history (everyone sees every message, as in group chats). It takes a few hundred requests. Lower is better in every row.',
        )}
      </p>
      <fieldset class="row" disabled={running()}>
        <legend>{t('Scenes')}</legend>
        <label>
          <input
            type="checkbox"
            checked={languages().includes('en')}
            onChange={(e) => toggle('en', e.currentTarget.checked)}
          />{' '}
          {t('English')}
        </label>
        <label>
          <input
            type="checkbox"
            checked={languages().includes('zh')}
            onChange={(e) => toggle('zh', e.currentTarget.checked)}
          />{' '}
          {t('Chinese')}
        </label>
      </fieldset>
      <div class="row">
        <Show
          when={running()}
          fallback={
            <button type="button" disabled={!languages().length} onClick={() => void start()}>
              {result() ? t('Evaluate again') : t('Start')}
            </button>
          }
        >
          <button type="button" class="danger" onClick={() => void api.stopEvaluation()}>
            {t('Stop')}
          </button>
        </Show>
      </div>
      <Show when={running() && progress()}>
        {(p) => (
          <p role="status">
            {t('Scene {scene} of {scenes}: {title}, {mode} — {requests} requests so far', {
              scene: p().scene,
              scenes: p().scenes,
              title: p().title,
              mode: p().mode === 'isolation' ? t('isolation') : t('shared history'),
              requests: p().requests,
            })}
          </p>
        )}
      </Show>
      <ErrorAlert message={error()} />
      <Show when={result()}>{(r) => <EvalResult report={r().report} requests={r().requests} />}</Show>
    </dialog>
  );
}

function EvalResult(props: { report: EvalReport; requests: TapeEntry[] }): JSX.Element {
  const report = (): EvalReport => props.report;
  return (
    <div class="stack">
      <p role="status">
        {report().stopped
          ? t('Stopped: {played} of {total} scenes played whole, {requests} requests.', {
              played: report().scenes.played,
              total: report().scenes.total,
              requests: report().requests,
            })
          : t('Done: {played} scenes, {requests} requests.', {
              played: report().scenes.played,
              requests: report().requests,
            })}
      </p>
      <table class="eval-table">
        <caption>{t('Per 100 opportunities, [95 % interval], hits/opportunities')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Measure')}</th>
            <th scope="col">{t('Isolation (Rashomon)')}</th>
            <th scope="col">{t('Shared history (baseline)')}</th>
          </tr>
        </thead>
        <tbody>
          <For each={evalMetrics(report())}>
            {(m) => (
              <tr>
                <th scope="row">{evalRowLabel(m)}</th>
                <td>{evalCell(report().modes.isolation[m])}</td>
                <td>{evalCell(report().modes['shared-history'][m])}</td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <Show when={report().fatal}>
        {(fatal) => (
          <p class="error" role="alert">
            {t('Ended early: this model cannot be used as it is set up. {detail}', { detail: fatal() })}
          </p>
        )}
      </Show>
      <Show when={report().failures.length}>
        <p class="muted">
          {t('{count} scene runs stopped early on a model failure; the first: {detail}', {
            count: report().failures.length,
            detail: report().failures[0]?.detail ?? '',
          })}
        </p>
      </Show>
      <p class="row">
        <button type="button" class="secondary" onClick={() => downloadJson(props, REQUESTS_FILE)}>
          {t('Download the requests (JSON)')}
        </button>
        <span class="muted">{t('Every request it made, with its answer; nothing of it is stored.')}</span>
      </p>
    </div>
  );
}

/** The button on a backend profile that opens the dialog. */
export function EvalAction(props: { profile: BackendProfile }): JSX.Element {
  const [open, setOpen] = createSignal(false);
  return (
    <>
      <button
        type="button"
        class="secondary small"
        disabled={!props.profile.model}
        onClick={() => setOpen(true)}
      >
        {t('Evaluate this model')}
      </button>
      <Show when={open()}>
        <EvalDialog profile={props.profile} onClose={() => setOpen(false)} />
      </Show>
    </>
  );
}
