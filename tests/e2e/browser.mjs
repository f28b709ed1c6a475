// Opens the built app (served by tests/e2e/run.mjs) in the system Chromium with a fresh profile; the
// steps many tests share (a model server connected, axe on the page).
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromium } from '../../scripts/chromium.mjs';

/** Long enough for a cold Chromium on a 2-core machine, short enough to fail a hang clearly. */
export const STEP_TIMEOUT_MS = 15_000;

/** The app's URL, set by run.mjs; run the e2e tests through `npm run test:e2e`. */
export function appUrl() {
  const url = process.env.RASHOMON_E2E_URL;
  if (!url) throw new Error('RASHOMON_E2E_URL is not set: run the e2e tests with `npm run test:e2e`.');
  return url;
}

/**
 * Launches Chromium with a new persistent profile (service workers and IndexedDB behave as for a
 * user) and returns its first page; `errors` collects uncaught page errors and console errors.
 */
export async function openBrowser({ viewport = { width: 1280, height: 800 } } = {}) {
  assertChromium();
  const profile = await mkdtemp(join(tmpdir(), 'rashomon-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = context.pages()[0] ?? (await context.newPage());
  const errors = [];
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console error: ${message.text()}`);
  });
  return {
    context,
    page,
    errors,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** In an open Settings dialog: adds an OpenAI-compatible server with its base URL and model (not saved). */
export async function addModelServer(settings, baseURL, model) {
  await settings.getByRole('button', { name: 'Add OpenAI-compatible server' }).click();
  await settings.getByLabel('Base URL', { exact: true }).fill(baseURL);
  await settings.getByLabel('Model', { exact: true }).fill(model);
}

/** On the app's page: Settings opened, an OpenAI-compatible server added (saved as the default backend), closed. */
export async function connectModelServer(page, baseURL, model) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await addModelServer(settings, baseURL, model);
  await settings.getByRole('button', { name: 'Done' }).click();
  await settings.waitFor({ state: 'hidden' });
}

/** On the app's page: one turn sent, shown, and its generation done. */
export async function sendTurn(page, text) {
  await page.getByRole('textbox', { name: 'Your turn' }).fill(text);
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByRole('log', { name: 'Transcript' }).getByText(text).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
}

/** From the story list: a new story (player Sam, character Jane) with `turns` played; its id. */
export async function playedStory(page, title, turns) {
  await page.goto(new URL('#/', appUrl()).href);
  await page.getByRole('button', { name: 'New story' }).click();
  const form = page.getByRole('region', { name: 'New story' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your name').fill('Sam');
  await form.getByLabel('Character 1 Name').fill('Jane');
  await form.getByRole('button', { name: 'Create story' }).click();
  await page.getByRole('heading', { name: title }).waitFor();
  for (const turn of turns) await sendTurn(page, turn);
  return decodeURIComponent(new URL(page.url()).hash.replace('#/stories/', ''));
}

const AXE = fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url));

/** axe-core on the page as it is now (evaluated through the DevTools protocol, past the app's CSP): no violations. */
export async function axeClean(page) {
  await page.evaluate(await readFile(AXE, 'utf8'));
  const found = await page.evaluate(() =>
    window.axe.run(document, { resultTypes: ['violations'] }).then((result) => result.violations),
  );
  assert.deepEqual(
    found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
    [],
  );
}
