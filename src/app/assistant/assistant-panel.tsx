// An assistant chat beside what it works on: its welcome, the conversation (the reply streaming in),
// each proposed change with its diff and Apply / Reject, the "Apply automatically" switch with its
// warning, and the trash with Restore; Stop while the model answers, Retry under a message left
// unanswered, the chat's language. The worker keeps the chat; the panel shows its last view.
import { For, Show, createSignal, onMount, type JSX } from 'solid-js';
import * as Comlink from 'comlink';
import type { AssistantChatView, AssistantSubject, Failure, Result } from '../../workers/api.ts';
import { useDriver } from '../shell/driver-client.ts';
import { t } from '../i18n/ui-text.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { runCommand } from '../ui/run-command.ts';
import { trashedLabel } from './trashed-label.ts';
import { ProposalCard } from './proposal-card.tsx';
import { UnansweredMessage } from './unanswered-message.tsx';
import { ChatLanguageField } from './chat-language-field.tsx';
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
  /** A turn is running: Stop shows. */
  const [turning, setTurning] = createSignal(false);
  /** Why the last turn's call failed, shown under the message it left unanswered. */
  const [failure, setFailure] = createSignal('');

  async function run(
    command: () => Promise<Result<{ view: AssistantChatView }>>,
    changes = true,
    answer?: (failure: Failure) => boolean,
  ) {
    setError('');
    setBusy(true);
    const result = await runCommand(command, {
      error: setError,
      cancelled: setError,
      ...(answer ? { answer } : {}),
    });
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

  const unanswered = () => view()?.chat.messages.at(-1)?.role === 'user';

  let turn = 0;
  /** A turn: a message sent, or the unanswered one again; a failed call is told under the message. */
  async function runTurn(
    command: (onDelta: (delta: string) => void) => Promise<Result<{ view: AssistantChatView }>>,
  ) {
    // Deltas come through their own channel and may land after the finished reply: only this
    // turn's, and only while it runs, are shown.
    const mine = ++turn;
    const onDelta = (delta: string) => {
      if (mine === turn && busy()) setStreaming((s) => s + delta);
    };
    setFailure('');
    setTurning(true);
    const result = await run(
      () => command(Comlink.proxy(onDelta)),
      true,
      (f) => {
        setFailure(f.detail);
        return true;
      },
    );
    setTurning(false);
    // Refused before the message was stored (no backend, busy): said as any error.
    if (!result.ok && !unanswered()) {
      setError(failure());
      setFailure('');
    }
    return result;
  }

  const send = async (): Promise<void> => {
    const text = draft().trim();
    if (!text || busy()) return;
    const sent = await runTurn((onDelta) => api.sendAssistant(props.subject, text, onDelta));
    if (sent.ok || unanswered()) setDraft('');
  };

  const said = () =>
    view()?.chat.messages.filter((m) => m.role !== 'tool' && (m.text || m.role === 'user' || m.stopped)) ??
    [];

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
      <ChatLanguageField
        language={view()?.language}
        busy={busy()}
        onChange={(language) => void run(() => api.setAssistantLanguage(props.subject, language), false)}
      />
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
              <Show when={m.stopped}>
                <em class="muted"> {t('(stopped)')}</em>
              </Show>
            </li>
          )}
        </For>
        <Show when={streaming()}>
          <li class="assistant-message from-assistant">{streaming()}</li>
        </Show>
      </ol>
      <Show when={unanswered() && !turning()}>
        <UnansweredMessage
          failure={failure()}
          busy={busy()}
          onRetry={() => void runTurn((onDelta) => api.retryAssistant(props.subject, onDelta))}
        />
      </Show>
      <Show when={view()?.notice === 'tools-refused'}>
        <p class="muted" role="note">
          {t('This server does not take tool calls; using JSON.')}
        </p>
      </Show>
      <Show when={view()?.stopped === 'step-cap'}>
        <p class="muted">{t('The assistant stopped after many steps: send a message to let it go on.')}</p>
      </Show>
      <For each={view()?.chat.proposals ?? []}>
        {(p) => (
          <ProposalCard
            proposal={p}
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
          <Show when={turning()}>
            <button type="button" class="secondary" onClick={() => void api.cancelAssistant(props.subject)}>
              {t('Stop')}
            </button>
          </Show>
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
