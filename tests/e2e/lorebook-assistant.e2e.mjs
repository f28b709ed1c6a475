// The lorebook assistant in real Chromium against a local OpenAI-protocol server that answers with a
// tool call: the assistant proposes an entry, the proposal shows its diff and nothing is written until
// Apply; after Apply the entry is in the lorebook's table, and still there after a reload. The page
// with the panel open passes axe, light and dark. Screenshots at 1280 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { STEP_TIMEOUT_MS, appUrl, axeClean, connectModelServer, openBrowser } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const ENTRY = { title: 'Dragons', keys: ['dragon'], content: 'Dragons nest on the cliffs of Velmar.' };

describe('the lorebook assistant', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    stub = await startOpenAIStub({
      // The first answer of a turn proposes the entry; once the tool's result is back, it says so.
      answer: (_kind, body) =>
        body.messages.at(-1)?.role === 'tool'
          ? 'I proposed a Dragons entry: check it and press Apply.'
          : {
              text: 'Adding dragons. ',
              toolCalls: [{ id: 'call-1', name: 'create_entry', arguments: JSON.stringify(ENTRY) }],
            },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'proposes an entry, writes it only on Apply, and the lorebook shows it',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.goto(appUrl());
      await connectModelServer(page, stub.baseURL, STUB_MODEL);

      await page.getByRole('banner').getByRole('link', { name: 'Lorebooks' }).click();
      await page.getByRole('button', { name: 'New lorebook' }).click();
      await page.getByLabel('Name of the lorebook').fill('Eldoria');
      await page.getByRole('button', { name: 'Save lorebook' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      await page.getByRole('button', { name: 'Assistant', exact: true }).click();
      const panel = page.getByRole('region', { name: 'Assistant' });
      await panel.getByText('I can help you write the lorebook “Eldoria”').waitFor();
      await panel.getByLabel('Message to the assistant').fill('Add an entry about the dragons.');
      await panel.getByRole('button', { name: 'Send' }).click();
      const proposal = panel.getByRole('article', { name: 'New entry “Dragons”' });
      await proposal.waitFor();
      await panel.getByText('I proposed a Dragons entry').waitFor();
      assert.match(
        await proposal.getByLabel('The change, line by line').innerText(),
        /\+ Dragons nest on the cliffs of Velmar\./,
      );
      // Nothing is written before Apply.
      assert.equal(
        await page
          .getByRole('table')
          .getByRole('row', { name: /Dragons/ })
          .count(),
        0,
      );
      assert.equal(
        stub.requests[0].body.tools.some((t) => t.function.name === 'create_entry'),
        true,
      );

      await axeClean(page);
      await page.emulateMedia({ colorScheme: 'dark' });
      await axeClean(page);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.screenshot({ path: `${SCREENSHOTS}lorebook-assistant-1280.png`, fullPage: true });
      await proposal.getByRole('button', { name: 'Apply' }).click();
      await proposal.getByText('Applied.').waitFor();
      await page
        .getByRole('table')
        .getByRole('row', { name: /Dragons/ })
        .getByRole('cell', { name: 'dragon' })
        .waitFor();

      await page.reload();
      await page.getByRole('heading', { name: 'Eldoria' }).waitFor();
      await page
        .getByRole('table')
        .getByRole('row', { name: /Dragons/ })
        .waitFor();
      assert.deepEqual(errors, []);
    },
  );
});
