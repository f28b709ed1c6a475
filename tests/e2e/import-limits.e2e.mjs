// What a file to import may be (issue 19), in real Chromium: the file is read in the page and posted
// to the worker, which refuses a card nested 10 000 levels deep in one alert line before anything is
// made (it once imported, then broke the page's next list of the library silently), and a story that
// would take the library's sync room with a line saying why; the library stays as it was. The Prompts
// screen's preset import is read by the worker too, and refuses the same nesting in its status line.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const DEEP = '['.repeat(10_000) + ']'.repeat(10_000);
const DEEP_CARD = `{"spec":"chara_card_v2","data":{"name":"Abyss","description":"x","extensions":{"x":${DEEP}}}}`;

const DEEP_PRESET = `{"temperature":1,"prompts":[{"identifier":"main","content":"x","extra":${DEEP}}]}`;

const LIBRARY_STORY = {
  format: 'rashomon.story',
  version: 1,
  id: 'library',
  title: 'Room thief',
  language: 'en',
  participants: [
    { id: 'u', kind: 'user', name: 'Sam' },
    { id: 'c', kind: 'character', name: 'Ilse' },
  ],
  turns: [{ id: 't1', parent: null, author: 'u', audiences: ['u', 'c'], origin: 'authored', source: 'Hi.' }],
  activeLeaf: 't1',
};

describe('import limits', { timeout: 6 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  const choose = (name, buffer) =>
    browser.page.getByLabel('Import a file').setInputFiles({ name, mimeType: 'application/json', buffer });

  it('[SJ2] refuses a card nested 10 000 levels deep in one alert line, and makes nothing', async () => {
    const { page, errors } = browser;
    await page.goto(appUrl());
    await choose('abyss.json', Buffer.from(DEEP_CARD));
    const alert = page.getByRole('alert').filter({ hasText: 'abyss.json could not be imported' });
    await alert.waitFor();
    assert.match(await alert.innerText(), /nested more than 100 levels deep/);
    assert.equal(await page.getByRole('region', { name: /abyss\.json/ }).count(), 0);
    await page.reload();
    await page.getByRole('button', { name: 'New story' }).waitFor();
    assert.equal(await page.getByText('Abyss').count(), 0);
    assert.deepEqual(errors, []);
  });

  it("[SJ5] refuses a story whose id is the library's room, saying why", async () => {
    const { page, errors } = browser;
    await page.goto(appUrl());
    await choose('thief.json', Buffer.from(JSON.stringify(LIBRARY_STORY)));
    await page
      .getByRole('region', { name: /thief\.json/ })
      .getByRole('button', { name: 'Import', exact: true })
      .click();
    await page.getByRole('alert').filter({ hasText: "names the library's sync room" }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'New story' }).waitFor();
    assert.equal(await page.getByText('Room thief').count(), 0);
    assert.deepEqual(errors, []);
  });

  it('[SJ2] the Prompts screen refuses a preset nested 10 000 levels deep, saying why, and lists no preset', async () => {
    const { page, errors } = browser;
    await page.goto(appUrl() + '#/prompts');
    await page.getByLabel('Import SillyTavern preset').setInputFiles({
      name: 'abyss-preset.json',
      mimeType: 'application/json',
      buffer: Buffer.from(DEEP_PRESET),
    });
    const status = page.getByRole('status').filter({ hasText: 'abyss-preset.json was not imported' });
    await status.waitFor();
    assert.match(await status.innerText(), /nested more than 100 levels deep/);
    await page.reload();
    await page.getByLabel('Import SillyTavern preset').waitFor();
    assert.equal(await page.getByText('abyss-preset').count(), 0);
    assert.deepEqual(errors, []);
  });
});
