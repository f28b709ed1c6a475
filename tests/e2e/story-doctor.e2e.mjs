// The session doctor in real Chromium against a local OpenAI-protocol server that answers with tool
// calls: a SillyTavern chat imported to be projected later has perceptions not written (more than the
// story's background takes on by itself when it opens); the story's "Story doctor" proposes writing
// them, nothing is written until Apply, and after Apply the missing views banner is gone and the
// perceptions are in the transcript. The page with the panel open
// passes axe. Screenshot at 1280 px in .tmp/screenshots/story-doctor-1280.png.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { appUrl, openBrowser, STEP_TIMEOUT_MS, connectModelServer } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
/**
 * Each message lacks one perception, the other participant's: a chat imported to be projected later,
 * which the story's background does not start on open (interruptedViews), so they wait for the doctor.
 */
const MISSING = 3;
const CHAT = [
  { user_name: 'Sam', character_name: 'Ilse' },
  ...Array.from({ length: MISSING }, (_, i) =>
    i % 2 === 0
      ? { name: 'Ilse', mes: `The lamp needs oil (${i + 1}).` }
      : { name: 'Sam', is_user: true, mes: `I brought a can (${i + 1}).` },
  ),
]
  .map((line) => JSON.stringify(line))
  .join('\n');

describe('the story doctor', { timeout: 8 * STEP_TIMEOUT_MS }, () => {
  let browser, stub;
  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    stub = await startOpenAIStub({
      answer: (kind, body) => {
        if (body.tools)
          return body.messages.at(-1)?.role === 'tool'
            ? 'I proposed writing the missing perceptions: check it and press Apply.'
            : {
                text: 'Perceptions are missing. ',
                toolCalls: [{ id: 'call-1', name: 'write_missing_views', arguments: '{}' }],
              };
        return kind.op === 'projector' ? 'You hear a voice by the lamp.' : 'I nod.';
      },
    });
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it(
    'proposes writing the missing perceptions and writes them only on Apply',
    { timeout: 6 * STEP_TIMEOUT_MS },
    async () => {
      const { page, errors } = browser;
      await page.goto(appUrl());
      await connectModelServer(page, stub.baseURL, STUB_MODEL);

      await page
        .getByLabel('Import a file')
        .setInputFiles({ name: 'later.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(CHAT) });
      const review = page.getByRole('region', { name: /later\.jsonl: a SillyTavern chat/ });
      await review.getByLabel(/Project from here/).check();
      await review.getByRole('button', { name: 'Import', exact: true }).click();
      const banner = page.getByRole('status').filter({ hasText: 'perceptions are not written yet' });
      await banner.filter({ hasText: `${MISSING} perceptions` }).waitFor();

      await page.getByRole('button', { name: 'Story doctor' }).click();
      const doctor = page.getByRole('region', { name: 'Story doctor' });
      await doctor.getByText(/^I can look over “/).waitFor();
      await doctor.getByLabel('Message to the assistant').fill('Is anything wrong with this story?');
      await doctor.getByRole('button', { name: 'Send' }).click();
      const proposal = doctor.getByRole('article', { name: 'Fix: Perceptions not written yet' });
      await proposal.waitFor();
      await doctor.getByText('I proposed writing the missing perceptions').waitFor();
      assert.match(await proposal.getByLabel('The change, line by line').innerText(), /Ilse: turns 2/);
      // Nothing is written before Apply: the banner still counts them all, no projection was asked for.
      await banner.filter({ hasText: `${MISSING} perceptions` }).waitFor();
      assert.equal(stub.requests.filter((r) => r.kind.op === 'projector').length, 0);

      await axeClean(page);
      await page.screenshot({ path: `${SCREENSHOTS}story-doctor-1280.png`, fullPage: true });
      await proposal.getByRole('button', { name: 'Apply' }).click();
      await proposal.getByText('Applied.').waitFor();
      await banner.waitFor({ state: 'detached' });
      await page.getByRole('log').getByText('You hear a voice by the lamp.').first().waitFor();
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
