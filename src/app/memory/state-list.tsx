// How things stand for a participant now, grouped by whom they are about: each value can be corrected
// in place or cleared. A correction is the person's record from the story's current end on; what the
// chronicler wrote stays, and later turns may change the value again.
import { For, Show, createMemo, createSignal, createUniqueId, type JSX } from 'solid-js';
import type { MemoryView, StateDomain } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';
import { sameList } from '../ui/same-list.ts';
import { domainLabel } from './domain-label.ts';
import type { MemoryState } from './memory-state.ts';
import { ValueEditor } from './value-editor.tsx';

type StateItem = MemoryView['state'][number];

/** The items by subject, in the order subjects first appear. */
function bySubject(items: readonly StateItem[]): Map<string, StateItem[]> {
  const groups = new Map<string, StateItem[]>();
  for (const item of items) groups.set(item.subject, [...(groups.get(item.subject) ?? []), item]);
  return groups;
}

const keyOf = (subject: string, domain: StateDomain): string => `${subject}\n${domain}`;

export function StateList(props: { state: MemoryState; items: MemoryView['state'] }): JSX.Element {
  const id = createUniqueId();
  const groups = createMemo(() => bySubject(props.items));
  // Keyed by strings, so a re-read keeps each row (and an editor open in it) in place.
  const subjects = createMemo(() => [...groups().keys()], [], { equals: sameList });
  /** The value being corrected, by subject and domain, or null. */
  const [editing, setEditing] = createSignal<string | null>(null);
  const busy = (): boolean => props.state.busy();
  return (
    <section class="memory-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('How things stand')}</h3>
      <Show
        when={subjects().length}
        fallback={<p class="muted">{t('Nothing known of anyone’s state yet.')}</p>}
      >
        <For each={subjects()}>
          {(subject) => {
            const items = (): StateItem[] => groups().get(subject) ?? [];
            const domains = createMemo(() => items().map((i) => i.domain), [], { equals: sameList });
            const name = (): string => items()[0]?.subjectName ?? subject;
            return (
              <div class="state-group">
                <h4>{name()}</h4>
                <dl class="state-list">
                  <For each={domains()}>
                    {(domain) => {
                      const value = (): string => items().find((i) => i.domain === domain)?.value ?? '';
                      const label = (): string =>
                        t('{name}: {aspect}', { name: name(), aspect: domainLabel(domain) });
                      return (
                        <div class="state-item">
                          <dt>{domainLabel(domain)}</dt>
                          <dd>
                            <Show
                              when={editing() === keyOf(subject, domain)}
                              fallback={
                                <>
                                  <span class="state-value">{value()}</span>
                                  <button
                                    type="button"
                                    class="small secondary"
                                    aria-label={t('Correct {what}', { what: label() })}
                                    aria-disabled={busy()}
                                    onClick={() => !busy() && setEditing(keyOf(subject, domain))}
                                  >
                                    {t('Correct')}
                                  </button>
                                  <button
                                    type="button"
                                    class="small secondary"
                                    aria-label={t('Clear {what}', { what: label() })}
                                    title={t('Nothing is known of it from now on, until a later turn tells')}
                                    aria-disabled={busy()}
                                    onClick={() => !busy() && void props.state.correct(subject, domain, '')}
                                  >
                                    {t('Clear')}
                                  </button>
                                </>
                              }
                            >
                              <ValueEditor
                                label={label()}
                                value={value()}
                                saveLabel={t('Save correction')}
                                busy={busy()}
                                onSave={(value) => props.state.correct(subject, domain, value)}
                                onClose={() => setEditing(null)}
                              />
                            </Show>
                          </dd>
                        </div>
                      );
                    }}
                  </For>
                </dl>
              </div>
            );
          }}
        </For>
      </Show>
    </section>
  );
}
