// Nothing lost on a reload: a story imported, duplicated or deleted is listed (or gone) after the page
// reloads at once, while the worker that wrote it is killed with the page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { longStoryJson } from './long-story.mjs';

/** Imports each followed by a reload: enough for a lost write to show (1 in 6 was lost before). */
const IMPORTS = 8;
/** Turns of each imported story: a story's first write is its whole state. */
const TURNS = 200;

const titleOf = (i) => `Night ${i + 1}`;

describe('reload right after a change to the story list', { timeout: 12 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  const stories = () => browser.page.locator('ul.stories > li');
  const listed = (title) => browser.page.getByRole('link', { name: title, exact: true });

  it('lists every story imported just before a reload', { timeout: 10 * STEP_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    for (let i = 0; i < IMPORTS; i++) {
      await page.getByLabel('Import a file').setInputFiles({
        name: 'night.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify({ ...longStoryJson(TURNS), id: `night-${i}`, title: titleOf(i) })),
      });
      // The page reloads the moment it opens the story: the moment the import has answered.
      await page.evaluate(() =>
        addEventListener('hashchange', () => location.hash.startsWith('#/stories/') && location.reload()),
      );
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await reloaded;
      assert.equal(new URL(page.url()).hash, `#/stories/night-${i}`);
      await page.goto(appUrl());
    }
    // The list, or its empty state: every import may be lost.
    await stories().or(page.getByText('No stories yet.')).first().waitFor();
    const missing = [];
    for (let i = 0; i < IMPORTS; i++) if ((await listed(titleOf(i)).count()) === 0) missing.push(titleOf(i));
    assert.deepEqual(missing, [], `${missing.length} of ${IMPORTS} imported stories are not listed`);
    assert.equal(await stories().count(), IMPORTS);
  });

  it('keeps a duplicate and a deletion made just before a reload', async () => {
    const { page } = browser;
    const first = titleOf(0);
    await page.getByRole('button', { name: `Duplicate ${first}` }).click();
    await listed(`${first} (copy)`).waitFor();
    await page.reload();
    await listed(`${first} (copy)`).waitFor();

    const last = titleOf(IMPORTS - 1);
    await page.getByRole('button', { name: `Delete ${last}` }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await listed(last).waitFor({ state: 'detached' });
    await page.reload();
    await listed(first).waitFor();
    assert.equal(await listed(last).count(), 0, `${last} came back after the reload`);
    assert.equal(await stories().count(), IMPORTS);
  });

  it('lists the stored stories again when the story list is lost', async () => {
    const { page } = browser;
    const titles = () => page.locator('ul.stories a.story-open').allTextContents();
    const before = (await titles()).sort();
    // The worker closes the list's database when asked to let it go (y-indexeddb's versionchange).
    await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const deleting = indexedDB.deleteDatabase('rashomon-library');
          deleting.onsuccess = resolve;
          deleting.onerror = () => reject(deleting.error);
        }),
    );
    await page.reload();
    await listed(titleOf(0)).waitFor();
    assert.deepEqual((await titles()).sort(), before);
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
