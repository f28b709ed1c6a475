// The virtualised transcript while a turn streams in: at the end of a long story the page follows the
// new text to its end; once the user scrolled up to read, it stays where they are.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';
import { longStoryJson } from './long-story.mjs';

const TURNS = 60;
const USER = 'Wren';
/** What the user perceives of Jane's answer: long, so the row grows well past the window while it streams. */
const PERCEIVED = Array.from(
  { length: 40 },
  (_, i) => `Jane goes on, sentence ${i}, about the lamps along the quay and the tide.`,
).join('\n\n');
/** Slow enough that the test can read the page while the user's projection streams in. */
const SLOW = { chunkSize: 8, delayMs: 25 };
/** How far the user scrolls up to read. */
const READ_UP_PX = 1500;

describe('the transcript while a turn streams in', { timeout: 5 * 60_000 }, () => {
  let browser, stub;
  const page = () => browser.page;
  const log = () => page().getByRole('log', { name: 'Transcript' });
  const distanceFromEnd = () =>
    page().evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY);
  const send = async (text) => {
    const composer = page().getByRole('form', { name: 'Composer' });
    await composer.getByLabel('Your turn').fill(text);
    await composer.getByRole('button', { name: 'Send' }).click();
    await log().getByText('sentence 0,').first().waitFor();
  };
  const idle = () => page().getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'actor':
            return 'I keep talking about the lamps and the tide.';
          case 'projector':
            return kind.target === USER ? PERCEIVED : 'You hear Wren speak.';
          case 'selector':
            return JSON.stringify({ next: 'Jane' });
          default:
            return 'I wait.';
        }
      },
      pace: (kind) =>
        kind.op === 'projector' && kind.target === USER ? SLOW : { chunkSize: 64, delayMs: 0 },
    });
    browser = await openBrowser({ viewport: { width: 1280, height: 860 } });
    const p = page();
    await p.goto(appUrl());
    await p.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const settings = p.getByRole('dialog', { name: 'Settings' });
    await addModelServer(settings, stub.baseURL, STUB_MODEL);
    await settings.getByRole('button', { name: 'Done' }).click();
    await settings.waitFor({ state: 'hidden' });
    await p.getByLabel('Import a file').setInputFiles({
      name: 'long.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(longStoryJson(TURNS))),
    });
    await p.getByRole('button', { name: 'Import', exact: true }).click();
    await p.getByRole('heading', { name: 'A long night' }).waitFor();
    await log()
      .getByText(`Line ${TURNS - 1}.`, { exact: true })
      .waitFor();
  });
  after(async () => {
    await browser?.close();
    await stub?.close();
  });

  it('follows the streamed text to the end when the user is at the end', async () => {
    await send('Tell me about the lamps.');
    const seen = [];
    for (let i = 0; i < 10; i++) {
      await page().waitForTimeout(200);
      seen.push(await distanceFromEnd());
    }
    await idle();
    seen.push(await distanceFromEnd());
    assert.ok(
      seen.every((distance) => distance <= 1),
      `distances from the end while streaming: ${seen.join(', ')}`,
    );
  });

  it('stays where the user scrolled up to while the text streams in', async () => {
    await send('And the tide?');
    const readAt = await page().evaluate((up) => {
      window.scrollTo(0, window.scrollY - up);
      return window.scrollY;
    }, READ_UP_PX);
    await idle();
    const now = await page().evaluate(() => window.scrollY);
    assert.ok(Math.abs(now - readAt) <= 1, `the page moved from ${readAt}px to ${now}px`);
    assert.ok((await distanceFromEnd()) > READ_UP_PX, 'the page went back to the end');
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
