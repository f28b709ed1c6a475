// Playing a story in real Chromium against a local OpenAI-protocol server: set up the backend in
// Settings, create a story, send a turn and watch the character's turn stream in as the user's
// projection (never the character's private source), cancel a slow turn (nothing is stored), and
// reload to find the story again in IndexedDB.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const NARROW_WIDTH = 360;

const USER = 'Sam';
const CHARACTER = 'Jane';
const TITLE = 'The Lantern';
const USER_TURN = '"Hello? Anyone around?" I call out into the dark hallway.';
/** In Jane's source only: a private thought the user must never read. */
const PRIVATE_WORD = 'marmalade';
const ACTOR_SOURCE = `I lift the lantern and peer into the hallway. I think of the ${PRIVATE_WORD} cipher hidden in my boot. "Who goes there?" I ask.`;
const USER_PROJECTION_START = 'A lantern rises at the end of the hallway';
const USER_PROJECTION = `${USER_PROJECTION_START}, and a woman peers toward you. "Who goes there?" she asks.`;
const JANE_PROJECTION = 'You hear a voice call out, "Hello? Anyone around?"';

/** Streams the user's projection slowly, so a partial text can be seen before it is complete. */
const SLOW_PROJECTION = { chunkSize: 4, delayMs: 120 };
/** An actor answer slow enough to be cancelled in the middle. */
const SLOW_ACTOR = { chunkSize: 1, delayMs: 400 };

