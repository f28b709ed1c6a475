// "What X was given" in the inspector: when the server said how much of the prompt it took from a
// prompt it kept, the prompt's row says cached and computed tokens; when it said nothing, nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent } from 'solid-js';
import { GivenSummary } from '../../src/app/inspector/given-summary.tsx';
import { setUiLanguage } from '../../src/app/i18n/ui-text.ts';
import type { GivenView } from '../../src/workers/api.ts';
import { createFakeDriver } from './fake-driver.ts';
import { mountOver } from './driver-mount.ts';

const cleanups: Array<() => void> = [];
afterEach(() => {
  cleanups.splice(0).forEach((c) => c());
  void setUiLanguage('en');
});

const GIVEN: GivenView = {
  context: 8192,
  maxTokens: 512,
  source: 'server',
  parts: [
    { part: 'instructions', tokens: 300 },
    { part: 'history', tokens: 1_000 },
  ],
  promptTokens: 1_300,
  exact: true,
  window: { start: 0, entries: 4 },
};

function mount(given: GivenView): HTMLElement {
  const { host, dispose } = mountOver(createFakeDriver(), () =>
    createComponent(GivenSummary, { title: 'What Jane was given', given, storyId: 's1', turnId: 't2' }),
  );
  cleanups.push(dispose);
  return host;
}

const promptRow = (host: HTMLElement): string => host.querySelector('tfoot tr')?.textContent ?? '';

describe('what a request was given', () => {
  it('says how much of the prompt the server took from a kept prompt and how much it computed', async () => {
    const host = mount({ ...GIVEN, served: { promptTokens: 1_342, cachedTokens: 1_200 } });
    expect(host.querySelector('.given-served')?.textContent).toBe('cached 1,200 / computed 142 tokens');
    expect(promptRow(host)).toContain('1,300');
    expect(promptRow(host)).toContain('cached 1,200 / computed 142 tokens');
    await setUiLanguage('zh');
    expect(host.querySelector('.given-served')?.textContent).toBe('缓存 1,200 / 计算 142 个 token');
  });

  it('says nothing of a cache when the server said nothing', () => {
    const host = mount(GIVEN);
    expect(host.querySelector('.given-served')).toBeNull();
    expect(promptRow(host)).not.toContain('cached');
  });
});
