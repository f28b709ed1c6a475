// The prompt editor in real Chromium: every prompt listed, a library edit saved and marked, compared
// with the original, an unknown variable reported with the file (and again on start-up), and the
// original restored; a preset used in a story, and taken out again, shows in its open prompt at once.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

describe('prompt editor', { timeout: 6 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('edits, compares and restores a prompt of the library', { timeout: 4 * STEP_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByRole('banner').getByRole('link', { name: 'Prompts' }).click();
    const list = page.getByRole('list', { name: 'Prompts' });
    await list.getByRole('button', { name: 'roleplay/actor-task' }).click();
    const editor = page.getByLabel('prompts/en/roleplay/actor-task.md');
    assert.match(await editor.inputValue(), /It is your turn, \$\{name\}/);

    await editor.fill('Your move, ${name}. Keep it short.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await list
      .getByRole('listitem')
      .filter({ hasText: 'roleplay/actor-task' })
      .getByText('your edit')
      .waitFor();

    await page.getByRole('button', { name: 'Compare with the original' }).click();
    const diff = page.getByLabel('Differences from the original');
    await diff.locator('.diff-added', { hasText: 'Your move, ${name}. Keep it short.' }).waitFor();
    await diff.locator('.diff-removed', { hasText: 'It is your turn' }).waitFor();

    await editor.fill('Your move, ${name}, ${mood}.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'prompts/en/roleplay/actor-task.md' })
      .filter({ hasText: '${mood}' })
      .waitFor();

    // Found again on start-up, wherever the app opens: a notice links to the Prompts screen.
    await page.goto(appUrl());
    await page.reload();
    const notice = page.getByRole('status').filter({ hasText: '1 prompt file has a problem' });
    await notice.getByRole('link').click();
    await list.getByRole('button', { name: 'roleplay/actor-task' }).click();
    assert.equal(await page.getByRole('status').filter({ hasText: 'prompt file has a problem' }).count(), 0);

    await page.getByRole('button', { name: 'Restore original' }).click();
    await page.getByRole('status').filter({ hasText: 'Restored.' }).waitFor();
    assert.match(await editor.inputValue(), /It is your turn, \$\{name\}/);
    await list
      .getByRole('listitem')
      .filter({ hasText: 'roleplay/actor-task' })
      .getByText('original')
      .waitFor();
    assert.equal(await page.getByRole('alert').count(), 0);
    await page.goto(appUrl());
    await page.getByRole('heading', { name: 'Stories' }).waitFor();
    assert.equal(await page.getByRole('status').filter({ hasText: 'prompt file' }).count(), 0);
  });

  it('a preset used in a story shows in its prompt editor at once, and again when taken out', async () => {
    const { page, errors } = browser;
    await page.goto(appUrl());
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill('Night market');
    await form.getByLabel('Your name').fill('Sam');
    await form.getByLabel('Character 1 Name').fill('Ilse');
    await form.getByRole('button', { name: 'Create story' }).click();
    await page.getByRole('heading', { name: 'Night market' }).waitFor();
    await page.goto(page.url().replace('#/stories/', '#/prompts/'));
    const list = page.getByRole('list', { name: 'Prompts' });
    await list.getByRole('button', { name: 'roleplay/style' }).click();
    const editor = page.getByLabel('prompts/en/roleplay/style.md');
    const shipped = await editor.inputValue();
    assert.doesNotMatch(shipped, /lantern light/);
    await page.getByLabel('Import SillyTavern preset').setInputFiles({
      name: 'night-market.json',
      mimeType: 'application/json',
      buffer: await readFile(new URL('../fixtures/sillytavern/night-market.json', import.meta.url)),
    });
    await page.getByRole('button', { name: 'Use in this story' }).click();
    // No reload: the open prompt now holds the preset's prose.
    await page.waitForFunction(
      () => document.querySelector('textarea')?.value.includes('lantern light'),
      undefined,
      { timeout: STEP_TIMEOUT_MS },
    );
    await list.getByRole('listitem').filter({ hasText: 'roleplay/style' }).getByText('this story').waitFor();
    await page.getByRole('button', { name: 'Remove preset' }).click();
    await page.waitForFunction((text) => document.querySelector('textarea')?.value === text, shipped, {
      timeout: STEP_TIMEOUT_MS,
    });
    assert.deepEqual(errors, []);
  });
});
