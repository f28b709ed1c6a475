// Card reading in real Chromium against a local OpenAI-protocol server that answers with tool calls:
// a group card of our own is imported, read into a new world with the assistant, which proposes two
// characters and a place; nothing is written until Apply, a rejected piece never is, and the world
// then holds what was applied. Screenshot at 1280 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { STEP_TIMEOUT_MS, appUrl, connectModelServer, openBrowser } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const CARD = {
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: {
    name: 'The Saltreach Twins',
    description: 'Ama and Koa are twins who keep the lighthouse of Saltreach.',
    scenario: 'Saltreach is a fishing village on a cliff.',
  },
};
const piece = (id, kind, name, body) => ({
  id,
  name: 'add_piece',
  arguments: JSON.stringify({ kind, name, body }),
});

describe('card reading', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    stub = await startOpenAIStub({
      answer: (_kind, body) =>
        body.messages.at(-1)?.role === 'tool'
          ? 'A group card: I proposed Ama, Koa and Saltreach.'
          : {
              text: 'Reading the card. ',
              toolCalls: [
                piece('c1', 'character', 'Ama', 'Ama keeps the lighthouse; she reads the weather.'),
                piece('c2', 'character', 'Koa', 'Koa keeps the lighthouse; he mends nets.'),
                piece('c3', 'place', 'Saltreach', 'A fishing village on a cliff.'),
              ],
            },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'reads a group card into a new world, each piece written only on Apply',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.goto(appUrl());
      await connectModelServer(page, stub.baseURL, STUB_MODEL);

      await page.getByLabel('Import a file').setInputFiles({
        name: 'twins.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(CARD)),
      });
      const review = page.getByRole('region', {
        name: 'twins.json: a character card, “The Saltreach Twins”',
      });
      await review.getByRole('button', { name: 'Import', exact: true }).click();
      const twins = page
        .getByRole('region', { name: 'Characters' })
        .getByRole('listitem')
        .filter({ hasText: 'The Saltreach Twins' });
      await twins
        .getByRole('button', { name: 'Read the card of The Saltreach Twins into a world with the model' })
        .click();
      await twins.getByRole('button', { name: 'Start reading' }).click();
      const panel = twins.getByRole('region', { name: 'Assistant' });
      await panel.getByText('I can read the card “The Saltreach Twins” into the world').waitFor();
      await panel.getByLabel('Message to the assistant').fill('Read the card into the world.');
      await panel.getByRole('button', { name: 'Send' }).click();
      await panel.getByText('A group card: I proposed Ama, Koa and Saltreach.').waitFor();
      const saltreach = panel.getByRole('article', { name: 'New place “Saltreach”' });
      assert.match(await saltreach.getByLabel('The change, line by line').innerText(), /\+ Kind: place/);
      await page.screenshot({ path: `${SCREENSHOTS}card-reading-1280.png`, fullPage: true });

      await panel.getByRole('article', { name: /Ama/ }).getByRole('button', { name: 'Apply' }).click();
      await panel.getByRole('article', { name: /Ama/ }).getByText('Applied.').waitFor();
      await panel.getByRole('article', { name: /Koa/ }).getByRole('button', { name: 'Reject' }).click();
      await saltreach.getByRole('button', { name: 'Apply' }).click();
      await saltreach.getByText('Applied.').waitFor();

      await page.getByRole('banner').getByRole('link', { name: 'Worlds' }).click();
      await page.getByRole('link', { name: 'The Saltreach Twins' }).click();
      await page.getByRole('heading', { name: 'The Saltreach Twins' }).waitFor();
      await page.getByText('Saltreach', { exact: true }).first().waitFor();
      assert.equal(await page.getByText('Koa', { exact: true }).count(), 0);
      assert.deepEqual(errors, []);
    },
  );
});
