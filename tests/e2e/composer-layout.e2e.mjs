// The composer's place on the story screen: the keyboard focus never lands behind it while it floats
// over the transcript, it takes at most a third of a desktop window even with a long draft, and on a
// phone its text box and Send are in view without anything running off the side.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { appUrl, openBrowser } from './browser.mjs';
import { longStoryJson } from './long-story.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));
const DESKTOP = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
/** Enough turns that the transcript runs far below the composer. */
const TURNS = 40;
const LONG_DRAFT = Array.from(
  { length: 60 },
  (_, i) => `Line ${i} of a long draft that keeps on going.`,
).join('\n');

describe('the composer', () => {
  let browser;
  const page = () => browser.page;
  const composer = () => page().getByRole('form', { name: 'Composer' });

  before(async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    browser = await openBrowser({ viewport: DESKTOP });
    const p = page();
    await p.goto(appUrl());
    await p.getByLabel('Import a file').setInputFiles({
      name: 'long.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(longStoryJson(TURNS))),
    });
    await p.getByRole('button', { name: 'Import', exact: true }).click();
    await p.getByRole('heading', { name: 'A long night' }).waitFor();
    await p
      .getByRole('log', { name: 'Transcript' })
      .getByText(`Line ${TURNS - 1}.`, { exact: true })
      .waitFor();
  });
  after(async () => {
    await browser?.close();
  });

  it('keeps a row control reached with Tab clear of the floating composer', async () => {
    const p = page();
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.getByRole('log', { name: 'Transcript' }).getByText('Line 0.', { exact: true }).waitFor();
    // The first row at the top of the window, whatever is above the transcript (notes, headings).
    await p.evaluate(() => {
      const first = document.querySelector('[role="log"] li[data-turn-id]');
      window.scrollTo(0, first.getBoundingClientRect().top + window.scrollY);
    });
    // Focus the last row control above the composer; Tab then goes to the first one under it.
    const found = await p.evaluate(() => {
      const composerTop = document.querySelector('form.composer').getBoundingClientRect().top;
      const controls = [...document.querySelectorAll('[role="log"] button')];
      const under = controls.findIndex((button) => button.getBoundingClientRect().bottom > composerTop);
      if (under < 1) return false;
      controls[under].setAttribute('data-tab-target', '');
      controls[under - 1].focus();
      return true;
    });
    assert.ok(found, 'no row control is under the composer');
    await p.keyboard.press('Tab');
    const focused = await p.evaluate(() => {
      const active = document.activeElement;
      return {
        target: active?.hasAttribute('data-tab-target') ?? false,
        bottom: active?.getBoundingClientRect().bottom ?? 0,
        composerTop: document.querySelector('form.composer').getBoundingClientRect().top,
      };
    });
    assert.ok(focused.target, 'Tab did not reach the control under the composer');
    assert.ok(
      focused.bottom <= focused.composerTop,
      `the focused control ends at ${focused.bottom}px, under the composer starting at ${focused.composerTop}px`,
    );
  });

  it('takes at most a third of a desktop window, even with a long draft', async () => {
    const p = page();
    await composer().getByLabel('Your turn').fill(LONG_DRAFT);
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await p.screenshot({ path: SCREENSHOTS + 'composer-long-draft-1280.png' });
    const box = await composer().boundingBox();
    assert.ok(
      box.height <= DESKTOP.height / 3,
      `the composer is ${box.height}px tall in a ${DESKTOP.height}px window`,
    );
    const send = await composer().getByRole('button', { name: 'Send' }).boundingBox();
    assert.ok(send.y >= box.y && send.y + send.height <= box.y + box.height, 'Send is cut off');
    assert.ok(send.y + send.height <= DESKTOP.height, 'Send is below the window');
  });

  it('keeps its text box and Send in view at 390 px, with nothing running off the side', async () => {
    const p = page();
    await p.setViewportSize(PHONE);
    await p.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await p.screenshot({ path: SCREENSHOTS + 'composer-long-draft-390.png' });
    for (const control of [
      composer().getByLabel('Your turn'),
      composer().getByRole('button', { name: 'Send' }),
    ]) {
      const box = await control.boundingBox();
      assert.ok(
        box.x >= 0 && box.x + box.width <= PHONE.width,
        `a control runs off the side: ${JSON.stringify(box)}`,
      );
      assert.ok(
        box.y >= 0 && box.y + box.height <= PHONE.height,
        `a control is out of view: ${JSON.stringify(box)}`,
      );
    }
    const widths = await composer().evaluate((form) => ({
      form: form.scrollWidth - form.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }));
    assert.deepEqual(widths, { form: 0, page: 0 });
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
