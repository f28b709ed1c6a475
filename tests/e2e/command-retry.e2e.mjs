// A play command that fails in real Chromium offers Retry and, when the backend is what failed, Open
// Settings at the backends: the scripted server refuses the key, then works again, and Retry finishes
// the turn (the sent turn is not stored twice). A server error offers Retry only.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS, connectModelServer } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const USER = 'Sam';
const CHARACTER = 'Jane';
const USER_TURN = 'I knock twice on the lighthouse door.';
const USER_PROJECTION = 'The door opens a crack and a woman looks out at you.';
const JANE_PROJECTION = 'Someone knocks twice on the door.';

describe('Retry after a failed command', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'actor':
            return 'I open the door a crack and look out.';
          case 'projector':
            return kind.target === USER ? USER_PROJECTION : JANE_PROJECTION;
          case 'selector':
            return JSON.stringify({ next: CHARACTER });
          case 'batch':
            return JSON.stringify({ [USER]: USER_PROJECTION, [CHARACTER]: JANE_PROJECTION });
          default:
            return 'I wait.';
        }
      },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const log = () => browser.page.getByRole('log', { name: 'Transcript' });
  const errorBox = () => browser.page.locator('.error-box');

  it('sets up a backend and a story', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await connectModelServer(page, stub.baseURL, STUB_MODEL);
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill('The Lighthouse');
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Character 1 Name').fill(CHARACTER);
    await form.getByLabel('Character 1 Description').fill('The lighthouse keeper.');
    await form.getByRole('button', { name: 'Create story' }).click();
    await log().waitFor();
  });

  it(
    'a refused key offers Retry and Open Settings; Retry succeeds once the server works',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      stub.failure = { status: 401, message: 'Invalid API key' };
      await page.getByRole('textbox', { name: 'Your turn' }).fill(USER_TURN);
      await page.getByRole('button', { name: 'Send' }).click();
      await errorBox().waitFor();

      await errorBox().getByRole('button', { name: 'Open Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.waitFor();
      // Opened at the backends: once the settings are read, the keyboard is in that section.
      const inBackends = await page
        .waitForFunction(
          () => Boolean(document.activeElement?.closest('[aria-labelledby="profiles-heading"]')),
          undefined,
          { timeout: STEP_TIMEOUT_MS },
        )
        .then(
          () => true,
          () => false,
        );
      assert.ok(inBackends, 'Settings did not open at the backends');
      await settings.getByRole('button', { name: 'Close' }).click();
      await settings.waitFor({ state: 'hidden' });

      stub.failure = null;
      await errorBox().getByRole('button', { name: 'Retry' }).click();
      await log().getByText(USER_PROJECTION).waitFor();
      await errorBox().waitFor({ state: 'detached' });
      assert.equal(await log().getByText(USER_TURN).count(), 1, 'the sent turn was stored twice');
    },
  );

  it('a server error offers Retry only', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    stub.failure = { status: 400, message: 'The server could not answer' };
    await page.getByRole('button', { name: 'Act', exact: true }).click();
    await errorBox().waitFor();
    await errorBox().getByRole('button', { name: 'Retry' }).waitFor();
    assert.equal(await errorBox().getByRole('button', { name: 'Open Settings' }).count(), 0);
    stub.failure = null;
    const before = await log().locator('li[data-turn-id]').count();
    await errorBox().getByRole('button', { name: 'Retry' }).click();
    await log().locator('li[data-turn-id]').nth(before).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
    assert.equal(await errorBox().count(), 0);
  });
});

describe('Retry on stored settings that could not be used', { timeout: 2 * TEST_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  /** Writes the stored settings text as another tab of this device would (idb-keyval's database). */
  const storeSettings = (page, text) =>
    page.evaluate(
      (value) =>
        new Promise((resolve, reject) => {
          const open = indexedDB.open('rashomon-device');
          open.onupgradeneeded = () => open.result.createObjectStore('settings');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const tx = open.result.transaction('settings', 'readwrite');
            tx.objectStore('settings').put(value, 'device-settings');
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
        }),
      text,
    );

  it(
    'offers Open Settings at the backends and Retry, which reads them again',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      await page.getByRole('main').getByRole('heading', { name: 'Stories' }).waitFor();
      await storeSettings(page, '{ not json');
      await page.reload();
      const notice = page.locator('p.prompt-problems[role="alert"]');
      await notice.waitFor();

      await notice.getByRole('button', { name: 'Open Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.waitFor();
      const inBackends = await page.evaluate(() =>
        Boolean(document.activeElement?.closest('[aria-labelledby="profiles-heading"]')),
      );
      assert.ok(inBackends, 'Settings did not open at the backends');
      await settings.getByRole('button', { name: 'Close' }).click();
      await settings.waitFor({ state: 'hidden' });
      await notice.waitFor();

      await storeSettings(page, JSON.stringify({ version: 1, uiLanguage: 'en' }));
      await notice.getByRole('button', { name: 'Retry' }).click();
      await notice.waitFor({ state: 'detached' });
    },
  );
});
