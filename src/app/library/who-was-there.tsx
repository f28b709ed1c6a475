// "Who was there" in the review of a group chat (GC3): stretches of messages × members, a checkbox
// per cell (ticked: there, perceiving those messages), filled from the group file's defaults. A stretch
// can begin at any message and be joined to the one above; the worker checks what is sent (GC5).
import { For, Index, Show, createSignal, type JSX } from 'solid-js';
import type { WhoWasThere } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

function withCut(p: WhoWasThere, from: number): WhoWasThere {
  if (p.stretches.some((s) => s.from === from)) return p;
  const before = [...p.stretches].reverse().find((s) => s.from < from);
  const stretches = [...p.stretches, { from, absent: [...(before?.absent ?? [])] }];
  return { stretches: stretches.sort((a, b) => a.from - b.from) };
}

export function WhoWasThereTable(props: {
  members: readonly string[];
  messages: number;
  value: WhoWasThere;
  onChange: (value: WhoWasThere) => void;
}): JSX.Element {
  const [cut, setCut] = createSignal('');
  const range = (i: number) => {
    const s = props.value.stretches;
    return {
      from: (s[i]?.from ?? 0) + 1,
      to: s[i + 1]?.from ?? props.messages,
    };
  };
  const toggle = (i: number, member: string, there: boolean) =>
    props.onChange({
      stretches: props.value.stretches.map((s, k) =>
        k !== i
          ? s
          : {
              ...s,
              absent: there
                ? s.absent.filter((m) => m !== member)
                : props.members.filter((m) => m === member || s.absent.includes(m)),
            },
      ),
    });
  const join = (i: number) => props.onChange({ stretches: props.value.stretches.filter((_, k) => k !== i) });
  const valid = () => Number.isInteger(Number(cut())) && Number(cut()) > 1 && Number(cut()) <= props.messages;
  return (
    <fieldset class="group who-was-there">
      <legend>{t('Who was there')}</legend>
      <p class="muted">
        {t('Untick a member for the messages it was not there for: it perceives none of them.')}
      </p>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('Messages')}</th>
            <For each={props.members}>{(m) => <th scope="col">{m}</th>}</For>
            <th scope="col">
              <span class="visually-hidden">{t('Stretch')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <Index each={props.value.stretches}>
            {(stretch, i) => (
              <tr>
                <th scope="row">
                  {range(i).from === range(i).to ? range(i).from : t('{from}–{to}', range(i))}
                </th>
                <For each={props.members}>
                  {(member) => (
                    <td>
                      <input
                        type="checkbox"
                        checked={!stretch().absent.includes(member)}
                        aria-label={t('{name} was there for messages {from}–{to}', {
                          name: member,
                          ...range(i),
                        })}
                        onChange={(event) => toggle(i, member, event.currentTarget.checked)}
                      />
                    </td>
                  )}
                </For>
                <td>
                  <Show when={i > 0}>
                    <button
                      type="button"
                      class="secondary"
                      aria-label={t('Join above: messages {from}–{to}', range(i))}
                      onClick={() => join(i)}
                    >
                      {t('Join above')}
                    </button>
                  </Show>
                </td>
              </tr>
            )}
          </Index>
        </tbody>
      </table>
      <form
        class="row"
        onSubmit={(event) => {
          event.preventDefault();
          if (!valid()) return;
          props.onChange(withCut(props.value, Number(cut()) - 1));
          setCut('');
        }}
      >
        <label>
          {t('New stretch from message')}
          <input
            type="number"
            min={2}
            max={props.messages}
            value={cut()}
            onInput={(event) => setCut(event.currentTarget.value)}
          />
        </label>
        <button type="submit" disabled={!valid()}>
          {t('Add stretch')}
        </button>
      </form>
    </fieldset>
  );
}
