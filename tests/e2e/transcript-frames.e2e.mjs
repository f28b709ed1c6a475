// The virtualised transcript holds still: a 1,000-turn story scrolled to ten places, on a desktop
// window and a phone, shows rows in every animation frame, and once settled its layout does not change
// while nobody touches the page.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { longStoryJson } from './long-story.mjs';

const TURNS = 1000;
const POSITIONS = 10;
/** Frames recorded at each position: about a second at 60 Hz. */
const FRAMES = 60;
/** Time given to load the slice a scroll asked for and measure its rows, before frames are counted. */
const SETTLE_MS = 1500;
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 860 },
  { name: 'phone', width: 390, height: 844 },
];

/**
 * In the page: records `frames` animation frames, each as whether a row meets the viewport and a
 * signature of the layout (the visible rows' turn ids and rounded tops).
 */
function sampleFrames(frames) {
  return new Promise((resolve) => {
    const seen = [];
    const record = () => {
      const visible = [];
      for (const row of document.querySelectorAll('[role="log"] li[data-turn-id]')) {
        const box = row.getBoundingClientRect();
        if (box.bottom > 0 && box.top < window.innerHeight)
          visible.push(row.getAttribute('data-turn-id') + '@' + Math.round(box.top));
      }
      seen.push({ blank: visible.length === 0, layout: visible.join(' ') });
      if (seen.length < frames) requestAnimationFrame(record);
      else resolve(seen);
    };
    requestAnimationFrame(record);
  });
}

describe('the transcript of a long story', { timeout: 10 * 60_000 }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser({ viewport: VIEWPORTS[0] });
    const page = browser.page;
    await page.goto(appUrl());
    await page.getByLabel('Import a file').setInputFiles({
      name: 'long.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(longStoryJson(TURNS))),
    });
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { name: 'A long night' }).waitFor();
    await page
      .getByRole('log', { name: 'Transcript' })
      .getByText(`Line ${TURNS - 1}.`, { exact: true })
      .waitFor({ timeout: STEP_TIMEOUT_MS });
  });
  after(async () => {
    await browser?.close();
  });

  for (const viewport of VIEWPORTS) {
    it(`shows rows in every frame and holds still at ${POSITIONS} places (${viewport.name})`, async () => {
      const page = browser.page;
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const problems = [];
      let blankFrames = 0;
      let changes = 0;
      /** The first turn in view at each place: ten places show ten different parts of the story. */
      const firstInView = [];
      for (let at = 0; at < POSITIONS; at++) {
        await page.evaluate(
          (fraction) => {
            const end = document.documentElement.scrollHeight - window.innerHeight;
            window.scrollTo(0, Math.round(end * fraction));
          },
          at / (POSITIONS - 1),
        );
        await page.waitForTimeout(SETTLE_MS);
        const frames = await page.evaluate(sampleFrames, FRAMES);
        const blank = frames.filter((frame) => frame.blank).length;
        const changed = frames.filter((frame, i) => i > 0 && frame.layout !== frames[i - 1].layout).length;
        firstInView.push(frames[0].layout.split('@')[0]);
        blankFrames += blank;
        changes += changed;
        if (blank || changed)
          problems.push(`position ${at}: ${blank} of ${FRAMES} frames blank, ${changed} layout changes`);
      }
      console.log(
        `${viewport.name}: ${blankFrames} blank frames and ${changes} layout changes in ` +
          `${POSITIONS * FRAMES} frames; ${problems.length} of ${POSITIONS} positions moved`,
      );
      assert.deepEqual(problems, []);
      assert.equal(new Set(firstInView).size, POSITIONS, firstInView.join(', '));
      assert.equal(firstInView[0], 't0');
    });
  }

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
