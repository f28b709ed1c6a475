// A SillyTavern group chat in real Chromium (GC1–GC4): the chat, its group file and two members' cards
// chosen at once; the review's who-was-there table starts from the group file (Jun joins late, Oskar is
// muted after his last message); a stretch is added and Mara unticked by keyboard; each point of view's
// Markdown then holds only what that character perceived. Screenshot in .tmp/screenshots/.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { appUrl, axeClean, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

const SCREENSHOTS = fileURLToPath(new URL('../../.tmp/screenshots/', import.meta.url));

/** One line of the chat: a character's names its card file, the user's its persona picture. */
function message([name, mes, hidden = false]) {
  const avatar =
    name === 'Sam' ? { force_avatar: 'User Avatars/sam.png' } : { original_avatar: `${name}.png` };
  const line = { mes, swipes: [mes], swipe_id: 0, name, is_user: name === 'Sam', is_system: hidden };
  return { ...line, ...avatar, send_date: '2024-03-02T19:00:00.000Z', extra: {} };
}

const CHAT = [
  JSON.stringify({ chat_metadata: {} }),
  ...[
    ['Mara', 'Welcome to the hearth.'],
    ['Oskar', 'The logs are dry.'],
    ['Sam', 'Good to hear.'],
    ['Mara', 'Tea, anyone?'],
    ['Oskar', 'I am going out.'],
    ['Mara', 'A hidden aside.', true],
    ['Mara', 'More tea, then.'],
    ['Jun', 'I am here now.'],
    ['Sam', 'Sit by the fire.'],
  ].map((line) => JSON.stringify(message(line))),
].join('\n');

/** The group file SillyTavern keeps beside its chats (`groups/<id>.json`): Oskar is muted. */
const CHAT_ID = 'Hearth - 2024-3-2';
const GROUP = { chats: [CHAT_ID], chat_id: CHAT_ID, id: '1709400000000', name: 'Hearth' };
GROUP.members = ['Mara.png', 'Oskar.png', 'Jun.png'];
GROUP.disabled_members = ['Oskar.png'];

const card = (name, description) => ({
  spec: 'chara_card_v2',
  spec_version: '2.0',
  data: { name, description, first_mes: '' },
});

const json = (name, value) => ({
  name,
  mimeType: 'application/json',
  buffer: Buffer.from(JSON.stringify(value)),
});

describe('a SillyTavern group chat imported into points of view', () => {
  it(
    '[GC3][GC4] sets who was there per stretch; each character’s transcript holds what it perceived',
    { timeout: 8 * STEP_TIMEOUT_MS },
    async () => {
      await mkdir(SCREENSHOTS, { recursive: true });
      const browser = await openBrowser();
      try {
        await importAndRead(browser);
      } finally {
        await browser.close();
      }
    },
  );
});

async function importAndRead(browser) {
  const { page, errors } = browser;
  await page.goto(appUrl());
  await page
    .getByLabel('Import a file')
    .setInputFiles([
      { name: 'Hearth - 2024-3-2.jsonl', mimeType: 'application/jsonl', buffer: Buffer.from(CHAT) },
      json('Hearth.json', GROUP),
      json('Mara.json', card('Mara', 'Keeps the hearth.')),
      json('Jun.json', card('Jun', 'A courier.')),
    ]);
  const review = page.getByRole('region', { name: /Hearth - 2024-3-2\.jsonl: a SillyTavern chat/ });
  const table = review.getByRole('group', { name: 'Who was there' });
  // The group file's defaults: Jun not there before message 7, muted Oskar not after message 5.
  assert.equal(
    await table.getByRole('checkbox', { name: 'Jun was there for messages 1–5' }).isChecked(),
    false,
  );
  assert.equal(
    await table.getByRole('checkbox', { name: 'Oskar was there for messages 7–8' }).isChecked(),
    false,
  );
  assert.equal(
    await table.getByRole('checkbox', { name: 'Mara was there for messages 1–5' }).isChecked(),
    true,
  );
  await review.getByText('hidden messages').waitFor();

  // By hand: a stretch from message 3, and Mara away for it, all by keyboard.
  await table.getByLabel('New stretch from message').fill('3');
  await table.getByLabel('New stretch from message').press('Enter');
  const mara = table.getByRole('checkbox', { name: 'Mara was there for messages 3–5' });
  await mara.focus();
  await page.keyboard.press('Space');
  assert.equal(await mara.isChecked(), false);
  await axeClean(page);
  await page.screenshot({ path: `${SCREENSHOTS}import-group-chat-1280.png`, fullPage: true });
  await review.getByRole('button', { name: 'Import', exact: true }).click();

  await page.getByText('Scene and turn order').click();
  const viewer = page.getByLabel('Point of view');
  const markdownOf = async (name) => {
    await viewer.selectOption({ label: `From ${name}’s point of view` });
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as Markdown' }).click(),
    ]);
    return (await readFile(await file.path())).toString('utf8');
  };
  const jun = await markdownOf('Jun');
  assert.match(jun, /I am here now\./);
  assert.match(jun, /Sit by the fire\./);
  assert.doesNotMatch(jun, /Tea, anyone\?|Welcome to the hearth/);
  const oskar = await markdownOf('Oskar');
  assert.match(oskar, /I am going out\./);
  assert.doesNotMatch(oskar, /More tea|I am here now|Sit by the fire/);
  const maraSaw = await markdownOf('Mara');
  assert.match(maraSaw, /The logs are dry\.[\s\S]*Tea, anyone\?[\s\S]*More tea, then\./);
  // Away for messages 3–5: Sam's and Oskar's words then never reached her; her own did.
  assert.doesNotMatch(maraSaw, /Good to hear|I am going out|hidden aside/);
  assert.deepEqual(errors, []);
}
