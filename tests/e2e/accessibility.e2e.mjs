// Every main screen checked by axe-core, the engine behind Lighthouse's accessibility audits, in
// Chromium: the library (empty, an import's review, with a story), the story screen, the turn
// inspector, Read as, Settings, Prompts, Worlds and Lorebooks, at 1280 and 390 px, light and dark.
// Any violation fails, with the rule and the elements it names.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
const STORY = fileURLToPath(new URL('../../docs/showcase-story.json', import.meta.url));
const TITLE = 'The Lamp at Gull Rock';
const SIZES = [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
];

describe('accessibility (axe-core)', { timeout: 16 * STEP_TIMEOUT_MS }, () => {
  let browser, axe, story;
  before(async () => {
    axe = await readFile(AXE, 'utf8');
    story = await readFile(STORY);
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  /** The violations axe finds on the page as it is now, one line each. */
  async function violations() {
    const { page } = browser;
    // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') does not apply.
    await page.evaluate(axe);
    const found = await page.evaluate(() =>
      window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations),
    );
    return found.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
  }

  /** Checks every screen once in the current size and colour scheme; returns what failed, by screen. */
  async function everyScreen() {
    const { page } = browser;
    const failed = [];
    const check = async (screen) => {
      for (const line of await violations()) failed.push(`${screen}: ${line}`);
    };
    const banner = page.getByRole('banner');
    await page.goto(appUrl());
    await page.getByRole('main').waitFor();
    await check('library');
    await page.getByRole('link', { name: TITLE }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page
      .getByRole('log', { name: 'Transcript' })
      .getByText('Nothing seems to have happened.')
      .waitFor();
    await check('story');
    await page.getByRole('button', { name: 'Inspect turn by Jane' }).first().click();
    const inspector = page.getByRole('dialog').last();
    await inspector.waitFor();
    await check('inspector');
    await page.keyboard.press('Escape');
    await inspector.waitFor({ state: 'hidden' });
    await page.getByLabel('Read as').selectOption({ label: 'Jane' });
    await page.getByRole('button', { name: 'Back to your view' }).waitFor();
    await check('read as Jane');
    await page.getByRole('button', { name: 'Back to your view' }).click();
    await banner.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await check('settings');
    await page.keyboard.press('Escape');
    for (const screen of ['Prompts', 'Worlds', 'Lorebooks']) {
      await banner.getByRole('link', { name: screen }).click();
      await page.getByRole('main').getByRole('heading', { name: screen }).first().waitFor();
      await check(screen);
    }
    return failed;
  }

  it('finds nothing on an empty library and an import review', async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByRole('main').waitFor();
    const empty = await violations();
    await page.getByLabel('Import a file').setInputFiles({
      name: 'gull-rock.json',
      mimeType: 'application/json',
      buffer: story,
    });
    await page.getByRole('button', { name: 'Import', exact: true }).waitFor();
    const review = await violations();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    // The review names the story in a heading too: the import is done once the story's own page shows
    // (a reload before that, as the next test's, would stop it half-way).
    await page
      .getByRole('log', { name: 'Transcript' })
      .getByText('Nothing seems to have happened.')
      .waitFor();
    assert.deepEqual({ empty, review }, { empty: [], review: [] });
  });

  for (const size of SIZES)
    for (const colorScheme of ['light', 'dark'])
      it(`finds nothing on any screen at ${size.width} px, ${colorScheme}`, async () => {
        await browser.page.setViewportSize(size);
        await browser.page.emulateMedia({ colorScheme });
        assert.deepEqual(await everyScreen(), []);
      });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
