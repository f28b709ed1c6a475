// A generation field keeps what the person is typing when a stored update lands meanwhile (another
// field's save coming back): before, the stored value was put over the typing, and leaving the field
// then saved nothing (an e2e run once lost a story's stop strings this way).
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent, createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { SamplingFields, type SamplingValues } from '../../src/app/settings/sampling-fields.tsx';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

describe('generation fields while one is being edited', () => {
  it('keep the typing over a stored update, save it on leaving, and follow the store otherwise', () => {
    const [values, setValues] = createSignal<SamplingValues>({});
    const saved: SamplingValues[] = [];
    const host = document.createElement('div');
    document.body.append(host);
    const dispose = render(
      () =>
        createComponent(SamplingFields, {
          get values() {
            return values();
          },
          fallback: {},
          withMaxTokens: true,
          onChange: (patch) => saved.push(patch),
        }),
      host,
    );
    cleanups.push(() => {
      dispose();
      host.remove();
    });
    const stop = host.querySelector('textarea');
    const temperature = host.querySelector<HTMLInputElement>('input[type="number"]');
    if (!stop || !temperature) throw new Error('fields not rendered');

    stop.focus();
    stop.value = 'THE END';
    stop.dispatchEvent(new Event('input', { bubbles: true }));
    setValues({ maxTokens: 200 }); // the reply limit's save comes back while the stop strings are typed
    expect(stop.value).toBe('THE END');
    stop.blur();
    stop.dispatchEvent(new Event('change', { bubbles: true }));
    expect(saved.at(-1)).toEqual({ stop: ['THE END'] });

    setValues({ maxTokens: 200, temperature: 1.1, stop: ['THE END'] });
    expect(temperature.value).toBe('1.1');
    expect(stop.value).toBe('THE END');
  });
});
