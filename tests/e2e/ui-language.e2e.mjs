// The interface language in real Chromium: choosing 中文 in Settings turns the header, the library and
// the new-story form Chinese at once (and new stories default to Chinese), a reload keeps it, and
// choosing English brings English back.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;

describe('interface language', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  /** @type {Awaited<ReturnType<typeof openBrowser>>} */
  let browser;
  before(async () => {
    browser = await openBrowser();
  });
  after(async () => {
    await browser?.close();
  });

  /**
   * Opens Settings (by its name in the current language) and chooses `language` as the interface
   * language: saved at once, the dialog speaks it (`then`: its name and Done there), and is closed.
   */
  async function chooseLanguage(page, { settings, interfaceLanguage }, language, then) {
    await page.getByRole('banner').getByRole('button', { name: settings }).click();
    await page.getByRole('dialog', { name: settings }).getByLabel(interfaceLanguage).selectOption(language);
    const saved = page.getByRole('dialog', { name: then.settings });
    await saved.getByRole('button', { name: then.done }).click();
    await saved.waitFor({ state: 'hidden' });
  }

  /** The new-story form's story language, then closes the form again. */
  async function newStoryLanguage(page, { newStory, language, cancel }) {
    await page.getByRole('button', { name: newStory }).click();
    const form = page.getByRole('region', { name: newStory });
    const value = await form.getByLabel(language).inputValue();
    await form.getByRole('button', { name: cancel }).click();
    await form.waitFor({ state: 'detached' });
    return value;
  }

  const htmlLang = (page) => page.evaluate(() => document.documentElement.lang);

  it('switches the interface to Chinese in Settings', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.goto(appUrl());
    await page.getByRole('main').getByRole('heading', { name: 'Stories' }).waitFor();
    await chooseLanguage(page, { settings: 'Settings', interfaceLanguage: 'Interface language' }, 'zh', {
      settings: '设置',
      done: '完成',
    });

    const header = page.getByRole('banner');
    await header.getByRole('button', { name: '设置' }).waitFor();
    await header.getByRole('link', { name: '提示词' }).waitFor();
    const main = page.getByRole('main');
    await main.getByRole('heading', { name: '故事' }).waitFor();
    await main.getByText('还没有故事。').waitFor();
    await main.getByRole('button', { name: '新故事' }).waitFor();
    await main.getByText('导入文件').waitFor();
    assert.equal(await htmlLang(page), 'zh-CN');
    assert.equal(
      await newStoryLanguage(page, { newStory: '新故事', language: '语言', cancel: '取消' }),
      'zh',
    );
  });

  it('keeps Chinese after a reload', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = browser;
    await page.reload();
    await page.getByRole('banner').getByRole('button', { name: '设置' }).waitFor();
    await page.getByRole('main').getByRole('heading', { name: '故事' }).waitFor();
    assert.equal(await htmlLang(page), 'zh-CN');
  });

  it('switches back to English', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page, errors } = browser;
    await chooseLanguage(page, { settings: '设置', interfaceLanguage: '界面语言' }, 'en', {
      settings: 'Settings',
      done: 'Done',
    });
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Prompts' }).waitFor();
    await page.getByRole('main').getByRole('heading', { name: 'Stories' }).waitFor();
    await page.getByText('No stories yet.').waitFor();
    assert.equal(await htmlLang(page), 'en');
    assert.equal(
      await newStoryLanguage(page, { newStory: 'New story', language: 'Language', cancel: 'Cancel' }),
      'en',
    );
    assert.deepEqual(errors, []);
  });
});
