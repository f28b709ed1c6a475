// A character's dice in real Chromium against the OpenAI-protocol stub: with "Characters roll dice" on
// in the story's generation settings, the character's model calls the roll tool, the app rolls, and
// the roll is shown on the character's row in the transcript, the model's turn written after it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS, connectModelServer } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const USER = 'Sam';
const CHARACTER = 'Jane';
const PERCEIVED = 'Jane leaps for the ledge and catches it.';

describe("a character's dice", { timeout: 2 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        switch (kind.op) {
          case 'actor': {
            const offered = body.tools?.some((t) => t.function?.name === 'roll');
            if (offered && body.messages.at(-1)?.role !== 'tool')
              return { toolCalls: [{ id: 'r1', name: 'roll', arguments: '{"notation":"1d20+3"}' }] };
            return 'I leap for the ledge.';
          }
          case 'projector':
            return kind.target === USER ? PERCEIVED : 'You see a leap.';
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

  it('shows the roll the app made on the character’s row', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await connectModelServer(page, stub.baseURL, STUB_MODEL);
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill('The Ledge');
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Character 1 Name').fill(CHARACTER);
    await form.getByLabel('Character 1 Description').fill('A climber.');
    await form.getByRole('button', { name: 'Create story' }).click();
    const log = page.getByRole('log', { name: 'Transcript' });
    await log.waitFor();
    await page.getByText('Scene and turn order').click();
    await page.getByRole('button', { name: 'Generation', exact: true }).click();
    const dice = page.getByRole('group', { name: 'Generation' }).getByLabel('Characters roll dice');
    assert.equal(await dice.isChecked(), false, 'dice are on by default');
    await dice.check();

    await page.getByRole('button', { name: 'Act', exact: true }).click();
    const row = log.locator('li[data-turn-id]').filter({ hasText: PERCEIVED });
    await row.waitFor();
    const rolled = row
      .getByRole('list', { name: 'Dice rolled' })
      .getByText(/Jane rolled 1d20\+3: \d+ \+ 3 = \d+$/);
    await rolled.waitFor();
    const [, face, total] = /: (\d+) \+ 3 = (\d+)$/.exec(await rolled.textContent());
    assert.ok(Number(face) >= 1 && Number(face) <= 20, `a d20 showed ${face}`);
    assert.equal(Number(total), Number(face) + 3);
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });

    const actor = stub.requests.filter((r) => r.kind.op === 'actor').map((r) => r.body);
    assert.equal(actor.length, 2, 'the roll call and the turn');
    assert.deepEqual(
      actor[1].messages.at(-1),
      { role: 'tool', content: `Rolled 1d20+3: ${face} + 3 = ${total}.`, tool_call_id: 'r1' },
      'the tool was not answered with the roll shown',
    );
  });
});
