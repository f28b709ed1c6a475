// The review's who-was-there table (GC3) on its own: a labelled checkbox per stretch and member,
// unticking one marks that member absent for that stretch only, a stretch added from a message takes
// the one above's absences, and joining a stretch to the one above drops its row.
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { WhoWasThereTable } from '../../src/app/library/who-was-there.tsx';
import type { WhoWasThere } from '../../src/workers/api.ts';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function mount(start: WhoWasThere) {
  const [value, setValue] = createSignal(start);
  const host = document.createElement('div');
  document.body.append(host);
  const dispose = render(
    () =>
      createComponent(WhoWasThereTable, {
        members: ['Mara', 'Jun'],
        messages: 10,
        get value() {
          return value();
        },
        onChange: setValue,
      }),
    host,
  );
  cleanups.push(() => {
    dispose();
    host.remove();
  });
  const box = (label: string) => {
    const found = host.querySelector<HTMLInputElement>(`input[aria-label="${label}"]`);
    if (!found) throw new Error(`no checkbox “${label}”`);
    return found;
  };
  return { host, value, box };
}

describe('who was there, in the review of a group chat', () => {
  it('[GC3] a cell unticked marks one member absent for one stretch; a stretch added takes the absences above; join drops it', () => {
    const { host, value, box } = mount({ stretches: [{ from: 0, absent: ['Jun'] }] });
    expect(box('Jun was there for messages 1–10').checked).toBe(false);
    box('Mara was there for messages 1–10').click();
    expect(value()).toEqual({ stretches: [{ from: 0, absent: ['Mara', 'Jun'] }] });
    box('Mara was there for messages 1–10').click();

    const field = host.querySelector<HTMLInputElement>('input[type="number"]');
    if (!field) throw new Error('no field for a new stretch');
    field.value = '4';
    field.dispatchEvent(new Event('input', { bubbles: true }));
    host.querySelector('form')?.requestSubmit();
    expect(value()).toEqual({
      stretches: [
        { from: 0, absent: ['Jun'] },
        { from: 3, absent: ['Jun'] },
      ],
    });
    box('Jun was there for messages 4–10').click();
    expect(value().stretches[1]).toEqual({ from: 3, absent: [] });
    expect(box('Jun was there for messages 1–3').checked).toBe(false);

    host.querySelector<HTMLButtonElement>('button[aria-label="Join above: messages 4–10"]')?.click();
    expect(value()).toEqual({ stretches: [{ from: 0, absent: ['Jun'] }] });
  });
});
