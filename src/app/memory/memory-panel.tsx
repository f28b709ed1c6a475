// "What X remembers", a modal dialog opened from the cast: one participant's chronicle on the active
// path — its memories, how things stand for it, the changes waiting for the person's review, and,
// folded away, events, uncertainties and what was refused. The person may read anyone's here; each
// participant's own requests only ever carry its own.
import { Show, createUniqueId, onMount, type JSX } from 'solid-js';
import type { MemoryView } from '../../workers/api.ts';
import { ErrorAlert } from '../ui/error-alert.tsx';
import { t } from '../i18n/ui-text.ts';
import { ChronicleDetails } from './chronicle-details.tsx';
import { createMemoryState } from './memory-state.ts';
import { MemoryList } from './memory-list.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { StateList } from './state-list.tsx';
import './memory.css';

/** Nothing chronicled and nothing added: its turns have all stayed in its window so far. */
const isEmpty = (m: MemoryView): boolean =>
  !m.memories.length &&
  !m.state.length &&
  !m.pending.length &&
  !m.events.length &&
  !m.uncertainties.length &&
  !m.audit.length &&
  !m.staleEntries &&
  !m.chronicledTurns;

export function MemoryPanel(props: {
  storyId: string;
  participantId: string;
  name: string;
  onClose: () => void;
}): JSX.Element {
  const id = createUniqueId();
  const state = createMemoryState(props.storyId, props.participantId);
  let dialog: HTMLDialogElement | undefined;
  onMount(() => dialog?.showModal());
  return (
    <dialog
      ref={dialog}
      class="memory-dialog"
      aria-labelledby={`${id}-title`}
      onClose={() => props.onClose()}
    >
      <div class="dialog-header">
        <h2 id={`${id}-title`}>{t('What {name} remembers', { name: props.name })}</h2>
        <button type="button" class="secondary" onClick={() => dialog?.close()}>
          {t('Close')}
        </button>
      </div>
      <ErrorAlert message={state.error()} />
      <Show when={state.memory()} fallback={<p class="muted">{t('Reading the memories…')}</p>}>
        {(memory) => (
          <div class="stack">
            <Counts memory={memory()} />
            <Show when={isEmpty(memory())}>
              <p class="memory-empty">
                {t(
                  'Nothing yet. Memories are written when turns leave {name}’s context window: a short call then reads {name}’s own view of them and notes what {name} will remember. Until then the whole story fits in each request.',
                  { name: memory().name },
                )}
              </p>
            </Show>
            <ReviewQueue state={state} pending={memory().pending} />
            <MemoryList name={memory().name} memories={memory().memories} state={state} />
            <StateList state={state} items={memory().state} />
            <ChronicleDetails memory={memory()} />
          </div>
        )}
      </Show>
    </dialog>
  );
}

function Counts(props: { memory: MemoryView }): JSX.Element {
  const turns = (): number => props.memory.chronicledTurns;
  const stale = (): number => props.memory.staleEntries;
  return (
    <div class="memory-counts">
      <p>
        {turns() === 1
          ? t('Remembers 1 turn that left its window.')
          : t('Remembers {count} turns that left its window.', { count: turns() })}
      </p>
      <Show when={stale()}>
        <p class="hint">
          {stale() === 1
            ? t(
                '1 entry rests on turns edited since and is set aside; the story’s stale-history choice (keep or rewrite) settles it.',
              )
            : t(
                '{count} entries rest on turns edited since and are set aside; the story’s stale-history choice (keep or rewrite) settles them.',
                { count: stale() },
              )}
        </p>
      </Show>
    </div>
  );
}
