// Continue and Suggest my turn in real Chromium against the OpenAI-protocol stub: a character's last
// turn is taken further as a new alternative (the old one a ‹ › away), projected for the user, and a
// cancelled continuation stores nothing; a suggestion of the user's turn streams into the composer from
// the user's own transcript only (no character's source or card), is not sent, and Cancel puts back
// what the person had written.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;

const USER = 'Sam';
const CHARACTER = 'Jane';
const PERSONA = 'A traveller looking for shelter.';
/** In Jane's card and source only: the user, and the suggester of the user's turn, never read them. */
const CARD_WORD = 'quicksilver';
const PRIVATE_WORD = 'marmalade';
const USER_TURN = '"Hello? Anyone around?" I call out into the dark hallway.';
const ACTOR_SOURCE = `I lift the lantern. I think of the ${PRIVATE_WORD} cipher in my boot.`;
const CONTINUATION = '"Who goes there?" I ask, stepping closer.';
const USER_PROJECTION = 'A lantern rises at the end of the hallway.';
const CONTINUED_PROJECTION = 'A lantern rises, and a woman steps closer. "Who goes there?" she asks.';
const SUGGESTION_START = 'I raise my empty hands';
const SUGGESTION = `${SUGGESTION_START}. "Only a traveller," I say. "I mean no harm."`;
const OWN_WORDS = 'I back away slowly.';

/** Slow enough to be seen part-way and to be cancelled in the middle. */
const SLOW = { chunkSize: 2, delayMs: 150 };

