// An assistant turn in real Chromium against a local OpenAI-protocol server: Stop while the reply
// streams (the request is aborted, the partial reply stays marked as stopped, the chat goes on), and a
// failed call shown under the message it left unanswered, answered by Retry without the message shown
// twice; a server refusing tool calls, told once in the chat and answered in JSON. The chat's language
// is shown in the panel. The panel then passes axe.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { STEP_TIMEOUT_MS, appUrl, axeClean, connectModelServer, openBrowser } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const SLOW = 'I am thinking about the dragons of Eldoria, their cliffs and their long, long history.';

describe('an assistant turn', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    stub = await startOpenAIStub({
      answer: (_kind, body) => {
        const said = body.messages.at(-1)?.content ?? '';
        // The JSON fallback asks for one JSON object (fallback.ts).
        if (body.response_format?.json_schema?.name === 'assistant_turn')
          return JSON.stringify({ say: `In JSON: ${said}` });
        return said.includes('dragons') ? SLOW : `You said: ${said}`;
      },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'stops a reply as it streams, retries a failed call, and falls back to JSON',
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
      assert.equal(await panel.getByLabel('Language of this chat').inputValue(), 'en');
      const message = panel.getByLabel('Message to the assistant');

      // Stop: the reply comes slowly; what came of it stays, marked.
      stub.pace = () => ({ chunkSize: 3, delayMs: 120 });
      await message.fill('Tell me of the dragons.');
      await panel.getByRole('button', { name: 'Send' }).click();
      await panel.getByText('I am thinking').waitFor();
      await panel.getByRole('button', { name: 'Stop' }).click();
      const stopped = panel.getByRole('listitem').filter({ hasText: '(stopped)' });
      await stopped.waitFor();
      assert.ok(
        !(await stopped.innerText()).includes('long history'),
        'the whole reply came: nothing was stopped',
      );
      assert.ok(stub.aborted >= 1, 'the request was not aborted');
      await panel.getByRole('button', { name: 'Stop' }).waitFor({ state: 'hidden' });
      stub.pace = () => ({ chunkSize: 6, delayMs: 0 });
      await message.fill('Hello.');
      await panel.getByRole('button', { name: 'Send' }).click();
      await panel.getByText('You said: Hello.').waitFor();

      // A failed call: told under the message, with Retry; the message is stored and shown once.
      stub.failure = { status: 400, message: 'the prompt is too long for this model' };
      await message.fill('Are you there?');
      await panel.getByRole('button', { name: 'Send' }).click();
      const unanswered = panel.getByRole('group', { name: 'No answer' });
      await unanswered.getByText('the prompt is too long for this model').waitFor();
      await axeClean(page);
      stub.failure = null;
      await unanswered.getByRole('button', { name: 'Retry' }).click();
      await panel.getByText('You said: Are you there?').waitFor();
      assert.equal(
        await panel
          .getByRole('listitem')
          .filter({ hasText: /^(You: )?Are you there\?$/ })
          .count(),
        1,
      );
      await unanswered.waitFor({ state: 'hidden' });

      // A server that refuses tool calls: the turn goes on in JSON, and the chat says so.
      stub.refuseTools = true;
      await message.fill('Plain, please.');
      await panel.getByRole('button', { name: 'Send' }).click();
      await panel.getByText('In JSON: Plain, please.').waitFor();
      await panel
        .getByRole('note')
        .filter({ hasText: 'This server does not take tool calls; using JSON.' })
        .waitFor();
      assert.deepEqual(errors, []);
    },
  );
});
