// Prose as players write it, in real Chromium: a turn's Markdown (bold, italics, a list, a block quote,
// code, line breaks) shows as those elements, with actions and speech in their roleplay look, and
// HTML in a turn arrives as visible text, never as an element.
import { after, before, describe, it } from 'node:test';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

const HOSTILE = '<img src=x onerror=alert(1)> <script>alert(2)</script> <b>not bold</b>';
const MARKDOWN = [
  '*She sets the lamp down.* "Listen," she says, **slowly**.',
  'A second line, just below.',
  '',
  '- bread',
  '- salt',
  '',
  '> Come at midnight.',
  '',
  'The note says `nine bells` and:',
  '',
  '```',
  'ring twice',
  '```',
  '',
  HOSTILE,
].join('\n');

/** A story of two turns: Wren's, then Jane's, which Wren perceived as MARKDOWN. */
const STORY = {
  format: 'rashomon.story',
  version: 1,
  id: 'marked-night',
  title: 'A marked night',
  language: 'en',
  participants: [
    { id: 'u', kind: 'user', name: 'Wren' },
    { id: 'jane', kind: 'character', name: 'Jane' },
  ],
  turns: [
    {
      id: 't0',
      parent: null,
      author: 'u',
      audiences: ['u', 'jane'],
      origin: 'authored',
      source: 'I wait.',
      createdAt: '2025-01-01T00:00:00.000Z',
      pov: { jane: { perceived: true, text: 'Wren waits.' } },
    },
    {
      id: 't1',
      parent: 't0',
      author: 'jane',
      audiences: ['u', 'jane'],
      origin: 'generated',
      source: 'I set the lamp down and read the note aloud.',
      createdAt: '2025-01-01T00:00:01.000Z',
      pov: { u: { perceived: true, text: MARKDOWN } },
    },
  ],
  activeLeaf: 't1',
};

describe('Markdown in prose', { timeout: 4 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  it(
    'shows a turn’s Markdown as elements and its HTML as text',
    { timeout: 3 * STEP_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      const dialogs = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      await page.goto(appUrl());
      await page.getByLabel('Import a file').setInputFiles({
        name: 'marked.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(STORY)),
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
      await page.getByRole('heading', { name: 'A marked night' }).waitFor();
      const turn = page.getByRole('log').getByRole('listitem').filter({ hasText: 'She sets the lamp down.' });
      await turn.waitFor();
      const prose = turn.locator('.prose');

      assert.equal(await prose.locator('em.prose-action').first().textContent(), 'She sets the lamp down.');
      assert.equal(await prose.locator('.prose-speech').first().textContent(), '"Listen,"');
      assert.equal(await prose.locator('strong').textContent(), 'slowly');
      assert.equal(await prose.locator('p').first().locator('br').count(), 1);
      assert.deepEqual(await prose.locator('ul > li').allTextContents(), ['bread', 'salt']);
      assert.equal(await prose.locator('blockquote').textContent(), 'Come at midnight.');
      assert.equal(await prose.locator('p code').textContent(), 'nine bells');
      assert.equal(await prose.locator('pre > code').textContent(), 'ring twice');
      assert.ok((await prose.textContent())?.includes(HOSTILE), 'the HTML shows as the text it is');
      assert.equal(await page.locator('[role="log"] img, [role="log"] script, [role="log"] b').count(), 0);
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}markdown-1280.png`, fullPage: true });
      assert.deepEqual(dialogs, []);
      assert.deepEqual(browser.errors, []);
    },
  );
});
