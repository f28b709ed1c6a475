// Hint and Roll in real Chromium against the OpenAI-protocol stub: Hint shows an idea for the story from
// the user's own transcript only (no character's source or card in the request), it is never a turn,
// and the person can hide it, and on a stale history it waits for the person's choice; Roll sends dice
// rolled by the app (no model asked) as the user's turn.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;

const USER = 'Sam';
const CHARACTER = 'Jane';
/** In Jane's card and source only: the hint's request never holds them. */
const CARD_WORD = 'quicksilver';
const PRIVATE_WORD = 'marmalade';
const USER_TURN = '"Hello? Anyone around?" I call out into the dark hallway.';
const ACTOR_SOURCE = `I lift the lantern. I think of the ${PRIVATE_WORD} cipher in my boot.`;
const USER_PROJECTION = 'A lantern rises at the end of the hallway.';
const HINT = 'You could ask the lamplighter what she is guarding.';

describe('hint and roll', { timeout: 3 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'actor':
            return ACTOR_SOURCE;
          case 'projector':
            return kind.target === USER ? USER_PROJECTION : 'You hear a voice call out.';
          case 'selector':
            return JSON.stringify({ next: CHARACTER });
          case 'plot-hint':
            return HINT;
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

  const log = () => browser.page.getByRole('log', { name: 'Transcript' });
  const rows = () => log().locator('li[data-turn-id]');
  const told = (request) => request.body.messages.map((m) => m.content).join('\n');
  const idle = () => browser.page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });

  it(
    "shows a hint from the user's own story, never as a turn, until hidden",
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
      await form.getByLabel('Title').fill('The Lantern');
      await form.getByLabel('Your name').fill(USER);
      await form.getByLabel('Character 1 Name').fill(CHARACTER);
      await form.getByLabel('Character 1 Description').fill(`A wary lamplighter who hides ${CARD_WORD}.`);
      await form.getByRole('button', { name: 'Create story' }).click();
      await log().waitFor();
      await page.getByRole('textbox', { name: 'Your turn' }).fill(USER_TURN);
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText(USER_PROJECTION).waitFor();
      await idle();

      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      const note = page.getByRole('status').filter({ hasText: HINT });
      await note.waitFor();
      await idle();
      assert.equal(await rows().count(), 2, 'the hint became a turn');
      assert.ok(!(await log().textContent()).includes(HINT));
      const asked = stub.requests.filter((r) => r.kind.op === 'plot-hint');
      assert.equal(asked.length, 1);
      const text = told(asked[0]);
      for (const seen of [USER_TURN, USER_PROJECTION])
        assert.ok(text.includes(seen), `the plot author was not given "${seen}"`);
      for (const secret of [PRIVATE_WORD, CARD_WORD])
        assert.ok(!text.includes(secret), `the plot author was given "${secret}"`);

      await note.getByRole('button', { name: 'Hide the hint' }).click();
      await note.waitFor({ state: 'hidden' });
    },
  );

  it('Roll sends the dice rolled by the app as your turn', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    const asked = stub.requests.length;
    await page.getByRole('textbox', { name: 'Dice' }).fill('2d6+1');
    await page.getByRole('button', { name: 'Roll', exact: true }).click();
    const rolled = log().getByText(/^I roll 2d6\+1: [1-6] \+ [1-6] \+ 1 = \d+\.$/);
    await rolled.waitFor();
    await log().getByText(USER_PROJECTION).nth(1).waitFor();
    await idle();
    assert.equal(await rows().count(), 4);
    const [, a, b, total] = /: (\d) \+ (\d) \+ 1 = (\d+)/.exec(await rolled.textContent());
    assert.equal(Number(total), Number(a) + Number(b) + 1);
    // After the roll only the usual turn was asked of models: the character's answer and its views.
    assert.ok(stub.requests.slice(asked).every((r) => r.kind.op !== 'unknown'));
  });

  it(
    '[H1] after an edit, Hint waits for the stale-history choice, then comes',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      const inspector = page.getByRole('dialog', { name: 'Turn inspector' });
      await rows()
        .nth(0)
        .getByRole('button', { name: /^Inspect/ })
        .click();
      await inspector.getByRole('textbox', { name: `What ${USER} wrote` }).fill(`${USER_TURN} I wait.`);
      await inspector.getByRole('button', { name: 'Close' }).click();
      await inspector.waitFor({ state: 'hidden' });
      const banner = page.locator('.stale-banner');
      await banner.waitFor();
      const hints = () => stub.requests.filter((r) => r.kind.op === 'plot-hint').length;
      const before = hints();
      await page.getByRole('button', { name: 'Hint', exact: true }).click();
      await banner.getByText('The hint comes once you choose.').waitFor();
      assert.equal(hints(), before, 'the plot author was asked before the choice');
      await banner.getByRole('button', { name: 'Keep them' }).click();
      await page.getByRole('status').filter({ hasText: HINT }).waitFor();
      await banner.waitFor({ state: 'hidden' });
      assert.equal(hints(), before + 1);
    },
  );
});
