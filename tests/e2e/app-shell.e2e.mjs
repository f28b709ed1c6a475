// The installed-app basics in real Chromium: the shell renders, the manifest and icons are valid,
// the service worker activates, and the shell still loads offline.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const TEST_TIMEOUT_MS = 2 * STEP_TIMEOUT_MS;
/** The narrowest phone width the layout must hold without horizontal scrolling. */
const NARROW_WIDTH = 360;

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes) {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  assert.deepEqual([...bytes.subarray(0, 8)], signature, 'not a PNG file');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('app shell', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  /** @type {Awaited<ReturnType<typeof openBrowser>>} */
  let browser;
  before(async () => {
    browser = await openBrowser({ viewport: { width: NARROW_WIDTH, height: 740 } });
  });
  after(async () => {
    await browser?.close();
  });

  it('shows the header and the empty list of stories', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    assert.equal(await page.title(), 'Rashomon');
    await page.getByRole('banner').getByRole('heading', { name: 'Rashomon' }).waitFor();
    await page.getByRole('main').getByRole('heading', { name: 'Stories' }).waitFor();
    await page.getByText('No stories yet.').waitFor();
  });

  it('fits a 360px wide screen without horizontal scrolling', { timeout: TEST_TIMEOUT_MS }, async () => {
    const scrollWidth = await browser.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(scrollWidth <= NARROW_WIDTH, `page is ${scrollWidth}px wide at a ${NARROW_WIDTH}px viewport`);
  });

  it('links a manifest with the app name and valid icons', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    assert.ok(href, 'index.html has no <link rel="manifest">');
    const response = await page.request.get(new URL(href, page.url()).href);
    assert.equal(response.status(), 200);
    assert.match(response.headers()['content-type'] ?? '', /^application\/manifest\+json/);
    const manifest = await response.json();
    assert.equal(manifest.name, 'Rashomon');
    assert.equal(manifest.display, 'standalone');
    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort();
    assert.deepEqual(icons, ['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of manifest.icons) {
      const file = await page.request.get(new URL(icon.src, response.url()).href);
      assert.equal(file.status(), 200, `${icon.src} is missing`);
      assert.equal(pngSize(await file.body()), icon.sizes, `${icon.src} has the wrong size`);
    }
  });

  it('registers a service worker that reaches "activated"', { timeout: TEST_TIMEOUT_MS }, async () => {
    const state = await browser.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const worker = registration.active;
      if (!worker) return 'no active worker';
      // `ready` can resolve while the worker is still activating.
      if (worker.state !== 'activated') {
        await new Promise((resolve) =>
          worker.addEventListener('statechange', () => worker.state === 'activated' && resolve(undefined)),
        );
      }
      return worker.state;
    });
    assert.equal(state, 'activated');
  });

  it('reloads the shell while offline', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { context, page } = browser;
    await context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('heading', { name: 'Stories' }).waitFor();
      await page.getByText('No stories yet.').waitFor();
      const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
      assert.ok(controlled, 'the offline page was not served by the service worker');
    } finally {
      await context.setOffline(false);
    }
  });

  it('logged no page or console errors', () => {
    assert.deepEqual(browser.errors, []);
  });
});
