// [K14] [K12] [K15] The import's review in the app: every note of the report on screen, the question
// when the library already holds the card (Import waits for an answer), the variable-system entries
// left out unless unticked, and what the import itself added said after it.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createComponent } from 'solid-js';
import { ImportFile } from '../../src/app/library/import-file.tsx';
import type { ImportOptions, ImportReport } from '../../src/workers/api.ts';
import { createFakeDriver } from './fake-driver.ts';
import { chooseFile, mountOver } from './driver-mount.ts';

const report: ImportReport = {
  kind: 'character',
  name: 'Seraphina',
  spec: 'v3',
  warnings: ['the description is empty: the model knows this character only by its other fields'],
  converted: ['the picture: 3000×4000, 4.0 MB → 768×1024, 900 KB, as the library keeps it'],
  dropped: ['expression pictures (12): not in the file, not images, or over what is kept'],
  variableRules: ['变量规则'],
  twin: { name: 'Seraphina', same: true },
};

const choose = async (host: HTMLElement): Promise<void> =>
  chooseFile(host, new File(['{}'], 'seraphina.png', { type: 'image/png' }));

describe('the import review', () => {
  it('[K14][K15] shows every note, asks about the twin, and says what the import added', async () => {
    const fake = createFakeDriver();
    const options: ImportOptions[] = [];
    fake.handlers.reviewImport = async () => ({ ok: true, report });
    fake.handlers.importFile = async (_file, o) => {
      options.push(o ?? {});
      return {
        ok: true,
        kind: 'character',
        id: 'c2',
        report: { ...report, dropped: [...report.dropped, 'the avatar: too large for the library'] },
      };
    };
    const { host, dispose } = mountOver(fake, () => createComponent(ImportFile, { onStory: () => {} }));
    onTestFinished(dispose);
    await choose(host);
    await expect.poll(() => host.querySelector('.import-review')).toBeTruthy();
    const items = () => [...host.querySelectorAll('.import-review li')].map((li) => li.textContent);
    for (const note of [...report.warnings, ...report.converted, ...report.dropped])
      expect(items()).toContain(note);
    expect(host.textContent).toContain('“Seraphina” is already in your library, the same as this file.');

    const importButton = [...host.querySelectorAll('button')].find((b) => b.textContent === 'Import');
    expect(importButton?.disabled).toBe(true);
    const rules = host.querySelector<HTMLInputElement>('.import-review input[type="checkbox"]');
    expect(rules?.checked).toBe(true);
    const keepBoth = [...host.querySelectorAll('label')].find((l) => l.textContent?.startsWith('Keep both'));
    keepBoth?.querySelector('input')?.click();
    await expect.poll(() => importButton?.disabled).toBe(false);
    importButton?.click();

    await expect
      .poll(() => options)
      .toEqual([{ chat: 'perceived-all', variableRules: 'leave-out', twin: 'keep-both' }]);
    await expect
      .poll(() => host.querySelector('[role="status"]')?.textContent)
      .toContain('the avatar: too large for the library');
  });
});
