// Turns no Markdown reader should choke on (issue 39), in real Chromium: a Story JSON whose turns hold
// 3 KB of `>`, 6 KB of `- `, and 160 KB of Chinese with an *action* in every sentence, among ordinary
// turns. Every row shows, the ordinary ones as prose and the hostile ones rendered (bounded quotes and
// lists, the rest as text, never the plain-text fallback), the page still answers a click, and the
// same after a reload. Before prose-bounds.ts the `>` turn overflowed the stack and blanked the
// transcript, and the Chinese one took 26 s to parse.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const USER = 'u';
const JANE = 'jane';
/** MAX_NESTING of prose-bounds.ts: the quotes and lists a reader sees before the rest shows as text. */
const MAX_NESTING = 12;

const QUOTES = '>'.repeat(3000);
const BULLETS = '- '.repeat(3000) + 'end';
const DASHES = '- '.repeat(3000);
const ACTION = '*他笑了。*“你好，”她说。';
const ACTIONS = 4000;
const CHINESE = ACTION.repeat(ACTIONS);

/** What the user reads of each turn, in order: hostile turns between ordinary ones. */
const TEXTS = [
  ['t0', USER, 'I wait at the *gate*.'],
  ['t1', JANE, QUOTES],
  ['t2', USER, 'I knock twice.'],
  ['t3', JANE, BULLETS],
  ['t4', JANE, DASHES],
  ['t5', JANE, CHINESE],
  ['t6', JANE, '"Come in," she says at last.'],
];

const STORY = {
  format: 'rashomon.story',
  version: 1,
  id: 'hostile-prose',
  title: 'A hostile night',
  language: 'en',
  participants: [
    { id: USER, kind: 'user', name: 'Wren' },
    { id: JANE, kind: 'character', name: 'Jane' },
  ],
  turns: TEXTS.map(([id, author, text], i) => ({
    id,
    parent: i === 0 ? null : TEXTS[i - 1][0],
    author,
    audiences: [USER, JANE],
    origin: author === USER ? 'authored' : 'generated',
    source: author === USER ? text : `I answer, turn ${i}.`,
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 0, i)).toISOString(),
    pov:
      author === USER
        ? { [JANE]: { perceived: true, text: `Wren acts, turn ${i}.` } }
        : { [USER]: { perceived: true, text } },
  })),
  activeLeaf: TEXTS.at(-1)[0],
};

describe('hostile prose in the transcript', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  const row = (id) => browser.page.locator(`[role="log"] li.turn[data-turn-id="${id}"]`);

  /** Every turn has its row, each rendered as prose (no fallback note), the hostile ones bounded. */
  async function assertTranscript() {
    const { page } = browser;
    await row('t6').locator('.prose-speech').waitFor();
    const ids = await page
      .locator('[role="log"] li.turn[data-turn-id]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-turn-id')));
    assert.deepEqual(
      ids,
      TEXTS.map(([id]) => id),
    );
    assert.equal(await page.locator('[role="log"] .prose-unformatted').count(), 0, 'no turn fell back');

    assert.equal(await row('t0').locator('.prose em').textContent(), 'gate');
    assert.equal(await row('t2').locator('.prose').textContent(), 'I knock twice.');
    assert.equal(await row('t6').locator('.prose-speech').textContent(), '"Come in,"');

    const quotes = row('t1').locator('.prose');
    assert.equal(await quotes.locator('blockquote').count(), MAX_NESTING);
    assert.equal(await quotes.textContent(), '>'.repeat(QUOTES.length - MAX_NESTING));
    // Parsed in pieces, the line is one paragraph of the deepest quote again.
    assert.equal(await quotes.locator(':scope > p').count(), 0);
    assert.equal(await quotes.locator('blockquote').last().locator('p').count(), 1);

    const bullets = row('t3').locator('.prose');
    assert.equal(await bullets.locator('ul').count(), MAX_NESTING);
    assert.match(await bullets.textContent(), /^(- ?)+end$/);
    assert.equal(await bullets.locator(':scope > p').count(), 0);
    assert.equal(await bullets.locator('ul').last().locator('p').count(), 1);
    assert.equal(await row('t4').locator('.prose hr').count(), 1);

    const chinese = row('t5').locator('.prose');
    assert.equal(await chinese.locator('em.prose-action').count(), ACTIONS);
    assert.equal(await chinese.locator('.prose-speech').count(), ACTIONS);
    assert.equal(await chinese.textContent(), CHINESE.replaceAll('*', ''));
  }

  /** The page still answers: Settings opens and closes. */
  async function assertResponsive() {
    const { page } = browser;
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await settings.getByRole('button', { name: 'Done' }).click();
    await settings.waitFor({ state: 'hidden' });
  }

  it('shows every row of a story with hostile Markdown, and again after a reload', async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByLabel('Import a file').setInputFiles({
      name: 'hostile.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(STORY)),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'A hostile night' }).waitFor();
    await assertTranscript();
    await assertResponsive();

    await page.reload();
    await page.getByRole('heading', { name: 'A hostile night' }).waitFor();
    await assertTranscript();
    await assertResponsive();
    assert.deepEqual(browser.errors, []);
  });
});
