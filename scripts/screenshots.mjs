// `npm run screenshots`: builds the app, serves it through the sync server on 127.0.0.1, imports
// docs/showcase-story.json (written for this, no third-party text) and photographs it in Debian's
// Chromium. Writes the README's two pictures to docs/screenshots/, and every screen at 1280×860 and
// 390×844, light and dark, English and Chinese, to .tmp/screenshots/ to check by eye.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, copyFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, assertChromium } from './chromium.mjs';
import { serveApp } from '../tests/e2e/app-server.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const TMP = join(ROOT, '.tmp');
const ALL = join(TMP, 'screenshots');
const README_SHOTS = join(ROOT, 'docs/screenshots');
const STORY = readFileSync(join(ROOT, 'docs/showcase-story.json'));
const SIZES = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } };
/** The words the script clicks, in each interface language. */
const WORDS = {
  en: { inspectJane: 'Inspect turn by Jane', import: 'Import', gotIt: 'Got it' },
  zh: { inspectJane: '查看Jane的回合', import: '导入', gotIt: '知道了' },
};

assertChromium();
mkdirSync(ALL, { recursive: true });
mkdirSync(README_SHOTS, { recursive: true });
const build = spawnSync(
  process.execPath,
  [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
  {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, TMPDIR: TMP },
  },
);
if (build.status !== 0) process.exit(1);
const served = await serveApp(join(ROOT, 'dist'));

/** Sets the interface language in Settings (saved as you go, or with Save where the dialog has one). */
async function chooseLanguage(page, language) {
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await dialog.getByLabel('Interface language').selectOption(language);
  const save = dialog.getByRole('button', { name: /^(Save|保存)$/ });
  if (await save.count()) await save.click();
  else
    await dialog
      .getByRole('button', { name: /^(Close|关闭)$/ })
      .first()
      .click();
  await dialog.waitFor({ state: 'hidden' });
}

async function photograph(size, scheme, language) {
  const profile = await mkdtemp(join(TMP, 'shots-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: SIZES[size],
    colorScheme: scheme,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const shot = async (name) => {
    const file = join(ALL, `${name}-${size}-${scheme}-${language}.png`);
    await page.waitForTimeout(300);
    await page.screenshot({ path: file });
    return file;
  };
  try {
    await page.goto(served.url);
    await page.getByRole('main').waitFor();
    await chooseLanguage(page, language);
    await page.locator('input[type=file]').first().setInputFiles({
      name: 'gull-rock.json',
      mimeType: 'application/json',
      buffer: STORY,
    });
    await page.getByRole('button', { name: WORDS[language].import, exact: true }).click();
    await page.getByRole('heading', { name: 'The Lamp at Gull Rock' }).waitFor();
    await page.getByRole('button', { name: WORDS[language].gotIt }).click();
    await page.evaluate('window.scrollTo(0, 0)');
    const story = await shot('story');
    await page.getByRole('log').getByRole('button', { name: WORDS[language].inspectJane }).first().click();
    await page.getByRole('dialog').last().waitFor();
    const inspector = await shot('inspector');
    await page.goto(served.url);
    await page.getByRole('main').waitFor();
    await shot('library');
    if (size === 'desktop' && scheme === 'light' && language === 'en') {
      copyFileSync(story, join(README_SHOTS, 'first-story.png'));
      copyFileSync(inspector, join(README_SHOTS, 'inspector.png'));
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}

try {
  for (const size of Object.keys(SIZES))
    for (const scheme of ['light', 'dark'])
      for (const language of ['en', 'zh']) await photograph(size, scheme, language);
  console.log(`Screenshots: ${ALL} (all), ${README_SHOTS} (the README's)`);
} finally {
  await served.close();
}
