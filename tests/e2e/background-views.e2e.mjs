// What the wait is (issue 32, item 4) in real Chromium through the app's worker, against the scripted
// OpenAI-protocol server with the other participants' perceptions streamed slowly: Send answers with
// the user's own view, the others' are written after it by the story's background, shown quietly
// ("… left") while Send stays free; a turn sent meanwhile goes first and the background finishes
// after; a failure stops it with Retry; an export waits for it, and says what its file lacks when it
// could not write everything.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 4 * STEP_TIMEOUT_MS;
const USER = 'Sam';
const TITLE = 'The slow lamps';
/**
 * The others' perceptions come this slowly, so the background is seen at work: streamed while a
 * command waits on one (before its character acts), whole when the background asks (it streams nothing).
 */
const SLOW_STREAM = { chunkSize: 4, delayMs: 60 };
const SLOW_WHOLE = { delayMs: 1_200 };
/** A refused key: not retried, so the background stops on it at once. */
const REFUSED = { status: 401, message: 'Invalid API key' };

describe('the story’s background', { timeout: 6 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  /** What the turn being played is about: every perception of it names it. */
  let scene = 'the first lamp';

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        switch (kind.op) {
          case 'actor':
            return `I light ${scene}.`;
          case 'projector':
            // Jane's turn is seen, the user's heard of: each view of a turn names which turn it is.
            return body.messages.at(-1)?.content?.includes('I light')
              ? `${kind.target} sees ${scene}.`
              : `${kind.target} hears of ${scene}.`;
          case 'selector':
            return JSON.stringify({ next: 'Jane' });
          default:
            return JSON.stringify({ memories: [], events: [], changes: [], uncertainties: [] });
        }
      },
      pace: (kind, body) =>
        kind.op === 'projector' && kind.target !== USER ? (body.stream ? SLOW_STREAM : SLOW_WHOLE) : {},
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const page = () => browser.page;
  const log = () => page().getByRole('log', { name: 'Transcript' });
  const background = () => page().locator('.phase-status .background-status');
  const sendButton = () => page().getByRole('button', { name: 'Send', exact: true });
  const send = async (text) => {
    await page().getByRole('textbox', { name: 'Your turn' }).fill(text);
    await sendButton().click();
    // The user's own view of the character's answer is there when the command ends.
    await log().getByText(`${USER} sees ${scene}.`).waitFor();
  };
  /** Reads as Pell until `count` rows hold Pell's perception and none waits for one, then goes back. */
  const pellHasEveryView = async (count) => {
    await page().getByLabel('Read as').selectOption({ label: 'Pell' });
    await page().getByRole('heading', { name: 'What Pell perceived' }).waitFor();
    await page().waitForFunction((n) => {
      const transcript = document.querySelector('[role="log"]');
      const seen = [...(transcript?.querySelectorAll('li[data-turn-id]') ?? [])].filter((row) =>
        /Pell (sees|hears of) /.test(row.textContent ?? ''),
      );
      return seen.length >= n && !transcript?.textContent?.includes('perceived of this turn');
    }, count);
    await page().getByRole('button', { name: 'Back to your view' }).click();
    await page().getByRole('heading', { name: 'What you perceived' }).waitFor();
  };

  it('sets up a backend and a story with two characters', { timeout: TEST_TIMEOUT_MS }, async () => {
    await page().goto(appUrl());
    await page().getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = page().getByRole('dialog', { name: 'Settings' });
    await addModelServer(settings, stub.baseURL, STUB_MODEL);
    await settings.getByRole('button', { name: 'Done' }).click();
    await settings.waitFor({ state: 'hidden' });
    await page().getByRole('button', { name: 'New story' }).click();
    const form = page().getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Character 1 Name').fill('Jane');
    await form.getByLabel('Character 1 Description').fill('The lamplighter.');
    await form.getByRole('button', { name: 'Add character' }).click();
    await form.getByLabel('Character 2 Name').fill('Pell');
    await form.getByLabel('Character 2 Description').fill('A watchman.');
    await form.getByRole('button', { name: 'Create story' }).click();
    await page().getByRole('heading', { name: TITLE }).waitFor();
  });

  it(
    'answers with the user’s view; the others’ come after it, quietly, with Send free',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      await send('I hand Jane the matches.');
      await background()
        .filter({ hasText: /^Writing the rest of the perceptions \(\d+ left\)… Pause$/ })
        .waitFor();
      assert.equal(await sendButton().getAttribute('aria-disabled'), 'false');
      assert.equal(await page().locator('.missing-banner').count(), 0);
      // Read as Pell meanwhile: what is not written yet is on its way.
      await page().getByLabel('Read as').selectOption({ label: 'Pell' });
      await log().getByText('What Pell perceived of this turn is still being written.').first().waitFor();
      await page().getByRole('button', { name: 'Back to your view' }).click();
      await background().waitFor({ state: 'detached' });
      await pellHasEveryView(2);
      assert.equal(await page().locator('.missing-banner').count(), 0);
    },
  );

  it(
    'a turn sent while the background writes goes first; the background finishes after',
    {
      timeout: TEST_TIMEOUT_MS,
    },
    async () => {
      scene = 'the second lamp';
      await send('I point at the next post.');
      await background().filter({ hasText: 'left' }).waitFor();
      scene = 'the third lamp';
      await send('I climb the ladder.');
      await background().waitFor({ state: 'detached' });
      await pellHasEveryView(6);
      await log().getByText(`${USER} sees the second lamp.`).waitFor();
    },
  );

  it(
    'a failure stops the background with Retry; an export meanwhile says what its file lacks',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      scene = 'the fourth lamp';
      await send('I hold the ladder.');
      // The others' perceptions are refused: the background stops and says why.
      stub.failure = REFUSED;
      const stopped = background().filter({ hasText: /^Writing the rest of the perceptions stopped: / });
      await stopped.waitFor();
      assert.equal(await sendButton().getAttribute('aria-disabled'), 'false');

      await page().getByRole('link', { name: '← Stories' }).click();
      const item = page().getByRole('listitem').filter({ hasText: TITLE });
      const [lacking] = await Promise.all([
        page().waitForEvent('download'),
        item.getByRole('button', { name: `Export ${TITLE}` }).click(),
      ]);
      await item
        .getByRole('status')
        .filter({ hasText: /^The file lacks \d+ perceptions? that could not be written/ })
        .waitFor();
      assert.ok(!(await readFile(await lacking.path(), 'utf8')).includes(`Pell sees ${scene}.`));

      // Opened again, the story's background tries again by itself, and stops again while refused.
      await page().getByRole('link', { name: TITLE, exact: true }).click();
      await stopped.waitFor();
      stub.failure = null;
      await stopped.getByRole('button', { name: 'Retry' }).click();
      await background().waitFor({ state: 'detached' });
      await pellHasEveryView(8);
    },
  );

  it('an export waits for the background to finish writing', { timeout: TEST_TIMEOUT_MS }, async () => {
    scene = 'the fifth lamp';
    await send('I wave at the watch.');
    await background().filter({ hasText: 'left' }).waitFor();
    await page().getByRole('link', { name: '← Stories' }).click();
    const item = page().getByRole('listitem').filter({ hasText: TITLE });
    const [file] = await Promise.all([
      page().waitForEvent('download'),
      (async () => {
        await item.getByRole('button', { name: `Export ${TITLE}` }).click();
        await item
          .getByRole('status')
          .filter({ hasText: 'Waiting for the story to finish writing what its participants perceived…' })
          .waitFor();
      })(),
    ]);
    const exported = await readFile(await file.path(), 'utf8');
    assert.ok(exported.includes(`Pell sees ${scene}.`), 'the file lacks what the background was writing');
    assert.equal(await item.getByRole('status').filter({ hasText: 'The file lacks' }).count(), 0);
  });
});
