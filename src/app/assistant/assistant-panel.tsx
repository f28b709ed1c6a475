// An assistant chat beside what it works on: its welcome, the conversation (the reply streaming in),
// each proposed change with its diff and Apply / Reject, the "Apply automatically" switch with its
// warning, and the trash with Restore. The worker keeps the chat; the panel shows its last view.
import { For, Show, createSignal, onMount, type JSX } from 'solid-js';
import * as Comlink from 'comlink';
import type { AssistantChatView, AssistantSubject, Result } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import { trashedLabel } from './trashed-label.ts';
import { ProposalCard } from './proposal-card.tsx';
import './assistant.css';

export function AssistantPanel(props: {
  subject: AssistantSubject;
  /** Something in the library changed (a change applied, an entry restored). */
  onChanged: () => void;
}): JSX.Element {
  const { api } = useDriver();
  const [view, setView] = createSignal<AssistantChatView>();
  const [draft, setDraft] = createSignal('');
  const [streaming, setStreaming] = createSignal('');
  const [busy, setBusy] = createSignal(false);
  const [error, setError] = createSignal('');

  async function run(command: () => Promise<Result<{ view: AssistantChatView }>>, changes = true) {
    setError('');
    setBusy(true);
    const result = await runCommand(command, { error: setError, cancelled: setError });
    setBusy(false);
    setStreaming('');
    if (result.ok) setView(result.view);
    else {
      // A refused Apply is kept in the chat with its reason: show the chat as it is now.
      const now = await api.openAssistant(props.subject);
      if (now.ok) setView(now.view);
    }
    if (changes) props.onChanged();
    return result;
  }

  onMount(() => void run(() => api.openAssistant(props.subject), false));

  let turn = 0;
  const send = async (): Promise<void> => {
    const text = draft().trim();
    if (!text || busy()) return;
    // Deltas come through their own channel and may land after the finished reply: only this
    // turn's, and only while it runs, are shown.
    const mine = ++turn;
    const onDelta = (delta: string) => {
      if (mine === turn && busy()) setStreaming((s) => s + delta);
    };
    const sent = await run(() => api.sendAssistant(props.subject, text, Comlink.proxy(onDelta)));
    if (sent.ok) setDraft('');
  };

  const said = () =>
    view()?.chat.messages.filter((m) => m.role !== 'tool' && (m.text || m.role === 'user')) ?? [];

  return (
    <section class="assistant-panel stack" aria-labelledby="assistant-title">
      <h3 id="assistant-title">{t('Assistant')}</h3>
      <label class="assistant-auto">
        <input
          type="checkbox"
          checked={view()?.chat.automatic ?? false}
          disabled={busy() || !view()}
          onChange={(e) => void run(() => api.setAssistantAutomatic(props.subject, e.currentTarget.checked))}
        />
        <span>{t('Apply automatically')}</span>
      </label>
      <Show when={view()?.chat.automatic}>
        <p class="warning" role="note">
          {t(
            'Every change the assistant makes in this chat is written at once, without asking you. Deleted entries still go to the trash.',
          )}
        </p>
      </Show>
      <ol class="assistant-messages" aria-live="polite">
        <Show when={view()}>{(v) => <li class="assistant-message from-assistant">{v().welcome}</li>}</Show>
        <For each={said()}>
          {(m) => (
            <li class={`assistant-message from-${m.role}`}>
              <span class="visually-hidden">{m.role === 'user' ? t('You:') : t('Assistant:')} </span>
              {m.text}
              <Show when={m.cut}>
                <em class="muted"> {t('(cut off at the response limit)')}</em>
              </Show>
            </li>
          )}
        </For>
        <Show when={streaming()}>
          <li class="assistant-message from-assistant">{streaming()}</li>
        </Show>
      </ol>
      <Show when={view()?.stopped === 'step-cap'}>
        <p class="muted">{t('The assistant stopped after many steps: send a message to let it go on.')}</p>
      </Show>
      <For each={view()?.chat.proposals ?? []}>
        {(p) => (
          <ProposalCard
            proposal={p}
            kind={props.subject.kind}
            busy={busy()}
            onDecide={(d) => void run(() => api.decideProposal(props.subject, p.id, d))}
          />
        )}
      </For>
      <form
        class="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <label class="field">
          <span>{t('Message to the assistant')}</span>
          <textarea rows={3} value={draft()} onInput={(e) => setDraft(e.currentTarget.value)} />
        </label>
        <div class="row">
          <button type="submit" disabled={busy() || !draft().trim()}>
            {busy() ? t('Working…') : t('Send')}
          </button>
        </div>
      </form>
      <ErrorAlert message={error()} />
      <Show when={(view()?.trash.length ?? 0) > 0}>
        <section class="stack" aria-labelledby="assistant-trash-title">
          <h4 id="assistant-trash-title">{t('Trash')}</h4>
          <ul class="assistant-trash">
            <For each={view()?.trash ?? []}>
              {(item) => (
                <li class="row">
                  <span>{trashedLabel(item)}</span>
                  <button
                    type="button"
                    class="secondary"
                    disabled={busy()}
                    onClick={() => void run(() => api.restoreFromTrash(props.subject, item.id))}
                  >
                    {t('Restore')}
                  </button>
                </li>
              )}
            </For>
          </ul>
        </section>
      </Show>
    </section>
  );
}
