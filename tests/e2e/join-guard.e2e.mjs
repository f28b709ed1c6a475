// A join link never moves a story this device has to another server (SV19), in Chromium: a device
// paired with the app's server makes a story, then opens a stranger's link naming that story's id and
// another sync server; joining is refused in the dialog, the stranger's server hears nothing of the
// story's room, and the story stays synced with its own server.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';
import { appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';

register();
const { startSyncServer } = await import('../../sync-server/server.ts');
const { roomToken } = await import('../../sync-server/tokens.ts');

const CLI = fileURLToPath(new URL('../../bin/rashomon.mjs', import.meta.url));
const TITLE = 'My own diary';

function ownerToken() {
  const dataDir = process.env.RASHOMON_E2E_DATA;
  if (!dataDir) throw new Error('RASHOMON_E2E_DATA is not set: run the e2e tests with `npm run test:e2e`.');
  return execFileSync(process.execPath, [CLI, 'token', '--data', dataDir], { encoding: 'utf8' }).trim();
}

const linkFor = (fields) =>
  `${new URL(appUrl()).origin}/#pair=${Buffer.from(JSON.stringify(fields)).toString('base64url')}`;

describe('a join link naming a story this device has', { timeout: 10 * STEP_TIMEOUT_MS }, () => {
  let device, stranger, work;
  const strangerLog = [];

  before(async () => {
    work = mkdtempSync(join(tmpdir(), 'rashomon-e2e-stranger-'));
    stranger = await startSyncServer(
      { host: '127.0.0.1', port: 0, dataDir: work, staticRoot: null },
      (line) => void strangerLog.push(line),
    );
    device = await openBrowser();
  });
  after(async () => {
    await device?.close();
    await stranger?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it('[SV19] is refused: nothing of it reaches the stranger’s server, and it stays synced with its own', async () => {
    const { page } = device;
    const indicator = (label) => page.getByRole('status', { name: `Sync: ${label}` });
    const server = new URL(appUrl()).origin;
    await page.goto(linkFor({ server, token: ownerToken() }));
    const pairing = page.getByRole('dialog', { name: `Sync with ${new URL(server).host}?` });
    await pairing.getByRole('button', { name: 'Sync' }).click();
    await pairing.waitFor({ state: 'hidden' });
    await indicator('Synced').waitFor();

    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Your name').fill('Wren');
    await form.getByLabel('Character 1 Name').fill('Jane');
    await form.getByLabel('Character 1 Description').fill('A guard.');
    await form.getByRole('button', { name: 'Create story' }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const storyId = decodeURIComponent(new URL(page.url()).hash.replace('#/stories/', ''));
    await indicator('Synced').waitFor();

    const token = roomToken(stranger.data.secrets.roomSecret, storyId);
    await page.goto(linkFor({ server: stranger.url, token, room: storyId }));
    const dialog = page.getByRole('dialog', { name: 'Join the shared story?' });
    await dialog.getByRole('button', { name: 'Join the shared story' }).click();
    // Time enough for a joined room to connect: the stranger's server must hear nothing of it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    assert.deepEqual(
      strangerLog.filter((line) => line.includes(storyId)),
      [],
      'the stranger’s server heard of the story',
    );
    await dialog
      .getByText(`“${TITLE}” is already on this device and syncs with ${new URL(server).host}`)
      .waitFor();
    await dialog.getByText('Nothing was sent.', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Not now' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await indicator('Synced').waitFor();
  });
});
