// A transcript row's controls in real Chromium: ← → step through a row's alternatives (‹ › targets at
// least 44 × 44 px at 1280 and 390 px), Delete cuts the path with Undo, the way back after "Branch
// from here", "turn 2 of 3" while they continue, and a message edited in place (its later turns stale).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';
import { longStoryJson } from './long-story.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** WCAG 2.5.5: a touch target's least width and height, in CSS pixels. */
const TARGET_PX = 44;
const TURNS = 6;
const OTHER_TAKE = 'Line 5, said another way.';
const JANE_SAYS = 'I turn up the lamp.';
const USER_HEARS = 'Jane turns up the lamp.';

/** Six turns of the user and Jane; the last one has an alternative (‹ 1/2 ›). */
function storyWithAlternative() {
  const story = longStoryJson(TURNS);
  const last = story.turns.at(-1);
  story.turns.push({
    ...last,
    id: 't5b',
    source: 'I say line 5 another way.',
    createdAt: new Date(Date.UTC(2025, 0, 1, 0, 1)).toISOString(),
    pov: { u: { perceived: true, text: OTHER_TAKE } },
  });
  return { ...story, id: 'row-controls', title: 'Rows and their controls' };
}

describe('a row’s controls', { timeout: 10 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => (kind.op === 'actor' ? JANE_SAYS : kind.op === 'projector' ? USER_HEARS : 'I wait.'),
      // Slow enough that each turn's phases can be read.
      pace: (kind) => (kind.op === 'actor' ? { chunkSize: 4, delayMs: 60 } : {}),
    });
    browser = await openBrowser({ viewport: WIDE });
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const page = () => browser.page;
  const log = () => page().getByRole('log', { name: 'Transcript' });
  const rows = () => log().locator('li[data-turn-id]');
  const rowCount = (n) =>
    page().waitForFunction(
      (count) => document.querySelectorAll('[role="log"] li[data-turn-id]').length === count,
      n,
      { timeout: STEP_TIMEOUT_MS },
    );
  const lastRow = () => rows().nth(TURNS - 1);
  const idle = () => page().getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
  const focusedLabel = () => page().evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

  it('imports a story whose last turn has an alternative', { timeout: TEST_TIMEOUT_MS }, async () => {
    const p = page();
    await p.goto(appUrl());
    await p.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = p.getByRole('dialog', { name: 'Settings' });
    await addModelServer(settings, stub.baseURL, STUB_MODEL);
    await settings.getByRole('button', { name: 'Done' }).click();
    await settings.waitFor({ state: 'hidden' });
    await p.getByLabel('Import a file').setInputFiles({
      name: 'rows.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(storyWithAlternative())),
    });
    await p.getByRole('button', { name: 'Import', exact: true }).click();
    await p.getByRole('heading', { name: 'Rows and their controls' }).waitFor();
    await rowCount(TURNS);
    await lastRow().getByText('1/2').waitFor();
  });

  it('‹ › are at least 44 × 44 px, on a desktop and on a phone', { timeout: TEST_TIMEOUT_MS }, async () => {
    for (const viewport of [WIDE, PHONE]) {
      await page().setViewportSize(viewport);
      for (const name of ['Previous alternative', 'Next alternative']) {
        const box = await lastRow().getByRole('button', { name }).boundingBox();
        assert.ok(box, `${name} is shown at ${viewport.width} px`);
        assert.ok(
          box.width >= TARGET_PX && box.height >= TARGET_PX,
          `${name} at ${viewport.width} px is ${box.width} × ${box.height}`,
        );
      }
    }
    await page().setViewportSize(WIDE);
  });

  it(
    '← and → step through the alternatives while the row or its controls have focus',
    {
      timeout: TEST_TIMEOUT_MS,
    },
    async () => {
      const p = page();
      await lastRow().focus();
      await p.keyboard.press('ArrowRight');
      await lastRow().getByText('2/2').waitFor();
      await lastRow().getByText(OTHER_TAKE).waitFor();
      // The focus stays on the row that took its place: on its ‹, as › has nowhere to go.
      assert.equal(await focusedLabel(), 'Previous alternative');
      await p.keyboard.press('ArrowRight');
      await lastRow().getByText('2/2').waitFor();
      await lastRow()
        .getByRole('button', { name: /^Inspect/ })
        .focus();
      await p.keyboard.press('ArrowLeft');
      await lastRow().getByText('1/2').waitFor();
      await lastRow().getByText('Line 5.', { exact: true }).waitFor();
      assert.equal(await focusedLabel(), 'Next alternative');
    },
  );

  it(
    'Delete cuts the path at a turn, and Undo brings the turns back',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      await rows().nth(3).getByRole('button', { name: 'Delete turn by Jane' }).click();
      await rowCount(3);
      const status = p.getByRole('status').filter({ hasText: 'Deleted 3 turns.' });
      await status.waitFor();
      assert.equal(await p.evaluate(() => document.activeElement?.textContent), 'Undo');
      await status.getByRole('button', { name: 'Undo' }).click();
      await rowCount(TURNS);
      await status.waitFor({ state: 'hidden' });
      await lastRow().getByText('Line 5.', { exact: true }).waitFor();
      await lastRow().getByText('1/2').waitFor();
    },
  );

  it(
    'after "Branch from here", a notice says where you are and leads back',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      await rows()
        .nth(2)
        .getByRole('button', { name: /^Inspect/ })
        .click();
      const inspector = p.getByRole('dialog', { name: 'Turn inspector' });
      await inspector.getByRole('button', { name: 'Branch from here' }).click();
      await inspector.waitFor({ state: 'hidden' });
      await rowCount(3);
      const notice = p.getByRole('status').filter({ hasText: 'You are on a new branch from turn 3.' });
      await notice.waitFor();
      await notice.getByRole('button', { name: 'Back to where you were' }).click();
      await rowCount(TURNS);
      await notice.waitFor({ state: 'hidden' });
      await lastRow().getByText('Line 5.', { exact: true }).waitFor();
    },
  );

  it(
    '"Let them continue" says which turn of how many is under way',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      const seen = await p.evaluateHandle(() => {
        const texts = new Set();
        const status = document.querySelector('.phase-status');
        new MutationObserver(() => texts.add(status.textContent)).observe(status, {
          subtree: true,
          childList: true,
          characterData: true,
        });
        return texts;
      });
      await p.getByRole('spinbutton', { name: 'for' }).fill('3');
      await p.getByRole('button', { name: 'Let them continue' }).click();
      await rowCount(TURNS + 3);
      await idle();
      const texts = await seen.evaluate((set) => [...set]);
      for (const turn of [1, 2, 3])
        assert.ok(
          texts.includes(`Turn ${turn} of 3: Jane is acting…`),
          `turn ${turn} of 3 was shown: ${JSON.stringify(texts)}`,
        );
      assert.ok(!texts.some((text) => text.includes('of 3') && text.includes('Turn 4')));
      await rows().nth(TURNS).getByText(USER_HEARS).waitFor();
    },
  );

  it(
    'Ctrl+Enter saves the user’s own turn; the turns after it turn stale',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const p = page();
      const own = rows().nth(0);
      assert.equal(await p.locator('.stale-banner').count(), 0);
      await own.getByRole('button', { name: 'Edit your turn' }).click();
      const field = own.getByRole('textbox', { name: 'Text of your turn' });
      await field.fill('Line 0, said louder.');
      await field.press('Control+Enter');
      await field.waitFor({ state: 'hidden' });
      await own.getByText('Line 0, said louder.', { exact: true }).waitFor();
      await p
        .locator('.stale-banner')
        .getByText(/marked stale/)
        .waitFor();
      await rows().nth(1).getByText('stale').waitFor();
    },
  );
  it(
    'Edit opens a message in place: Escape cancels, Save stores the user’s view',
    {
      timeout: TEST_TIMEOUT_MS,
    },
    async () => {
      const p = page();
      const janeRow = rows().nth(1);
      const edit = janeRow.getByRole('button', { name: 'Edit what you perceived of the turn by Jane' });
      await edit.click();
      const field = janeRow.getByRole('textbox', { name: 'What you perceived' });
      assert.equal(await field.inputValue(), 'Line 1.');
      await field.fill('Line 1, misheard.');
      await p.keyboard.press('Escape');
      await field.waitFor({ state: 'hidden' });
      await janeRow.getByText('Line 1.', { exact: true }).waitFor();
      assert.equal(await focusedLabel(), 'Edit what you perceived of the turn by Jane');
      await edit.click();
      await field.fill('Line 1, heard clearly.');
      await janeRow.getByRole('button', { name: 'Save' }).click();
      await field.waitFor({ state: 'hidden' });
      await janeRow.getByText('Line 1, heard clearly.', { exact: true }).waitFor();
    },
  );

  it('met no page error along the way', () => {
    assert.deepEqual(browser.errors, []);
  });
});
