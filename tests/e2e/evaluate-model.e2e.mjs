// "Evaluate this model" in real Chromium: a backend added in Settings, its eval run in the worker
// against the local OpenAI-protocol stub on the English scenes, the table shown (isolation beside
// shared history), the requests downloaded as JSON, and Stop answering with the scenes played whole.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 6 * STEP_TIMEOUT_MS;
const ENGLISH_SCENES = 4;

describe('Evaluate this model', { timeout: 3 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  let slow = false;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        if (body.response_format?.json_schema?.name === 'eval_judge') return JSON.stringify({ revealed: [] });
        switch (kind.op) {
          case 'projector':
            return 'Someone moves about nearby.';
          case 'actor':
            return 'I lean against the wall. "Quiet night."';
          default:
            return 'I wait.';
        }
      },
      pace: () => ({ delayMs: slow ? 40 : 0 }),
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const openEval = async () => {
    const { page } = browser;
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Evaluate this model' }).click();
    const dialog = page.getByRole('dialog', { name: `Evaluate ${STUB_MODEL}` });
    await dialog.getByLabel('Chinese').uncheck();
    return dialog;
  };

  it(
    'runs the English scenes against the backend and shows the table',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await addModelServer(settings, stub.baseURL, STUB_MODEL);
      const dialog = await openEval();
      await dialog.getByRole('button', { name: 'Start' }).click();
      await dialog
        .getByRole('status')
        .filter({ hasText: `Done: ${ENGLISH_SCENES} scenes` })
        .waitFor({ timeout: TEST_TIMEOUT_MS });
      const table = dialog.getByRole('table');
      const row = (name) => table.getByRole('row', { name: new RegExp(`^${name}`) });
      const l0 = await row('L0 structural leak').getByRole('cell').allTextContents();
      assert.match(l0[0], /^0\.0 \[0\.0–\d+\.\d\] 0\/\d+$/, 'isolation: no structural leak');
      assert.match(
        l0[1],
        /^\d+\.\d \[\d+\.\d–\d+\.\d\] [1-9]\d*\/\d+$/,
        'shared history hands the secrets over',
      );
      const over = await row('Over-filtering').getByRole('cell').allTextContents();
      assert.equal(over[1], 'no opportunity');
      assert.equal(await table.getByRole('row').count(), 1 + 7);

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Download the requests (JSON)' }).click(),
      ]);
      const saved = JSON.parse(await readFile(await download.path(), 'utf8'));
      assert.equal(saved.report.scenes.played, ENGLISH_SCENES);
      assert.equal(
        saved.requests.length,
        stub.requests.length,
        'every request the stub received is in the file',
      );
      assert.ok(saved.requests.some((r) => r.tag.op === 'judge'));
    },
  );

  it('stops on Stop with the scenes played whole', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    slow = true;
    const dialog = page.getByRole('dialog', { name: `Evaluate ${STUB_MODEL}` });
    await dialog.getByRole('button', { name: 'Evaluate again' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: /^Scene 2 of 4/ })
      .waitFor({ timeout: TEST_TIMEOUT_MS });
    await dialog.getByRole('button', { name: 'Stop' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Stopped: 1 of ${ENGLISH_SCENES} scenes played whole` })
      .waitFor({ timeout: TEST_TIMEOUT_MS });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
