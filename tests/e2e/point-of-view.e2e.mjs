// The point of view, made visible, in real Chromium against the scripted OpenAI-protocol server: the
// story screen says the transcript is what the person perceived and explains the idea once (dismissed,
// it stays dismissed); the new-story form says what is private; "Read as" shows each character's
// transcript read-only (its own source, its perception of the others, nothing where it perceived
// nothing); a perception not written yet says so in the reader's words and offers to write it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const NARROW = { width: 390, height: 800 };

const USER = 'Sam';
const TITLE = 'Four eyes';
const USER_TURN = 'I set the silver key on the table.';
/** Jane's source holds a thought only Jane may read; Pell's the same for Pell. */
const JANE_SOURCE = 'I glance at the key and think of the saffron ledger.';
const PELL_SOURCE = 'I pocket a spoon while nobody looks, humming about the quince cellar.';
const JANE_SECRET = 'saffron';
const PELL_SECRET = 'quince';
const SEEN = (who) => `${who} sees someone move in the lamplight.`;
/** An answer slow enough to be cancelled while it streams. */
const SLOW = { chunkSize: 2, delayMs: 300 };

describe('point of view', { timeout: 10 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  /** When true, the user's projections stream slowly (to be cancelled midway). */
  let slowUserView = false;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        switch (kind.op) {
          case 'actor':
            return kind.actor === 'Jane' ? JANE_SOURCE : PELL_SOURCE;
          case 'projector': {
            const text = JSON.stringify(body.messages);
            // Pell perceives nothing of Jane's turn.
            if (kind.target === 'Pell' && text.includes(JANE_SECRET)) return '<empty>';
            return SEEN(kind.target);
          }
          case 'selector':
            return JSON.stringify({ next: 'Jane' });
          default:
            return 'I wait.';
        }
      },
      pace: (kind) => (slowUserView && kind.op === 'projector' && kind.target === USER ? SLOW : {}),
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const log = () => browser.page.getByRole('log', { name: 'Transcript' });
  const rows = () => log().locator('li[data-turn-id]');
  const composer = () => browser.page.getByRole('form', { name: 'Composer' });

  it(
    'the new-story form says what is private and what every character is shown',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      await page.getByText('No stories yet.').waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await addModelServer(dialog, stub.baseURL, STUB_MODEL);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      const persona = form.getByLabel('Your persona');
      assert.match(await accessibleDescription(persona), /Every character is shown your persona/);
      const description = form.getByLabel('Character 1 Description');
      assert.match(await accessibleDescription(description), /Private to this character/);
      await form.getByLabel('Title').fill(TITLE);
      await form.getByLabel('Your name').fill(USER);
      await persona.fill('A guest at the inn.');
      await form.getByLabel('Character 1 Name').fill('Jane');
      await description.fill('The innkeeper.');
      await form.getByRole('button', { name: 'Add character' }).click();
      await form.getByLabel('Character 2 Name').fill('Pell');
      await form.getByLabel('Character 2 Description').fill('A pickpocket.');
      await form.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('heading', { name: TITLE }).waitFor();
    },
  );

  it(
    'says the transcript is what you perceived, and explains the idea once',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('heading', { name: 'What you perceived' }).waitFor();
      const note = page.getByRole('complementary', { name: 'How Rashomon works' });
      await note.getByText('You read your own point of view.', { exact: false }).waitFor();
      await note.getByText('Inspect on a turn shows every version of it', { exact: false }).waitFor();
      await note.getByRole('button', { name: 'Got it' }).click();
      await note.waitFor({ state: 'detached' });
      // Remembered on this device.
      await page.reload();
      await page.getByRole('heading', { name: 'What you perceived' }).waitFor();
      assert.equal(await note.count(), 0);
    },
  );

  it(
    'Read as shows each character’s own transcript, read-only, and goes back',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('textbox', { name: 'Your turn' }).fill(USER_TURN);
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText(SEEN(USER)).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      await page.getByLabel('Who acts next').selectOption({ label: 'Pell' });
      await page.getByRole('button', { name: 'Act', exact: true }).click();
      await rows().nth(2).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      const body = () => page.locator('body').innerText();
      assert.doesNotMatch(await body(), new RegExp(`${JANE_SECRET}|${PELL_SECRET}`));

      const readAs = page.getByLabel('Read as');
      await readAs.selectOption({ label: 'Jane' });
      const banner = page
        .getByRole('status')
        .filter({ hasText: 'Reading as Jane — what Jane perceived. Read-only.' });
      await banner.waitFor();
      await page.getByRole('heading', { name: 'What Jane perceived' }).waitFor();
      await log().getByText(JANE_SOURCE).waitFor();
      assert.deepEqual(await rows().allInnerTexts(), [
        `${USER}\n\n${SEEN('Jane')}`,
        `Jane\n\n${JANE_SOURCE}`,
        `Pell\n\n${SEEN('Jane')}`,
      ]);
      assert.doesNotMatch(await body(), new RegExp(PELL_SECRET));
      await mkdir(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}read-as-1280.png`, fullPage: true });
      await page.setViewportSize(NARROW);
      await page.screenshot({ path: `${SCREENSHOTS}read-as-390.png`, fullPage: true });
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= NARROW.width, 'the banner fits a narrow screen, scroll width '.concat(wide));
      await page.setViewportSize({ width: 1280, height: 800 });
      // Nothing that writes is there while reading as someone else.
      assert.equal(await composer().isVisible(), false);
      assert.equal(await log().getByRole('button').count(), 0);

      await readAs.selectOption({ label: 'Pell' });
      await page.getByRole('status').filter({ hasText: 'Reading as Pell' }).waitFor();
      await log().getByText(PELL_SOURCE).waitFor();
      await log().getByText('Nothing seems to have happened.').waitFor();
      assert.equal(await log().getByText(SEEN('Pell')).count(), 1);
      assert.doesNotMatch(await body(), new RegExp(JANE_SECRET));

      await page.getByRole('button', { name: 'Back to your view' }).click();
      await page.getByRole('heading', { name: 'What you perceived' }).waitFor();
      await composer().waitFor();
      assert.equal(await readAs.evaluate((el) => el === document.activeElement), true);
      assert.equal(await page.getByText('Reading as', { exact: false }).count(), 0);
      assert.equal(
        await log()
          .getByRole('button', { name: /^Inspect/ })
          .count(),
        3,
      );
      assert.doesNotMatch(await body(), new RegExp(`${JANE_SECRET}|${PELL_SECRET}`));
    },
  );

  it(
    'a perception not written yet says so and offers to write it',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      slowUserView = true;
      try {
        await page.getByLabel('Who acts next').selectOption({ label: 'Jane' });
        await page.getByRole('button', { name: 'Act', exact: true }).click();
        await page.getByRole('status').filter({ hasText: 'Writing what you perceive…' }).waitFor();
        await page.getByRole('button', { name: 'Cancel' }).click();
        await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      } finally {
        slowUserView = false;
      }
      const unwritten = rows().filter({
        hasText:
          'What you perceived of this turn was not written: the story stopped before it, or came without it.',
      });
      await unwritten.waitFor();
      assert.equal(await log().getByText('not projected yet').count(), 0);
      await unwritten.getByRole('button', { name: 'Write it now' }).click();
      await rows()
        .nth(3)
        .filter({ hasText: SEEN(USER) })
        .waitFor();
      assert.equal(await unwritten.count(), 0);
      assert.deepEqual(browser.errors, []);
    },
  );
});

/** Written by the user as Jane (Write as): the user knows what they wrote, and reads it. */
const HAND_TURN = 'I wipe the counter and say nothing about the key.';

describe('writing as a character', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => (kind.op === 'projector' ? SEEN(kind.target) : 'I wait.'),
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'the row of a turn written as Jane shows Jane’s own text, labelled as written by you',
    { timeout: 2 * TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.goto(appUrl());
      await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await addModelServer(dialog, stub.baseURL, STUB_MODEL);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill(TITLE);
      await form.getByLabel('Your name').fill(USER);
      await form.getByLabel('Character 1 Name').fill('Jane');
      await form.getByLabel('Character 1 Description').fill('The innkeeper.');
      await form.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('heading', { name: TITLE }).waitFor();

      await page.getByLabel('Write as').selectOption({ label: 'Jane' });
      await page.getByRole('textbox', { name: 'Your turn' }).fill(HAND_TURN);
      await page.getByRole('button', { name: 'Send' }).click();
      const log = page.getByRole('log', { name: 'Transcript' });
      const row = log.locator('li[data-turn-id]').first();
      await row.getByText('Jane (written by you)').waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      assert.equal(await row.locator('.turn-author').innerText(), 'Jane (written by you)');
      await row.getByText(HAND_TURN).waitFor();
      assert.equal(await log.getByText(SEEN(USER)).count(), 0);
      // Jane's own view has the same text, as hers.
      await page.getByLabel('Read as').selectOption({ label: 'Jane' });
      await page.getByRole('status').filter({ hasText: 'Reading as Jane' }).waitFor();
      // Her slice replaces the user's: the row's label changes once it has arrived.
      await row
        .locator('.turn-author')
        .filter({ hasText: /^Jane$/ })
        .waitFor();
      await row.getByText(HAND_TURN).waitFor();
      assert.deepEqual(browser.errors, []);
    },
  );
});

/** The text screen readers read after a field's name (its aria-describedby). */
function accessibleDescription(locator) {
  return locator.evaluate((el) =>
    (el.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}
