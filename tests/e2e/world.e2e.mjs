// Worlds and lorebooks in real Chromium: a world with two characters and a place, what one of them
// knows marked in the table, saved and still there after a reload; a lorebook with an entry keyed
// "dragon", tested on a text that fires it (the why names the key) and on one that does not; a new
// story started with the world and the book, what its participants know, and its copy's status.
// Screenshots at 1280 and 390 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

describe('worlds and lorebooks', { timeout: 12 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it('keeps what a character knows across a reload', { timeout: 6 * STEP_TIMEOUT_MS }, async () => {
    const { page, errors } = browser;
    await page.goto(appUrl());
    await page.getByRole('banner').getByRole('link', { name: 'Worlds' }).click();
    await page.getByRole('button', { name: 'New world' }).click();
    await page.getByLabel('Name of the world').fill('Harbour');
    for (const [n, kind, name] of [
      [1, 'character', 'Mara'],
      [2, 'character', 'Tomas'],
      [3, 'place', 'The Dock'],
    ]) {
      await page.getByRole('button', { name: 'Add node' }).click();
      await page.getByLabel(`Node ${n} Kind`).selectOption(kind);
      await page.getByLabel(`Node ${n} Name`, { exact: true }).fill(name);
    }
    await page.getByLabel('Node 1 Aliases (comma-separated)').fill('the captain, Mar');
    await page.getByLabel('Node 3 Body (Markdown)').fill('<b>Wet</b> planks; **salt**.');
    await page.getByRole('button', { name: 'Add relationship' }).click();
    await page.getByLabel('Relationship 1 From').selectOption({ label: 'Mara' });
    await page.getByLabel('Relationship 1 Label').fill('owns');
    await page.getByLabel('Relationship 1 To').selectOption({ label: 'The Dock' });

    const own = page.getByRole('checkbox', { name: 'Mara knows Mara', exact: true });
    assert.equal(await own.isChecked(), true);
    assert.equal(await own.isDisabled(), true);
    await page.getByRole('checkbox', { name: 'Mara knows The Dock', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Mara knows Mara owns The Dock' }).check();
    await page.getByRole('heading', { name: 'What Mara knows' }).waitFor();
    await page.getByRole('button', { name: 'Save world' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS}world-1280.png`, fullPage: true });

    await page.reload();
    await page.getByRole('link', { name: 'Harbour' }).waitFor();
    await page.getByRole('heading', { name: 'Harbour' }).waitFor();
    assert.equal(
      await page.getByRole('checkbox', { name: 'Mara knows The Dock', exact: true }).isChecked(),
      true,
    );
    assert.equal(
      await page.getByRole('checkbox', { name: 'Mara knows Mara owns The Dock' }).isChecked(),
      true,
    );
    assert.equal(
      await page.getByRole('checkbox', { name: 'Tomas knows The Dock', exact: true }).isChecked(),
      false,
    );
    assert.equal(await page.getByLabel('Node 1 Aliases (comma-separated)').inputValue(), 'the captain, Mar');
    // The body is kept as typed: text, never markup.
    assert.equal(
      await page.getByLabel('Node 3 Body (Markdown)').inputValue(),
      '<b>Wet</b> planks; **salt**.',
    );
    assert.equal(await page.locator('.world-editor b').count(), 0);

    // The per-character view shows the same knowledge, and toggles it.
    const tomasView = page.getByRole('region', { name: 'What Mara knows' });
    await tomasView.getByRole('combobox').selectOption({ label: 'Tomas' });
    const tomas = page.getByRole('region', { name: 'What Tomas knows' });
    await tomas.getByRole('checkbox', { name: /^The Dock/ }).check();
    assert.equal(
      await page.getByRole('checkbox', { name: 'Tomas knows The Dock', exact: true }).isChecked(),
      true,
    );
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENSHOTS}world-390.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    assert.deepEqual(errors, []);
  });

  it(
    'tests a text against a lorebook: what fired and why, what did not; attaches it to a character',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      // A story puts its character Mara into the library, to attach the book to.
      await page.goto(appUrl());
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill('Landing');
      await form.getByLabel('Your name').fill('Sam');
      await form.getByLabel('Character 1 Name').fill('Mara');
      await form.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('heading', { name: 'Landing' }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Lorebooks' }).click();
      await page.getByRole('button', { name: 'New lorebook' }).click();
      await page.getByLabel('Name of the lorebook').fill('Beasts');
      await page.getByRole('button', { name: 'Add entry' }).click();
      await page.getByLabel('Title', { exact: true }).fill('Dragons');
      await page.getByLabel('Keys', { exact: true }).fill('dragon, /wyrms?/i');
      await page.getByLabel('Content', { exact: true }).fill('Dragons nest on the northern cliffs.');
      await page.getByRole('button', { name: 'Save lorebook' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      const entries = page.getByRole('table');
      await entries
        .getByRole('row', { name: /Dragons/ })
        .getByText('dragon, /wyrms?/i')
        .waitFor();

      await page.getByText('More', { exact: true }).click();
      await page.screenshot({ path: `${SCREENSHOTS}lorebook-1280.png`, fullPage: true });

      const holders = page.getByRole('group', { name: 'Characters', exact: true });
      await holders.getByRole('checkbox', { name: 'Mara' }).check();
      await page.reload();
      await page.getByRole('heading', { name: 'Beasts' }).waitFor();
      assert.equal(await holders.getByRole('checkbox', { name: 'Mara' }).isChecked(), true);

      const panel = page.getByRole('region', { name: 'Test this text' });
      await panel.getByLabel('Text to scan').fill('a dragon lands');
      await panel.getByLabel('For the character').fill('Mara');
      await panel.getByRole('button', { name: 'Test' }).click();
      const fired = panel.getByRole('list', { name: 'Fired', exact: true });
      await fired
        .getByRole('listitem')
        .filter({ hasText: 'Dragons' })
        .filter({ hasText: 'matched key “dragon”' })
        .waitFor();
      await panel.screenshot({ path: `${SCREENSHOTS}lore-test-1280.png` });

      await panel.getByLabel('Text to scan').fill('a cat');
      await panel.getByRole('button', { name: 'Test' }).click();
      const notFired = panel.getByRole('list', { name: 'Not fired' });
      await notFired
        .getByRole('listitem')
        .filter({ hasText: 'Dragons' })
        .filter({ hasText: '“dragon”' })
        .waitFor();
      assert.equal(await fired.getByRole('listitem').filter({ hasText: 'Dragons' }).count(), 0);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `${SCREENSHOTS}lorebook-390.png`, fullPage: true });
      assert.deepEqual(errors, []);
    },
  );

  it(
    'starts a story with the world and the book: its own copy, what each knows, its status',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(appUrl());
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill('Low tide');
      await form.getByLabel('Your name').fill('Sam');
      await form.getByLabel('Character 1 Name').fill('Mara');
      // A select's name is its label and its chosen option ("World No world").
      await form.getByRole('combobox', { name: /^World/ }).selectOption({ label: 'Harbour' });
      const marasStart = form
        .locator('details.start-knowledge')
        .filter({ hasText: 'What Mara knows at the start' });
      await marasStart.getByText('What Mara knows at the start').click();
      // Mara is the world's Mara: her own node is hers, and the world's row gave her the dock.
      assert.equal(await marasStart.getByRole('checkbox', { name: 'Mara' }).isDisabled(), true);
      assert.equal(await marasStart.getByRole('checkbox', { name: 'The Dock' }).isChecked(), true);
      await form.getByRole('checkbox', { name: 'Beasts' }).check();
      await form.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('heading', { name: 'Low tide' }).waitFor();
      await page.getByText('Scene and turn order').click();
      await page.getByText('World and lore', { exact: true }).click();
      const panel = page.locator('details.story-world');
      await panel.getByText('World: Harbour (as in the library)').waitFor();
      await panel.getByText('Beasts (as in the library)').waitFor();
      await panel.getByText('What Mara knows of the world').click();
      assert.equal(await panel.getByRole('checkbox', { name: 'The Dock' }).first().isChecked(), true);
      assert.deepEqual(errors, []);
    },
  );
});
