// The preset assistant in real Chromium against a local OpenAI-protocol server that answers with tool
// calls: "Make a preset from a SillyTavern preset with the model" makes the preset, opens its chat and
// the model proposes the style prompt in English and in Chinese; nothing is in the preset until Apply,
// and after both are applied the preset carries them (its "carries no prompts" problem is gone), still
// after a reload. The page with the chat open passes axe. A screenshot at 1280 px in .tmp/screenshots/.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { STEP_TIMEOUT_MS, appUrl, axeClean, connectModelServer, openBrowser } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const ST_PRESET = {
  temperature: 0.9,
  prompts: [{ identifier: 'main', name: 'Main', role: 'system', content: 'Write like rain on a window.' }],
};
const WRITES = [
  ['en/roleplay/style', 'Write like rain on a window.'],
  ['zh/roleplay/style', '像雨打在窗上那样写。'],
];

describe('the preset assistant', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    stub = await startOpenAIStub({
      answer: (_kind, body) =>
        body.messages.at(-1)?.role === 'tool'
          ? 'I wrote the style in English and Chinese: check them and press Apply.'
          : {
              text: 'Writing every language. ',
              toolCalls: WRITES.map(([path, text], i) => ({
                id: `call-${i}`,
                name: 'write_prompt',
                arguments: JSON.stringify({ path, text }),
              })),
            },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'makes a preset from a SillyTavern preset with the model, both languages applied by the person',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.goto(appUrl());
      await connectModelServer(page, stub.baseURL, STUB_MODEL);

      await page.getByRole('banner').getByRole('link', { name: 'Prompts' }).click();
      await page.getByLabel('Make a preset from a SillyTavern preset with the model').setInputFiles({
        name: 'Rain.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(ST_PRESET)),
      });
      const panel = page.getByRole('region', { name: 'Assistant' });
      await panel.getByText('I can help you write the preset “Rain”').waitFor();
      await panel.getByText('I wrote the style in English and Chinese').waitFor();
      const presets = page.getByRole('list', { name: 'Presets in the library' });
      const rain = presets.getByRole('listitem').filter({ hasText: 'Rain' });
      // Nothing the model wrote is in the preset before Apply.
      await rain.getByText('the preset carries no prompts').waitFor();
      assert.match(stub.requests[0].body.messages.at(-1).content, /en \(English\), zh \(中文\)/);

      await axeClean(page);
      await page.screenshot({ path: `${SCREENSHOTS}preset-assistant-1280.png`, fullPage: true });
      for (const [path, text] of WRITES) {
        const proposal = panel.getByRole('article', { name: `New prompt “${path}”` });
        assert.match(
          await proposal.getByLabel('The change, line by line').innerText(),
          new RegExp(`\\+ ${text}`),
        );
        await proposal.getByRole('button', { name: 'Apply' }).click();
        await proposal.getByText('Applied.').waitFor();
      }
      await rain.getByText('the preset carries no prompts').waitFor({ state: 'detached' });

      await page.reload();
      await rain.getByRole('button', { name: 'Assistant for Rain' }).click();
      await panel
        .getByRole('article', { name: 'New prompt “zh/roleplay/style”' })
        .getByText('Applied.')
        .waitFor();
      assert.equal(await rain.getByText('the preset carries no prompts').count(), 0);
      assert.deepEqual(errors, []);
    },
  );
});
