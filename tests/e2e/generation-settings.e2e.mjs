// Generation settings in real Chromium: a backend's temperature and top-p set in Settings, a story's
// own temperature, reply limit and stop strings set in its scene options (whose empty fields show the
// backend's values), and the character's next request to the scripted server carrying each one from
// the story when it sets it, else from the backend.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const USER = 'Sam';
const CHARACTER = 'Jane';

describe('generation settings of a backend and a story', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'actor':
            return 'I trim the lamp and wait.';
          case 'projector':
            return kind.target === USER ? 'Jane trims the lamp.' : 'Sam waits.';
          case 'selector':
            return JSON.stringify({ next: CHARACTER });
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

  const lastActor = () => stub.requests.filter((r) => r.kind.op === 'actor').at(-1)?.body;
  const generation = (body) => ({
    temperature: body?.temperature,
    top_p: body?.top_p,
    stop: body?.stop,
    max_tokens: body?.max_tokens,
  });
  const actorRequests = () => stub.requests.filter((r) => r.kind.op === 'actor').length;
  /** Lets the character act, and waits until its turn is shown and the generation is done. */
  const act = async () => {
    const { page } = browser;
    const before = actorRequests();
    const rows = page.getByRole('log', { name: 'Transcript' }).locator('li[data-turn-id]');
    const shown = await rows.count();
    await page.getByRole('button', { name: 'Act', exact: true }).click();
    await rows.nth(shown).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
    assert.equal(actorRequests(), before + 1, 'not one character request');
  };

  it("sets a backend's sampling in Settings", { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Settings' });
    await addModelServer(settings, stub.baseURL, STUB_MODEL);
    const turns = settings.getByRole('group', { name: 'Characters’ turns on this backend' });
    await turns.getByLabel('Temperature').fill('0.6');
    await turns.getByLabel('Top-p').fill('0.8');
    await turns.getByLabel('Top-p').press('Tab');
    await settings.getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await settings.getByRole('button', { name: 'Done' }).click();
    await settings.waitFor({ state: 'hidden' });
  });

  it(
    "shows the backend's values in the story's panel and sends them",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill('The Lamp');
      await form.getByLabel('Your name').fill(USER);
      await form.getByLabel('Character 1 Name').fill(CHARACTER);
      await form.getByLabel('Character 1 Description').fill('A lamplighter.');
      await form.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('log', { name: 'Transcript' }).waitFor();
      await page.getByText('Scene and turn order').click();
      await page.getByRole('button', { name: 'Generation', exact: true }).click();
      const panel = page.getByRole('group', { name: 'Generation' });
      assert.equal(await panel.getByLabel('Temperature').getAttribute('placeholder'), 'Backend: 0.6');
      assert.equal(await panel.getByLabel('Top-p').getAttribute('placeholder'), 'Backend: 0.8');
      await act();
      const sent = generation(lastActor());
      assert.deepEqual([sent.temperature, sent.top_p, sent.stop], [0.6, 0.8, undefined]);
    },
  );

  it(
    "sends the story's own values over the backend's, and the backend's again once cleared",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      const panel = page.getByRole('group', { name: 'Generation' });
      await panel.getByLabel('Temperature').fill('1.1');
      await panel.getByLabel('Temperature').press('Tab');
      await panel.getByLabel('Reply limit (tokens)').fill('200');
      await panel.getByLabel('Reply limit (tokens)').press('Tab');
      await panel.getByLabel('Stop strings').fill('THE END\n\\nSam:');
      await panel.getByLabel('Stop strings').press('Tab');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('.generation-settings textarea')].some((t) =>
          t.value.includes('THE END'),
        ),
      );
      await act();
      assert.deepEqual(generation(lastActor()), {
        temperature: 1.1,
        top_p: 0.8,
        stop: ['THE END', '\nSam:'],
        max_tokens: 200,
      });

      await panel.getByLabel('Temperature').fill('');
      await panel.getByLabel('Temperature').press('Tab');
      await act();
      assert.equal(lastActor()?.temperature, 0.6);
      assert.deepEqual(browser.errors, []);
    },
  );
});
