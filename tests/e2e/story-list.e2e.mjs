// The library's story list in real Chromium: titles are links (a middle click opens the story in a
// new tab), each story says when it was last played and how many turns it has, the list is sorted by
// last played, a search finds stories by title or character name (or says none matches), and two
// stories of one title are told apart.
import { after, before, describe, it } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const USER = 'Wren';
const LANTERN = 'The Lantern';
const HARBOUR = 'A quiet harbour';

/** A story of `turns` turns between the user and `character`, everyone perceiving every turn. */
function storyJson(id, title, character, turns) {
  const list = Array.from({ length: turns }, (_, i) => {
    const own = i % 2 === 0;
    return {
      id: `${id}-t${i}`,
      parent: i === 0 ? null : `${id}-t${i - 1}`,
      author: own ? 'u' : 'c',
      audiences: ['u', 'c'],
      origin: own ? 'authored' : 'generated',
      source: `Line ${i}.`,
      createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
      pov: own
        ? { c: { perceived: true, text: `You hear line ${i}.` } }
        : { u: { perceived: true, text: `Line ${i}.` } },
    };
  });
  return {
    format: 'rashomon.story',
    version: 1,
    id,
    title,
    language: 'en',
    participants: [
      { id: 'u', kind: 'user', name: USER },
      { id: 'c', kind: 'character', name: character },
    ],
    turns: list,
    activeLeaf: list.at(-1).id,
  };
}

/** Imported oldest first: the list shows them the other way round. */
const STORIES = [
  storyJson('lantern-jane', LANTERN, 'Jane', 2),
  storyJson('lantern-mara', LANTERN, 'Mara', 3),
  storyJson('harbour', HARBOUR, 'Olek', 1),
];

describe('the story list', { timeout: 8 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'actor':
            return 'I raise the lantern.';
          case 'selector':
            return JSON.stringify({ next: 'Jane' });
          case 'projector':
            return kind.target === USER ? 'Jane raises the lantern.' : 'You see Wren wave.';
          case 'batch':
            return JSON.stringify({ [USER]: 'Jane raises the lantern.', Jane: 'You see Wren wave.' });
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

  const items = () => browser.page.locator('ul.stories > li.story');
  const titles = () => items().locator('a.story-open').allTextContents();
  const item = (character) => items().filter({ hasText: character });

  it(
    'imports three stories and lists them, last played first, with their turns',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      for (const story of STORIES) {
        await page.getByLabel('Import a file').setInputFiles({
          name: `${story.id}.json`,
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(story)),
        });
        await page.getByRole('button', { name: 'Import', exact: true }).click();
        await page.getByRole('heading', { name: story.title }).waitFor();
        await page.getByRole('link', { name: '← Stories' }).click();
      }
      await items().nth(2).waitFor();
      assert.deepEqual(
        (await titles()).map((title) => title.split('with')[0]),
        [HARBOUR, LANTERN, LANTERN],
      );
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}story-list-1280.png`, fullPage: true });
      assert.equal(await item('Olek').locator('.story-turns').textContent(), 'Turns: 1');
      assert.equal(await item('Mara').locator('.story-turns').textContent(), 'Turns: 3');
      assert.equal(await item('Jane').locator('.story-turns').textContent(), 'Turns: 2');
      // Last played: the moment of the import, in the interface's locale.
      const time = item('Olek').locator('.story-time time');
      const at = new Date(await time.getAttribute('datetime'));
      assert.ok(Date.now() - at.getTime() < 5 * 60_000, `last played ${at.toISOString()}`);
      const shown = at.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
      assert.equal(await item('Olek').locator('.story-time').textContent(), `Last played: ${shown}`);
    },
  );

  it('tells two stories of one title apart by their cast', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    const links = page.getByRole('link', { name: new RegExp(`^${LANTERN}`) });
    assert.equal(await links.count(), 2);
    const [mara, jane] = await links.allTextContents();
    assert.match(mara, /with Wren, Mara, started /);
    assert.match(jane, /with Wren, Jane, started /);
    // Their buttons are told apart too; a title no other story has is said alone.
    assert.equal(
      await page.getByRole('button', { name: /^Export The Lantern \(with Wren, Mara/ }).count(),
      1,
    );
    assert.equal(await page.getByRole('link', { name: HARBOUR, exact: true }).count(), 1);
    assert.equal(await page.getByRole('button', { name: `Export ${HARBOUR}`, exact: true }).count(), 1);
  });

  it(
    'finds stories by title or character name, and says when none matches',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      const search = page.getByRole('searchbox', { name: 'Search stories' });
      await search.fill('mara');
      await page.waitForFunction(() => document.querySelectorAll('ul.stories > li.story').length === 1);
      assert.match((await titles())[0], /Mara/);
      await search.fill('HARBOUR');
      await page.waitForFunction(() => document.querySelectorAll('ul.stories > li.story').length === 1);
      assert.deepEqual(await titles(), [HARBOUR]);
      await search.fill('lantern');
      await page.waitForFunction(() => document.querySelectorAll('ul.stories > li.story').length === 2);
      await search.fill('zzz');
      await page.getByRole('status').filter({ hasText: 'No story matches “zzz”.' }).waitFor();
      assert.equal(await items().count(), 0);
      await search.fill('');
      await items().nth(2).waitFor();
    },
  );

  it(
    'opens a story from its title link, in a new tab on a middle click',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page, context } = browser;
      const link = page.getByRole('link', { name: HARBOUR, exact: true });
      assert.match(await link.getAttribute('href'), /^#\/stories\/.+/);
      const [tab] = await Promise.all([context.waitForEvent('page'), link.click({ button: 'middle' })]);
      // A middle click opens the tab behind this one, where Chromium holds back frames: look at it, as a person would.
      await tab.bringToFront();
      await tab.getByRole('heading', { name: HARBOUR }).waitFor();
      assert.match(tab.url(), /#\/stories\/.+/);
      await tab.close();
      await page.bringToFront();
      // The library stays where it was; a plain click opens the story here.
      assert.equal(await items().count(), 3);
      await link.click();
      await page.getByRole('heading', { name: HARBOUR }).waitFor();
    },
  );

  it('moves a story played to the top, with its new turn count', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await addModelServer(dialog, stub.baseURL, STUB_MODEL);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await item('Jane').getByRole('link').click();
    const rows = page.getByRole('log', { name: 'Transcript' }).locator('li[data-turn-id]');
    await rows.nth(1).waitFor();
    await page.getByRole('textbox', { name: 'Your turn' }).fill('I wave.');
    await page.getByRole('button', { name: 'Send' }).click();
    await rows.filter({ hasText: 'Jane raises the lantern.' }).waitFor();
    await page.getByRole('button', { name: 'Send' }).waitFor();
    const turns = await rows.count();
    await page.getByRole('link', { name: '← Stories' }).click();
    await items().nth(2).waitFor();
    assert.match((await titles())[0], /with Wren, Jane/);
    assert.equal(await item('Jane').locator('.story-turns').textContent(), `Turns: ${turns}`);
    assert.ok(turns > 2, `${turns} turns`);
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