describe('continue a turn and suggest my turn', { timeout: 8 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  let slowContinue = false;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        switch (kind.op) {
          case 'actor':
            return kind.continuing ? CONTINUATION : ACTOR_SOURCE;
          case 'projector':
            if (kind.target !== USER) return 'You hear a voice call out.';
            return JSON.stringify(body.messages).includes('Who goes there?')
              ? CONTINUED_PROJECTION
              : USER_PROJECTION;
          case 'selector':
            return JSON.stringify({ next: CHARACTER });
          case 'suggester':
            return SUGGESTION;
          default:
            return 'I wait.';
        }
      },
      pace: (kind) =>
        kind.op === 'suggester' || (kind.op === 'actor' && kind.continuing && slowContinue) ? SLOW : {},
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  const log = () => browser.page.getByRole('log', { name: 'Transcript' });
  const rows = () => log().locator('li[data-turn-id]');
  const composer = () => browser.page.getByRole('textbox', { name: 'Your turn' });
  /** What a request told the model, as one text. */
  const told = (request) => request.body.messages.map((m) => m.content).join('\n');
  const idle = () => browser.page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });

  it('plays a first exchange', { timeout: TEST_TIMEOUT_MS }, async () => {
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
    await form.getByLabel('Your persona').fill(PERSONA);
    await form.getByLabel('Character 1 Name').fill(CHARACTER);
    await form.getByLabel('Character 1 Description').fill(`A wary lamplighter who hides ${CARD_WORD}.`);
    await form.getByRole('button', { name: 'Create story' }).click();
    await log().waitFor();
    await composer().fill(USER_TURN);
    await page.getByRole('button', { name: 'Send' }).click();
    await log().getByText(USER_PROJECTION).waitFor();
    await idle();
    assert.equal(await rows().count(), 2);
    // Continue is offered on the character's last turn only.
    assert.equal(await page.getByRole('button', { name: `Continue turn by ${USER}` }).count(), 0);
  });

  it(
    "continues the character's last turn as a new alternative, projected for the user",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('button', { name: `Continue turn by ${CHARACTER}` }).click();
      await log().getByText(CONTINUED_PROJECTION).waitFor();
      await idle();
      assert.equal(await rows().count(), 2);
      const last = rows().nth(1);
      await last
        .getByRole('group', { name: `Alternatives of turn by ${CHARACTER}` })
        .getByText('2/2')
        .waitFor();
      // The actor went on from its own text, asked to continue it.
      const asked = stub.requests.filter((r) => r.kind.op === 'actor' && r.kind.continuing);
      assert.equal(asked.length, 1);
      assert.ok(told(asked[0]).includes(ACTOR_SOURCE));
      // The user's projection was of the extended source; its private thought never reached the page.
      const projected = stub.requests
        .filter((r) => r.kind.op === 'projector' && r.kind.target === USER)
        .at(-1);
      assert.ok(told(projected).includes(`${ACTOR_SOURCE} ${CONTINUATION}`));
      assert.ok(!(await page.content()).includes(PRIVATE_WORD));
      // The turn as it was stays one step away.
      await last.getByRole('button', { name: 'Previous alternative' }).click();
      await log().getByText(USER_PROJECTION, { exact: true }).waitFor();
      await rows().nth(1).getByText('1/2').waitFor();
      await rows().nth(1).getByRole('button', { name: 'Next alternative' }).click();
      await log().getByText(CONTINUED_PROJECTION).waitFor();
    },
  );

  it('Cancel while a turn is being continued stores nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    slowContinue = true;
    try {
      await page.getByRole('button', { name: `Continue turn by ${CHARACTER}` }).click();
      await page
        .getByRole('status')
        // Acting, then writing once its words come (150 ms apart).
        .filter({ hasText: new RegExp(`${CHARACTER} is (acting|writing)…`) })
        .waitFor();
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('status').filter({ hasText: 'Cancelled. Nothing was stored.' }).waitFor();
      await page.waitForTimeout(2 * SLOW.delayMs);
      await rows().nth(1).getByText('2/2').waitFor();
      assert.equal(await rows().count(), 2);
      assert.equal(await page.getByRole('alert').count(), 0);
    } finally {
      slowContinue = false;
    }
  });

  it(
    "suggests the user's turn into the composer from the user's own story, without sending it",
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByRole('button', { name: 'Suggest my turn' }).click();
      // It streams into the composer: part of it is there before all of it.
      await page.waitForFunction(
        ({ start, end }) => {
          const value = document.querySelector('textarea')?.value ?? '';
          return value.startsWith(start) && value !== end;
        },
        { start: SUGGESTION_START, end: SUGGESTION },
        { timeout: STEP_TIMEOUT_MS },
      );
      await idle();
      assert.equal(await composer().inputValue(), SUGGESTION);
      assert.equal(await rows().count(), 2, 'the suggestion was sent');
      const asked = stub.requests.filter((r) => r.kind.op === 'suggester');
      assert.equal(asked.length, 1);
      assert.equal(asked[0].kind.user, USER);
      const text = told(asked[0]);
      for (const seen of [USER_TURN, CONTINUED_PROJECTION, PERSONA])
        assert.ok(text.includes(seen), `the suggester was not given "${seen}"`);
      // Only in Jane's source, not in what the user perceived of it: 'stepping closer'.
      for (const secret of [PRIVATE_WORD, CARD_WORD, 'stepping closer'])
        assert.ok(!text.includes(secret), `the suggester was given "${secret}"`);
      // The person edits the draft and sends it as their own turn.
      await composer().fill(`${SUGGESTION} I wait.`);
      await page.getByRole('button', { name: 'Send' }).click();
      await log().getByText(`${SUGGESTION} I wait.`).waitFor();
      await idle();
    },
  );

  it(
    'Cancel while a suggestion streams puts back what was written',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await composer().fill(OWN_WORDS);
      await page.getByRole('button', { name: 'Suggest my turn' }).click();
      await page.waitForFunction(
        (start) => (document.querySelector('textarea')?.value ?? '').startsWith(start),
        SUGGESTION_START,
        { timeout: STEP_TIMEOUT_MS },
      );
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('status').filter({ hasText: 'Cancelled. Nothing was stored.' }).waitFor();
      assert.equal(await composer().inputValue(), OWN_WORDS);
      await page.waitForTimeout(2 * SLOW.delayMs);
      assert.equal(await composer().inputValue(), OWN_WORDS);
    },
  );
});
