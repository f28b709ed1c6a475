// Settings in real Chromium save as you go: a change is stored without any Save (closing with Escape
// keeps it), a refused change marks its field and is not stored, and closing then asks before it is
// discarded. The focus ring is not the error colour, and holds ≥ 3:1 in the light and dark schemes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const GOOD_URL = 'http://127.0.0.1:9/v1';
/** Far enough round the colour wheel from the error red that a ring is not read as an error. */
const MIN_HUE_DISTANCE = 60;
/** WCAG 2.2 non-text contrast for a focus indicator. */
const MIN_CONTRAST = 3;

/** 'rgb(r, g, b)' as [r, g, b]. */
const channels = (css) =>
  css
    .match(/\d+(\.\d+)?/g)
    .slice(0, 3)
    .map(Number);

function hue([r, g, b]) {
  const max = Math.max(r, g, b);
  const span = max - Math.min(r, g, b);
  if (span === 0) return 0;
  const h = max === r ? ((g - b) / span) % 6 : max === g ? (b - r) / span + 2 : (r - g) / span + 4;
  return (h * 60 + 360) % 360;
}

function luminance(rgb) {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a, b) {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('Settings save as you go', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  const dialog = () => browser.page.getByRole('dialog', { name: 'Settings' });
  const openSettings = () =>
    browser.page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const baseURL = () => dialog().getByLabel('Base URL', { exact: true });

  it('stores a change without Save: Escape closes and keeps it', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await openSettings();
    await addModelServer(dialog(), GOOD_URL, 'stub-model');
    await dialog().getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    await page.keyboard.press('Escape');
    await dialog().waitFor({ state: 'hidden' });
    await page.reload();
    await openSettings();
    assert.equal(await baseURL().inputValue(), GOOD_URL);
    assert.equal(await dialog().getByLabel('Model', { exact: true }).inputValue(), 'stub-model');
  });

  it(
    'marks a refused field, stores nothing and asks before discarding',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = browser;
      await baseURL().fill('not an address');
      await dialog().getByRole('alert').filter({ hasText: 'needs a base URL' }).waitFor();
      assert.equal(await baseURL().getAttribute('aria-invalid'), 'true');
      await page.keyboard.press('Escape');
      const question = dialog().getByRole('alertdialog');
      await question.getByText('Discard your changes?').waitFor();
      await question.getByRole('button', { name: 'Keep editing' }).click();
      await question.waitFor({ state: 'detached' });
      assert.equal(await dialog().isVisible(), true);
      await dialog().getByRole('button', { name: 'Close' }).click();
      await question.getByRole('button', { name: 'Discard changes' }).click();
      await dialog().waitFor({ state: 'hidden' });
      await openSettings();
      assert.equal(await baseURL().inputValue(), GOOD_URL, 'the refused address was stored');
    },
  );

  for (const scheme of ['light', 'dark']) {
    it(`shows focus apart from the error colour (${scheme})`, { timeout: TEST_TIMEOUT_MS }, async () => {
      const { page } = browser;
      await page.emulateMedia({ colorScheme: scheme });
      await baseURL().fill('not an address');
      await dialog().getByRole('alert').filter({ hasText: 'needs a base URL' }).waitFor();
      const name = dialog().getByLabel('Name', { exact: true }).first();
      await name.focus();
      const seen = await page.evaluate(() => {
        const invalid = document.querySelector('[aria-invalid="true"]');
        const focused = document.activeElement;
        const dialogBox = focused.closest('dialog');
        return {
          invalid: getComputedStyle(invalid).borderTopColor,
          error: getComputedStyle(document.querySelector('dialog .error')).color,
          outline: getComputedStyle(focused).outlineColor,
          outlineStyle: getComputedStyle(focused).outlineStyle,
          background: getComputedStyle(dialogBox).backgroundColor,
        };
      });
      assert.equal(seen.outlineStyle, 'solid', 'the focused field shows no ring');
      const distance = Math.abs(hue(channels(seen.outline)) - hue(channels(seen.error)));
      assert.ok(
        Math.min(distance, 360 - distance) >= MIN_HUE_DISTANCE,
        `focus ring ${seen.outline} looks like the error colour ${seen.error}`,
      );
      assert.equal(seen.invalid, seen.error, 'the invalid field is not marked in the error colour');
      const ratio = contrast(channels(seen.outline), channels(seen.background));
      assert.ok(
        ratio >= MIN_CONTRAST,
        `focus ring ${seen.outline} on ${seen.background}: ${ratio.toFixed(2)}:1`,
      );
      await baseURL().fill(GOOD_URL);
      await dialog().getByRole('status').filter({ hasText: 'Saved' }).waitFor();
    });
  }
});
