// A backend's lengths in Settings, in Chromium over a scripted driver: Check context asks the worker
// for the profile as the form has it and shows what is in use and why, with Ollama's warning and its
// fix; the context and each operation's longest answer are edited into the profile (empty: unset).
import { afterEach, describe, expect, it } from 'vitest';
import { createComponent } from 'solid-js';
import { createStore } from 'solid-js/store';
import { ProfileLengths } from '../../src/app/settings/profile-lengths.tsx';
import type { BackendProfile, ModelLimitsReport } from '../../src/workers/api.ts';
import { createFakeDriver } from './fake-driver.ts';
import { mountOver } from './driver-mount.ts';

const OLLAMA_REPORT: ModelLimitsReport = {
  contextTokens: 4096,
  source: 'server',
  detected: 4096,
  trainedTokens: 131072,
  detail: 'Ollama runs "llama3.2" with 4096 tokens of context (trained for 131072).',
  warning:
    'Ollama runs "llama3.2" with 4096 tokens of context, though the model was trained for 131072: … e.g. OLLAMA_CONTEXT_LENGTH=8192 ollama serve …',
};

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((c) => c()));

function mount(report: ModelLimitsReport) {
  const fake = createFakeDriver();
  const asked: BackendProfile[] = [];
  fake.handlers.modelLimits = async (profile) => {
    asked.push(profile);
    return report;
  };
  const [profile, setProfile] = createStore<BackendProfile>({
    id: 'p1',
    label: 'Ollama',
    kind: 'openai',
    baseURL: 'http://localhost:11434/v1',
    apiKey: '',
    model: 'llama3.2',
  });
  const { host, dispose } = mountOver(fake, () =>
    createComponent(ProfileLengths, { profile, onChange: (patch) => setProfile(patch) }),
  );
  cleanups.push(dispose);
  const field = (label: string) =>
    [...host.querySelectorAll('label')].find((l) => l.textContent?.includes(label))?.querySelector('input');
  const type = (label: string, value: string) => {
    const input = field(label)!;
    input.value = value;
    input.dispatchEvent(new InputEvent('input', { bubbles: true }));
  };
  return { host, profile, asked, field, type };
}

describe('a backend profile’s lengths in Settings', () => {
  it("checks the context and warns when Ollama runs with less than the model's, naming the fix", async () => {
    const { host, asked } = mount(OLLAMA_REPORT);
    expect(host.querySelector('[role="alert"]')).toBeNull();
    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Check context')!.click();
    await expect
      .poll(() => host.querySelector('[role="status"]')?.textContent)
      .toContain('4096 tokens in use, as the server says.');
    expect(host.querySelector('[role="status"]')?.textContent).toContain('trained for 131072');
    expect(host.querySelector('[role="alert"]')?.textContent).toContain(
      'OLLAMA_CONTEXT_LENGTH=8192 ollama serve',
    );
    expect(asked).toEqual([
      expect.objectContaining({ baseURL: 'http://localhost:11434/v1', model: 'llama3.2' }),
    ]);
  });

  it('edits the context and each longest answer into the profile, and empties them back to unset', async () => {
    const { profile, type, field } = mount({ ...OLLAMA_REPORT, warning: undefined });
    type('Context (tokens)', '8192');
    expect(profile.contextTokens).toBe(8192);
    type('Characters acting', '600');
    type('Writing the chronicle', '1200');
    expect(profile.maxTokens).toEqual({ actor: 600, chronicler: 1200 });
    expect(field('Projecting perceptions')?.placeholder).toBe('Default');
    type('Characters acting', '');
    expect(profile.maxTokens).toEqual({ chronicler: 1200 });
    type('Writing the chronicle', '');
    type('Context (tokens)', '');
    expect(profile.maxTokens).toBeUndefined();
    expect(profile.contextTokens).toBeUndefined();
    expect('contextTokens' in profile).toBe(false);
  });

  it('says a setting is in use over what the server says', async () => {
    const { host } = mount({ ...OLLAMA_REPORT, contextTokens: 16384, source: 'setting', warning: undefined });
    [...host.querySelectorAll('button')].find((b) => b.textContent === 'Check context')!.click();
    await expect
      .poll(() => host.querySelector('[role="status"]')?.textContent)
      .toContain('16384 tokens in use: your setting.');
  });
});
