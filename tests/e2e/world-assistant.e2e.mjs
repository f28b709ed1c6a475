// The world authoring assistant in real Chromium against a local OpenAI-protocol server that answers
// with a tool call: the assistant proposes a node, the proposal shows its diff and nothing is written
// until Apply; after Apply the node is in the world's editor, and still there after a reload. The
// page with the panel open passes axe. Screenshot at 1280 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { STEP_TIMEOUT_MS, appUrl, axeClean, connectModelServer, openBrowser } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const NODE = { kind: 'faction', name: 'The Rook Guild', body: 'Smugglers of the harbour.' };

describe('the world authoring assistant', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    stub = await startOpenAIStub({
      answer: (_kind, body) =>
        body.messages.at(-1)?.role === 'tool'
          ? 'I proposed the Rook Guild: check it and press Apply.'
          : {
              text: 'Adding a guild. ',
              toolCalls: [{ id: 'call-1', name: 'create_node', arguments: JSON.stringify(NODE) }],
            },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'proposes a node, writes it only on Apply, and the editor shows it',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.goto(appUrl());
      await connectModelServer(page, stub.baseURL, STUB_MODEL);

      await page.getByRole('banner').getByRole('link', { name: 'Worlds' }).click();
      await page.getByRole('button', { name: 'New world' }).click();
      await page.getByLabel('Name of the world').fill('Harbour');
      await page.getByRole('button', { name: 'Save world' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      await page.getByRole('button', { name: 'Assistant', exact: true }).click();
      const panel = page.getByRole('region', { name: 'Assistant' });
      await panel.getByText('I can help you build the world “Harbour”').waitFor();
      await panel.getByLabel('Message to the assistant').fill('Add some smugglers.');
      await panel.getByRole('button', { name: 'Send' }).click();
      const proposal = panel.getByRole('article', { name: 'New faction “The Rook Guild”' });
      await proposal.waitFor();
      await panel.getByText('I proposed the Rook Guild').waitFor();
      const diff = await proposal.getByLabel('The change, line by line').innerText();
      assert.match(diff, /\+ Kind: faction/);
      assert.match(diff, /\+ Smugglers of the harbour\./);
      // Nothing is written before Apply.
      assert.equal(await page.getByLabel('Node 1 Name', { exact: true }).count(), 0);
      assert.equal(
        stub.requests[0].body.tools.some((t) => t.function.name === 'write_prompt'),
        true,
      );

      await axeClean(page);
      await page.screenshot({ path: `${SCREENSHOTS}world-assistant-1280.png`, fullPage: true });
      await proposal.getByRole('button', { name: 'Apply' }).click();
      await proposal.getByText('Applied.').waitFor();
      // The editor, with no edits of the person's in progress, shows what was applied at once.
      await page.getByRole('group', { name: /The Rook Guild/ }).waitFor();
      assert.equal(await page.getByLabel('Node 1 Name', { exact: true }).inputValue(), 'The Rook Guild');

      await page.reload();
      await page.getByRole('heading', { name: 'Harbour' }).waitFor();
      assert.equal(await page.getByLabel('Node 1 Name', { exact: true }).inputValue(), 'The Rook Guild');
      assert.equal(await page.getByLabel('Node 1 Kind').inputValue(), 'faction');
      assert.deepEqual(errors, []);
    },
  );
});
