// Changes of what a participant feels, knows or wants, read by its chronicler from turns that left its
// window: they wait here, each with the words it rests on, until the person accepts, amends or
// rejects them. Only then do they count in its state.
import { For, Show, createMemo, createSignal, createUniqueId, type JSX } from 'solid-js';
import type { MemoryView } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { sameList } from '../ui/same-list.ts';
import { domainLabel } from './domain-label.ts';
import type { MemoryState } from './memory-state.ts';
import { ValueEditor } from './value-editor.tsx';

type Pending = MemoryView['pending'][number];

export function ReviewQueue(props: { state: MemoryState; pending: MemoryView['pending'] }): JSX.Element {
  const id = createUniqueId();
  // Keyed by change id, so a re-read keeps an amendment being typed.
  const ids = createMemo(() => props.pending.map((c) => c.id), [], { equals: sameList });
  const change = (changeId: string): Pending | undefined => props.pending.find((c) => c.id === changeId);
  let heading: HTMLHeadingElement | undefined;
  return (
    <section class="memory-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} tabIndex={-1} ref={heading}>
        {t('Waiting for your review')}
      </h3>
      <Show
        when={ids().length}
        fallback={
          <p class="muted">{t('Nothing to review: no change of feelings, knowledge or goals is waiting.')}</p>
        }
      >
        <p class="hint">
          {t(
            'What was felt, learnt or wanted counts only once you accept it: accept it as it is, amend the value, or reject it.',
          )}
        </p>
        <ul class="review-list">
          <For each={ids()}>
            {(changeId) => (
              <Show when={change(changeId)}>
                {(c) => (
                  // A settled change leaves the list: the focus goes back to its heading, not to the page.
                  <PendingChange change={c()} state={props.state} onSettled={() => heading?.focus()} />
                )}
              </Show>
            )}
          </For>
        </ul>
      </Show>
    </section>
  );
}

function PendingChange(props: { change: Pending; state: MemoryState; onSettled: () => void }): JSX.Element {
  const [amending, setAmending] = createSignal(false);
  const busy = (): boolean => props.state.busy();
  const settle = async (decision: Promise<boolean>): Promise<boolean> => {
    const stored = await decision;
    if (stored) props.onSettled();
    return stored;
  };
  const what = (): string =>
    t('{name}: {aspect}', { name: props.change.subjectName, aspect: domainLabel(props.change.domain) });
  return (
    <li class="review-item" aria-label={t('Change of {what}', { what: what() })}>
      <div>
        <strong>{what()}</strong>
        <Show when={!amending()}>
          <span class="state-value">{props.change.value}</span>
        </Show>
      </div>
      <blockquote class="evidence">
        <span class="visually-hidden">{t('Evidence:')}</span>
        {props.change.evidence}
      </blockquote>
      <Show
        when={amending()}
        fallback={
          <div class="row">
            <button
              type="button"
              class="small"
              aria-disabled={busy()}
              onClick={() => !busy() && void settle(props.state.review(props.change.id, 'accepted'))}
            >
              {t('Accept')}
            </button>
            <button
              type="button"
              class="small secondary"
              aria-disabled={busy()}
              onClick={() => !busy() && setAmending(true)}
            >
              {t('Amend')}
            </button>
            <button
              type="button"
              class="small secondary"
              aria-disabled={busy()}
              onClick={() => !busy() && void settle(props.state.review(props.change.id, 'rejected'))}
            >
              {t('Reject')}
            </button>
          </div>
        }
      >
        <ValueEditor
          label={t('Amended value of {what}', { what: what() })}
          value={props.change.value}
          saveLabel={t('Accept amended')}
          busy={busy()}
          onSave={(value) => settle(props.state.amend(props.change.id, value))}
          onClose={() => setAmending(false)}
        />
      </Show>
    </li>
  );
}
