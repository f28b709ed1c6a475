// A new deployment while the app is open: the waiting service worker shows "Update available", and
// Reload brings the new version in, both in a tab opened before any worker existed and in a tab the
// old worker already controlled. Uses its own copy of dist/, whose sw.js it changes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveApp } from './app-server.mjs';
import { openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
const TEST_TIMEOUT_MS = 2 * STEP_TIMEOUT_MS;

describe('update prompt', { timeout: 3 * TEST_TIMEOUT_MS }, () => {
  let copy, served, browser;
  before(async () => {
    copy = await mkdtemp(join(tmpdir(), 'rashomon-dist-'));
    await cp(DIST, copy, { recursive: true });
    served = await serveApp(copy);
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await served?.close();
    if (copy) await rm(copy, { recursive: true, force: true });
  });

  /** Deploys a byte-different sw.js, asks the page to check for it, and accepts the prompt. */
  async function deployAndReload(version) {
    const { page } = browser;
    await appendFile(join(copy, 'sw.js'), `\n// version ${version}\n`);
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    const prompt = page.getByRole('status').filter({ hasText: 'Update available' });
    await prompt.waitFor();
    await page.evaluate(() => (window.__beforeReload = true));
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await page.waitForFunction(() => window.__beforeReload === undefined);
    await page.getByText('No stories yet.').waitFor();
    assert.equal(await prompt.count(), 0, 'the prompt is still shown after reloading');
    const state = await page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'none');
    assert.equal(state, 'activated');
  }

  it(
    'Reload updates a tab that was opened before the worker existed',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(served.url);
      await page.evaluate(async () => {
        const worker = (await navigator.serviceWorker.ready).active;
        if (worker && worker.state !== 'activated') {
          await new Promise((resolve) =>
            worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(undefined)),
          );
        }
      });
      assert.equal(await page.evaluate(() => navigator.serviceWorker.controller !== null), false);
      await deployAndReload(2);
    },
  );

  it('Reload updates a tab the old worker controls', { timeout: TEST_TIMEOUT_MS }, async () => {
    assert.equal(await browser.page.evaluate(() => navigator.serviceWorker.controller !== null), true);
    await deployAndReload(3);
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
