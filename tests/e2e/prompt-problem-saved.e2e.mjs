// A prompt edit with a problem in real Chromium: the editor never says "Saved" for it; it says the
// edit was kept with its problem. A good edit afterwards says "Saved" again.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

describe('a prompt edit with a problem', { timeout: 3 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('shows the problem, not Saved', { timeout: 2 * STEP_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByRole('banner').getByRole('link', { name: 'Prompts' }).click();
    await page
      .getByRole('list', { name: 'Prompts' })
      .getByRole('button', { name: 'roleplay/actor-task' })
      .click();
    const editor = page.getByLabel('prompts/en/roleplay/actor-task.md');
    const said = page.locator('.prompt-editor > [role="status"]');
    // Everything the editor's status line says, from the click on: "Saved" must never be one of them.
    await said.evaluate((status) => {
      window.saidByEditor = [];
      new MutationObserver(() => window.saidByEditor.push(status.textContent)).observe(status, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });

    await editor.fill('Your move, ${name}, ${mood}.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await said.filter({ hasText: 'Kept, but it has a problem: unknown variable ${mood}' }).waitFor();
    const texts = await page.evaluate(() => window.saidByEditor);
    assert.deepEqual(
      texts.filter((text) => text.includes('Saved')),
      [],
      'the editor said Saved for an edit with a problem',
    );

    await editor.fill('Your move, ${name}.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await said.filter({ hasText: 'Saved. The next request uses it.' }).waitFor();
  });
});
