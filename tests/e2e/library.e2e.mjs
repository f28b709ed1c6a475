// The library in real Chromium: duplicate a story, delete it, and undo the deletion.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const TITLE = 'The Ferry';

describe('library', { timeout: 6 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it(
    'duplicates a story, deletes the copy and undoes the deletion',
    { timeout: 4 * STEP_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill(TITLE);
      await form.getByLabel('Your name').fill('Sam');
      await form.getByLabel('Your persona').fill('A courier with a sealed letter.');
      await form.getByLabel('Character 1 Name').fill('Ferryman');
      await form.getByLabel('Character 1 Description').fill('Old, silent, counts coins twice.');
      await form.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await page.goto(appUrl());

      const stories = page.locator('ul.stories > li');
      await page.getByRole('button', { name: `Duplicate ${TITLE}` }).click();
      await page.getByRole('link', { name: `${TITLE} (copy)`, exact: true }).waitFor();
      assert.equal(await stories.count(), 2);

      await page.getByRole('button', { name: `Delete ${TITLE} (copy)` }).click();
      await page.getByRole('button', { name: 'Delete for good' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `Deleted “${TITLE} (copy)”.` })
        .waitFor();
      await page.getByRole('link', { name: `${TITLE} (copy)`, exact: true }).waitFor({ state: 'detached' });
      assert.equal(await stories.count(), 1);

      await page.getByRole('button', { name: 'Undo' }).click();
      await page.getByRole('link', { name: `${TITLE} (copy)`, exact: true }).waitFor();
      assert.equal(await stories.count(), 2);
    },
  );

  it('starts a new story with a character and a persona saved in the library', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill('The Return');
    await form.getByLabel('Use a saved persona').selectOption({ label: 'Sam' });
    assert.equal(await form.getByLabel('Your persona').inputValue(), 'A courier with a sealed letter.');
    await form.getByLabel('Add a character from your library').selectOption({ label: 'Ferryman' });
    assert.equal(await form.getByLabel('Character 1 Name').inputValue(), 'Ferryman');
    assert.equal(
      await form.getByLabel('Character 1 Description').inputValue(),
      'Old, silent, counts coins twice.',
    );
    await form.getByRole('button', { name: 'Create story' }).click();
    await page.getByRole('heading', { name: 'The Return' }).waitFor();
  });
});
