// What the chronicler noted besides memories and state, folded away and read-only: the events as the
// participant perceived them (each with the words it rests on), what it is unsure of, and the audit of
// what was refused and why (a quote not found in what it perceived never reaches its memory).
import { For, Show, type JSX } from 'solid-js';
import type { MemoryView } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

export function ChronicleDetails(props: { memory: MemoryView }): JSX.Element {
  return (
    <>
      <details class="memory-details">
        <summary>{t('Events ({count})', { count: props.memory.events.length })}</summary>
        <Show when={props.memory.events.length} fallback={<p class="muted">{t('No events noted.')}</p>}>
          <ul class="memory-plain-list">
            <For each={props.memory.events}>
              {(event) => (
                <li>
                  <span>{event.text}</span>
                  <blockquote class="evidence">
                    <span class="visually-hidden">{t('Evidence:')}</span>
                    {event.evidence}
                  </blockquote>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </details>
      <details class="memory-details">
        <summary>{t('Uncertainties ({count})', { count: props.memory.uncertainties.length })}</summary>
        <Show
          when={props.memory.uncertainties.length}
          fallback={<p class="muted">{t('Nothing it is unsure of.')}</p>}
        >
          <ul class="memory-plain-list">
            <For each={props.memory.uncertainties}>{(text) => <li>{text}</li>}</For>
          </ul>
        </Show>
      </details>
      <details class="memory-details">
        <summary>{t('Refused ({count})', { count: props.memory.audit.length })}</summary>
        <p class="hint">
          {t(
            'What the chronicler answered that was not kept, newest first: nothing of it reached memory or state.',
          )}
        </p>
        <Show when={props.memory.audit.length} fallback={<p class="muted">{t('Nothing was refused.')}</p>}>
          <ul class="memory-plain-list">
            <For each={props.memory.audit}>
              {(audit) => (
                <li>
                  <span>{audit.reason}</span>
                  <pre class="audit-item">{audit.item}</pre>
                </li>
              )}
            </For>
          </ul>
        </Show>
      </details>
    </>
  );
}
