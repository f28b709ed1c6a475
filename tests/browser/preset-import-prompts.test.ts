// [R14] The Presets screen's import of a SillyTavern preset lists what became of each prompt, as the
// library's import review does ("Prompts mapped (n)", "Prompts left out (n)"), instead of one long
// sentence: a 285-prompt preset is a list of 285 lines.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createComponent } from 'solid-js';
import { PresetsPanel } from '../../src/app/prompts/presets-panel.tsx';
import { createFakeDriver } from './fake-driver.ts';
import { chooseFile, mountOver } from './driver-mount.ts';

const LEFT_OUT = 283;

describe('[R14] a preset imported on the Presets screen', () => {
  it('[R14] lists each prompt mapped and each left out with why', async () => {
    const fake = createFakeDriver();
    fake.handlers.listPresets = async () => [];
    fake.handlers.deletedPresets = async () => [];
    fake.handlers.importSillyTavernPresetText = async () => ({
      ok: true,
      presetId: 'p1',
      report: {
        source: 'prompt-manager',
        mapped: [
          { identifier: 'main', name: 'Main Prompt', target: 'roleplay/style' },
          { identifier: 'nsfw', name: 'Aux', target: 'roleplay/style' },
        ],
        notMapped: Array.from({ length: LEFT_OUT }, (_, i) => ({
          identifier: `p${i}`,
          name: `Prompt ${i}`,
          why: 'disabled',
        })),
        dropped: [],
      },
    });
    const { host, dispose } = mountOver(fake, () => createComponent(PresetsPanel, {}));
    onTestFinished(dispose);
    chooseFile(host, new File(['{}'], 'big.json', { type: 'application/json' }));

    await expect.poll(() => host.querySelector('[aria-label="What became of each prompt"]')).toBeTruthy();
    const headings = [...host.querySelectorAll('.import-review h3')].map((h) => h.textContent);
    expect(headings).toEqual(['Prompts mapped (2)', `Prompts left out (${LEFT_OUT})`]);
    const items = [...host.querySelectorAll('.import-review li')].map((li) => li.textContent);
    expect(items).toHaveLength(2 + LEFT_OUT);
    expect(items).toContain('“Main Prompt” → roleplay/style');
    expect(items).toContain('“Prompt 7”: disabled');
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Imported: 2 prompts mapped.');
  });
});
