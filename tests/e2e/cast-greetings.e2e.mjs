// A story opened with a library character's greeting, in real Chromium: a card imported as JSON brings
// its first message and an alternate greeting to the library; a new story with that character offers
// both, and the one chosen is the character's first turn, shown to the user as written and carried in
// the character's next request as its own words.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const GREETING = 'You came by the cliff path? In this wind?';
const CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'Ilse',
    description: 'A lighthouse keeper who counts the ships.',
    personality: '',
    scenario: '',
    first_mes: 'The lamp needs oil. Hold this.',
    mes_example: '',
    alternate_greetings: [GREETING],
  },
};

describe('a story opened with a library character’s greeting', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  let browser, stub;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) =>
        kind.op === 'actor'
          ? 'I hand you the oil can.'
          : kind.op === 'projector'
            ? 'Ilse hands you an oil can.'
            : 'I wait.',
    });
    browser = await openBrowser();
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByText('No stories yet.').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await addModelServer(dialog, stub.baseURL, STUB_MODEL);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'offers the library character’s greetings and opens with the one chosen',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await page.getByLabel('Import a file').setInputFiles({
        name: 'ilse.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(CARD)),
      });
      const review = page.getByRole('region', { name: 'ilse.json: a character card, “Ilse”' });
      await review.getByRole('button', { name: 'Import', exact: true }).click();
      await page
        .getByRole('status')
        .filter({ hasText: 'Imported a character card “Ilse” into your library.' })
        .waitFor();

      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill('The Lighthouse');
      await form.getByLabel('Your name').fill('Sam');
      await form.getByLabel('Add a character from your library').selectOption({ label: 'Ilse' });
      const opens = form.getByLabel('How the story opens');
      const options = await opens.locator('option').allTextContents();
      assert.deepEqual(options, [
        'You write first',
        'Ilse: The lamp needs oil. Hold this.',
        `Ilse: ${GREETING}`,
      ]);
      await opens.selectOption({ label: `Ilse: ${GREETING}` });
      await form.getByRole('button', { name: 'Create story' }).click();
      const log = page.getByRole('log', { name: 'Transcript' });
      const first = log.locator('li[data-turn-id]').first();
      await first.getByText(GREETING).waitFor();
      assert.match((await first.textContent()) ?? '', /^Ilse/);

      await page.getByRole('textbox', { name: 'Your turn' }).fill('I shake the rain off.');
      await page.getByRole('button', { name: 'Send' }).click();
      await log.getByText('Ilse hands you an oil can.').waitFor();
      const actor = stub.requests.find((r) => r.kind.op === 'actor');
      assert.ok(JSON.stringify(actor?.body.messages).includes(GREETING), 'Ilse’s request lacks her greeting');
    },
  );
});
