// A model server that answers 200 and still fails (issue 19), in real Chromium through the app's
// worker: with the profile's request deadline set to 1 s, an answer that never comes is stopped and
// offers Retry and Open Settings (where the deadline is); a body that is not JSON offers Retry; Retry
// finishes the turn once the server works again. Each after the backend's bounded retries.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

/** Five attempts of up to 1 s with the real backoff between them (0.5 + 1 + 2 + 4 s), and room. */
const FAILURE_MS = 40_000;
const USER = 'Sam';
const CHARACTER = 'Jane';
const USER_TURN = 'I ring the bell at the harbour gate.';
const USER_PROJECTION = 'The bell clangs, and a gull takes off from the gate.';

describe('a misbehaving model server', { timeout: 4 * FAILURE_MS }, () => {
  let browser, stub;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'projector':
            return kind.target === USER ? USER_PROJECTION : 'A bell rings at the gate.';
          case 'selector':
            return JSON.stringify({ next: CHARACTER });
          default:
            return 'I look up from the nets.';
        }
      },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const errorBox = () => browser.page.locator('.error-box');
  const log = () => browser.page.getByRole('log', { name: 'Transcript' });

  it(
    'sets up a backend with a 1 s request deadline and a story',
    { timeout: 2 * STEP_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await addModelServer(settings, stub.baseURL, STUB_MODEL);
      await settings.getByLabel('Request deadline (seconds)').fill('1');
      await settings.getByRole('button', { name: 'Done' }).click();
      await settings.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill('The Harbour');
      await form.getByLabel('Your name').fill(USER);
      await form.getByLabel('Character 1 Name').fill(CHARACTER);
      await form.getByLabel('Character 1 Description').fill('A net mender.');
      await form.getByRole('button', { name: 'Create story' }).click();
      await log().waitFor();
    },
  );

  it(
    '[MS2] a silent answer is stopped at the deadline: Retry and Open Settings',
    { timeout: FAILURE_MS },
    async () => {
      const { page } = browser;
      stub.broken = 'silent';
      await page.getByRole('textbox', { name: 'Your turn' }).fill(USER_TURN);
      await page.getByRole('button', { name: 'Send' }).click();
      await errorBox().waitFor({ timeout: FAILURE_MS });
      assert.match(await errorBox().innerText(), /took longer than 1 s to answer/);
      await errorBox().getByRole('button', { name: 'Open Settings' }).waitFor();
      await errorBox().getByRole('button', { name: 'Retry' }).waitFor();
    },
  );

  it(
    '[MS1] a body that is not JSON offers Retry; Retry finishes the turn once the server works',
    { timeout: 2 * FAILURE_MS },
    async () => {
      stub.broken = 'not-json';
      await errorBox().getByRole('button', { name: 'Retry' }).click();
      // Streamed (a projection for display is): the event that is not JSON breaks the stream.
      await errorBox()
        .filter({ hasText: /could not be read|answer stream broke/ })
        .waitFor({ timeout: FAILURE_MS });
      assert.equal(await errorBox().getByRole('button', { name: 'Open Settings' }).count(), 0);
      stub.broken = null;
      await errorBox().getByRole('button', { name: 'Retry' }).click();
      await log().getByText(USER_PROJECTION).waitFor();
      assert.equal(await log().getByText(USER_TURN).count(), 1, 'the sent turn was stored twice');
      assert.deepEqual(browser.errors, []);
    },
  );
});
