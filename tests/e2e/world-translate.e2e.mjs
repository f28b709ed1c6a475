// Translating a world in real Chromium against a local OpenAI-protocol server that answers with a
// tool call: Translate… asks the language, the assistant proposes a glossary, nothing is written
// until Apply, and Apply makes the new world (named as the glossary says), which opens from the
// chat; the original world is as it was. The page with the panel open passes axe. Screenshot at
// 1280 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { appUrl, openBrowser, STEP_TIMEOUT_MS, connectModelServer } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const GLOSSARY = [
  { source: 'Harbour', target: '港湾' },
  { source: 'Mara', target: '玛拉' },
];

describe('translating a world', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    stub = await startOpenAIStub({
      answer: (_kind, body) =>
        body.messages.at(-1)?.role === 'tool'
          ? 'I proposed the glossary: check it and press Apply.'
          : {
              text: 'A glossary first. ',
              toolCalls: [
                { id: 'call-1', name: 'propose_glossary', arguments: JSON.stringify({ entries: GLOSSARY }) },
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
    'asks the language, proposes a glossary, and makes the new world only on Apply',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.goto(appUrl());
      await connectModelServer(page, stub.baseURL, STUB_MODEL);

      await page.getByRole('banner').getByRole('link', { name: 'Worlds' }).click();
      await page.getByRole('button', { name: 'New world' }).click();
      await page.getByLabel('Name of the world').fill('Harbour');
      await page.getByRole('button', { name: 'Add node' }).click();
      await page.getByLabel('Node 1 Name', { exact: true }).fill('Mara');
      await page.getByRole('button', { name: 'Save world' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();

      await page.getByRole('button', { name: 'Translate…' }).click();
      await page.getByLabel('Into which language').selectOption('zh');
      await page.getByRole('button', { name: 'Start translating' }).click();
      const panel = page.getByRole('region', { name: 'Assistant' });
      await panel.getByText('I can translate the world “Harbour” into 中文').waitFor();
      await panel.getByLabel('Message to the assistant').fill('Translate it into Chinese.');
      await panel.getByRole('button', { name: 'Send' }).click();
      const proposal = panel.getByRole('article', { name: 'Glossary of the new world “港湾”' });
      await proposal.waitFor();
      await panel.getByText('I proposed the glossary').waitFor();
      const diff = await proposal.getByLabel('The change, line by line').innerText();
      assert.match(diff, /\+ Harbour → 港湾/);
      assert.match(diff, /\+ Mara → 玛拉/);
      // Nothing is written before Apply: the library has the one world.
      const list = page.getByRole('list', { name: 'Worlds in the library' });
      assert.equal(await list.getByRole('link', { name: '港湾' }).count(), 0);
      const tools = stub.requests[0].body.tools.map((t) => t.function.name);
      assert.ok(tools.includes('propose_glossary') && tools.includes('translate_node'));

      await axeClean(page);
      await page.screenshot({ path: `${SCREENSHOTS}world-translate-1280.png`, fullPage: true });
      await proposal.getByRole('button', { name: 'Apply' }).click();
      await proposal.getByText('Applied.').waitFor();
      await list.getByRole('link', { name: '港湾' }).waitFor();
      // The original is as it was.
      assert.equal(await page.getByLabel('Name of the world').inputValue(), 'Harbour');
      assert.equal(await page.getByLabel('Node 1 Name', { exact: true }).inputValue(), 'Mara');

      // One chat beside the world at a time: the world's own assistant opened closes the translation's
      // (two panels would both be the region "Assistant").
      const back = page.getByRole('link', { name: 'Open the translated world “港湾”' });
      await page.getByRole('button', { name: 'Assistant', exact: true }).click();
      await page.getByText('I can help you build the world “Harbour”').waitFor();
      await axeClean(page);
      await page.getByRole('button', { name: 'Translate…' }).click();
      await page.getByRole('button', { name: 'Start translating' }).click();
      await page.getByText('I proposed the glossary').waitFor();
      await back.click();
      await page.getByRole('heading', { name: '港湾' }).waitFor();
      assert.equal(await page.getByLabel('Name of the world').inputValue(), '港湾');
      assert.deepEqual(errors, []);
    },
  );
});

/** axe-core on the page as it is now (evaluated through the DevTools protocol, past the app's CSP): no violations. */
async function axeClean(page) {
  await page.evaluate(await readFile(AXE, 'utf8'));
  const found = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations),
  );
  assert.deepEqual(
    found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    [],
  );
}