describe('play against an OpenAI-compatible server', { timeout: 8 * TEST_TIMEOUT_MS }, () => {
  let browser, stub, storyUrl;
  let slowActor = false;
  /** When false, the user's projections are <empty>: the user perceives nothing of the turn. */
  let userPerceives = true;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'actor':
            return ACTOR_SOURCE;
          case 'projector':
            if (kind.target !== USER) return JANE_PROJECTION;
            return userPerceives ? USER_PROJECTION : '<empty>';
          case 'selector':
            return JSON.stringify({ next: CHARACTER });
          case 'batch':
            return JSON.stringify({ [USER]: USER_PROJECTION, [CHARACTER]: JANE_PROJECTION });
          default:
            return 'I wait.';
        }
      },
      pace: (kind) =>
        kind.op === 'projector' && kind.target === USER
          ? SLOW_PROJECTION
          : kind.op === 'actor' && slowActor
            ? SLOW_ACTOR
            : {},
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const log = () => browser.page.getByRole('log', { name: 'Transcript' });
  const rows = () => log().locator('li[data-turn-id]');

  it('adds an OpenAI-compatible backend in Settings and tests it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByText('No stories yet.').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await addModelServer(dialog, stub.baseURL, STUB_MODEL);
    await dialog.getByRole('button', { name: 'Test connection' }).click();
    await dialog.getByRole('status').filter({ hasText: 'Connection works.' }).waitFor();
    await dialog.getByRole('button', { name: `Use model ${STUB_MODEL}` }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Saved on this device: reopening shows it.
    await page.getByRole('button', { name: 'Settings' }).click();
    assert.equal(await dialog.getByLabel('Base URL', { exact: true }).inputValue(), stub.baseURL);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('creates a story with a character', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Your persona').fill('A traveller looking for shelter.');
    await form.getByLabel('Character 1 Name').fill(CHARACTER);
    await form.getByLabel('Character 1 Description').fill('A wary lamplighter who keeps secrets.');
    await form.getByRole('button', { name: 'Create story' }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await log().waitFor();
    storyUrl = page.url();
    assert.match(storyUrl, /#\/stories\//);
  });

  it(
    'streams the character turn as the user projection, never its source',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      // Watch every change of the page for the private word while the turn is generated.
      await page.evaluate((word) => {
        window.__leaked = false;
        const check = () => {
          if (document.body.textContent?.toLowerCase().includes(word)) window.__leaked = true;
        };
        new MutationObserver(check).observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
        });
      }, PRIVATE_WORD);
      await page.getByRole('textbox', { name: 'Your turn' }).fill(USER_TURN);
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText(USER_TURN).waitFor();
      // Part of the projection is on screen before all of it has arrived.
      await page.waitForFunction(
        ({ start, end }) => {
          const text = document.querySelector('[role="log"]')?.textContent ?? '';
          return text.includes(start) && !text.includes(end);
        },
        { start: USER_PROJECTION_START, end: USER_PROJECTION },
        { timeout: STEP_TIMEOUT_MS },
      );
      await log().getByText(USER_PROJECTION).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      assert.equal(await rows().count(), 2);
      const janeRow = rows().nth(1);
      assert.match((await janeRow.textContent()) ?? '', new RegExp(`^${CHARACTER}`));
      assert.equal(await page.evaluate(() => window.__leaked), false, 'the private source was shown');
      assert.ok(!(await page.content()).toLowerCase().includes(PRIVATE_WORD));
      // The character acted on its own projection of the user's turn.
      const actorCall = stub.requests.find((r) => r.kind.op === 'actor');
      assert.ok(JSON.stringify(actorCall?.body.messages).includes('Hello? Anyone around?'));
    },
  );

  it(
    'a turn the user perceives nothing of is an interstitial row',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      userPerceives = false;
      try {
        await page.getByRole('button', { name: 'Act', exact: true }).click();
        const nothing = log().locator('li[data-turn-id]').nth(2);
        await nothing.getByText('Nothing seems to have happened.').waitFor();
        assert.equal(await nothing.locator('.nothing-text').textContent(), 'Nothing seems to have happened.');
        await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
        assert.equal(await rows().count(), 3);
        assert.equal(await page.evaluate(() => window.__leaked), false, 'the private source was shown');
      } finally {
        userPerceives = true;
      }
    },
  );

  it('Cancel during a slow answer stores nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    const before = await rows().count();
    slowActor = true;
    try {
      await page.getByRole('button', { name: 'Act', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: `${CHARACTER} is acting…` })
        .waitFor();
      // What the wait is: the words the character has written so far, counted as they come.
      await page
        .getByRole('status')
        .filter({ hasText: `${CHARACTER} is writing… 2 words` })
        .waitFor();
      const actorCalls = stub.requests.filter((r) => r.kind.op === 'actor').length;
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('status').filter({ hasText: 'Cancelled. Nothing was stored.' }).waitFor();
      assert.equal(await rows().count(), before);
      // Nothing arrives late either, and the request was really aborted.
      await page.waitForTimeout(2 * SLOW_ACTOR.delayMs);
      assert.equal(await rows().count(), before);
      assert.ok(stub.aborted >= 1, 'the model request was not aborted');
      assert.ok(stub.requests.filter((r) => r.kind.op === 'actor').length >= actorCalls);
      assert.equal(await page.getByRole('alert').count(), 0, 'a cancellation is not an error');
    } finally {
      slowActor = false;
    }
  });

  it(
    'reload brings the story and its transcript back from IndexedDB',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.reload();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await log().getByText(USER_TURN).waitFor();
      await log().getByText(USER_PROJECTION).waitFor();
      await log().getByText('Nothing seems to have happened.').waitFor();
      assert.equal(await rows().count(), 3);
      assert.ok(!(await page.content()).toLowerCase().includes(PRIVATE_WORD));
      await page.getByRole('link', { name: '← Stories' }).click();
      await page.getByRole('link', { name: TITLE, exact: true }).waitFor();
      assert.equal(await page.getByText('No stories yet.').count(), 0);
    },
  );

  it('exports, deletes and imports the story back', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: `Export ${TITLE}` }).click(),
    ]);
    const exported = await readFile(await download.path(), 'utf8');
    assert.ok(JSON.parse(exported), 'the export is not JSON');
    assert.ok(!exported.includes(stub.baseURL), 'device settings leaked into the export');
    await page.getByRole('button', { name: `Delete ${TITLE}` }).click();
    await page.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('No stories yet.').waitFor();

    const input = page.getByLabel('Import a file');
    await input.setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{ nope'),
    });
    await page
      .getByRole('alert')
      .filter({ hasText: 'broken.json could not be imported: broken.json is neither JSON nor an image card' })
      .waitFor();
    await input.setInputFiles({
      name: 'story.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    // What the file holds is shown before anything is written.
    await page.getByRole('heading', { name: `story.json: a Rashomon story, “${TITLE}”` }).waitFor();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await log().getByText(USER_PROJECTION).waitFor();
    assert.equal(await rows().count(), 3);
    storyUrl = page.url();
  });

  it('fits a 360px wide screen, story and settings', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.setViewportSize({ width: NARROW_WIDTH, height: 740 });
    await page.goto(storyUrl);
    await log().getByText(USER_PROJECTION).waitFor();
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    const overflowing = () =>
      page.evaluate((limit) => {
        const wide = [...document.querySelectorAll('main *')].filter(
          (el) => el.getBoundingClientRect().right > limit + 1,
        );
        return wide
          .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
          .slice(0, 5)
          .join(', ');
      }, NARROW_WIDTH);
    assert.ok(
      (await width()) <= NARROW_WIDTH,
      `story screen is ${await width()}px wide: ${await overflowing()}`,
    );
    await page.getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.getByLabel('Base URL', { exact: true }).waitFor();
    const dialogWidth = await dialog.evaluate((el) => el.scrollWidth);
    assert.ok(dialogWidth <= NARROW_WIDTH, `settings dialog is ${dialogWidth}px wide`);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
