// One change an assistant proposed: what it does, the thing before and after as a line diff, and
// Apply / Reject while it waits; afterwards its status, or why Apply could not write it.
import { For, Show, type JSX } from 'solid-js';
import type { Proposal } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { lineDiff, type DiffLine } from '../ui/line-diff.ts';
import { changeHeading } from './change-heading.ts';

const MARK = { same: '  ', added: '+ ', removed: '- ' } as const;

/** A new thing has no before and a deleted one no after: all its lines are added or removed. */
function changeLines(before: string, after: string): DiffLine[] {
  if (before === '') return after.split('\n').map((text) => ({ kind: 'added', text }));
  if (after === '') return before.split('\n').map((text) => ({ kind: 'removed', text }));
  return lineDiff(before, after);
}

function statusText(p: Proposal): string {
  switch (p.status) {
    case 'pending':
      return t('Waiting for your decision: nothing is written yet.');
    case 'applied':
      return t('Applied.');
    case 'rejected':
      return t('Rejected: nothing was written.');
    default:
      return p.status satisfies never;
  }
}

export function ProposalCard(props: {
  proposal: Proposal;
  busy: boolean;
  onDecide: (decision: 'apply' | 'reject') => void;
}): JSX.Element {
  const p = () => props.proposal;
  return (
    <article class="proposal stack" aria-label={changeHeading(p())}>
      <h4>{changeHeading(p())}</h4>
      <pre class="prompt-diff" aria-label={t('The change, line by line')}>
        <For each={changeLines(p().before, p().after)}>
          {(line) => <div class={`diff-${line.kind}`}>{MARK[line.kind] + line.text}</div>}
        </For>
      </pre>
      <Show when={p().warning}>
        <p class="warning" role="note">
          {p().warning}
        </p>
      </Show>
      <p class="muted">{statusText(p())}</p>
      <Show when={p().problem}>
        <p class="error">{t('It could not be applied: {reason}', { reason: p().problem ?? '' })}</p>
      </Show>
      <Show when={p().status === 'pending'}>
        <div class="row">
          <button type="button" disabled={props.busy} onClick={() => props.onDecide('apply')}>
            {t('Apply')}
          </button>
          <button
            type="button"
            class="secondary"
            disabled={props.busy}
            onClick={() => props.onDecide('reject')}
          >
            {t('Reject')}
          </button>
        </div>
      </Show>
    </article>
  );
}
