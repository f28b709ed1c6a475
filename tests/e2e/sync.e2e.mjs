// Two devices (two Chromium profiles) on the served app, paired with its sync server by the pairing
// link: one creates a story and plays a turn, the other sees it arrive; a wrong token shows "refused";
// both edit the same variant in the turn inspector at once, see who is editing, and converge. A third
// profile, a friend, opens the link `rashomon token --room` prints for that story and plays it too.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { addModelServer, appUrl, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const CLI = fileURLToPath(new URL('../../bin/rashomon.mjs', import.meta.url));

const USER = 'Sam';
const A_DEVICE = 'Sam (laptop)';
const CHARACTER = 'Jane';
const TITLE = 'Two Lanterns';
const USER_TURN = 'I wave my lantern at the far end of the bridge.';
const USER_PROJECTION = 'Across the bridge a lantern answers, swinging twice.';
const JANE_PROJECTION = 'A light waves at the far end of the bridge.';

/** The owner token, from the served data folder, as a person would get it: `rashomon token`. */
function ownerToken() {
  const dataDir = process.env.RASHOMON_E2E_DATA;
  if (!dataDir) throw new Error('RASHOMON_E2E_DATA is not set: run the e2e tests with `npm run test:e2e`.');
  return execFileSync(process.execPath, [CLI, 'token', '--data', dataDir], { encoding: 'utf8' }).trim();
}

/** The link `rashomon token --room R` prints for one story (its second line), as a person would get it. */
function roomLink(storyId) {
  const dataDir = process.env.RASHOMON_E2E_DATA;
  const url = new URL(appUrl()).origin;
  const out = execFileSync(
    process.execPath,
    [CLI, 'token', '--room', storyId, '--url', url, '--data', dataDir],
    {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return out.trim().split('\n')[1];
}

/** The link the server prints at start-up (sync-server/pairing.ts). */
function pairingLink(token) {
  const server = new URL(appUrl()).origin;
  return `${server}/#pair=${Buffer.from(JSON.stringify({ server, token })).toString('base64url')}`;
}

/** A refused WebSocket upgrade is logged by Chromium itself; that one is expected. */
const unexpected = (errors) => errors.filter((e) => !/WebSocket connection to .* failed/.test(e));

describe('two devices sync through the server', { timeout: 8 * TEST_TIMEOUT_MS }, () => {
  let a, b, friend, stub, link;

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => {
        switch (kind.op) {
          case 'projector':
            return kind.target === USER ? USER_PROJECTION : JANE_PROJECTION;
          case 'selector':
            return JSON.stringify({ next: CHARACTER });
          case 'batch':
            return JSON.stringify({ [USER]: USER_PROJECTION, [CHARACTER]: JANE_PROJECTION });
          default:
            return 'I swing my lantern twice in answer.';
        }
      },
    });
    link = pairingLink(ownerToken());
    [a, b] = await Promise.all([openBrowser(), openBrowser()]);
  });
  after(async () => {
    await a?.close();
    await b?.close();
    await friend?.close();
    await stub?.close();
  });

  const indicator = (page, label) => page.getByRole('status', { name: `Sync: ${label}` });

  /** Opens the pairing link and accepts; the link (with its token) leaves the address bar. */
  async function pair(page, url) {
    await page.goto(url);
    const host = new URL(appUrl()).host;
    const dialog = page.getByRole('dialog', { name: `Sync with ${host}?` });
    await dialog.getByRole('button', { name: 'Sync' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(!page.url().includes('pair='), 'the pairing link stayed in the address bar');
  }

  it('pairs device A from the link and shows it synced', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = a;
    await pair(page, link);
    await indicator(page, 'Synced').waitFor();
    // The settings show the server and let the token be tested.
    await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    assert.equal(
      await dialog.getByLabel('Sync server', { exact: true }).inputValue(),
      new URL(appUrl()).origin,
    );
    await dialog.getByRole('button', { name: 'Test', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'The server accepts this token.' }).waitFor();
    // A model backend for playing (device-local, never synced).
    await addModelServer(dialog, stub.baseURL, STUB_MODEL);
    // How A is named to others co-editing (B keeps the story's player name).
    await dialog.getByLabel('Your name when co-editing').fill(A_DEVICE);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await indicator(page, 'Synced').waitFor();
  });

  it('plays a turn on A', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = a;
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Your name').fill(USER);
    await form.getByLabel('Character 1 Name').fill(CHARACTER);
    await form.getByLabel('Character 1 Description').fill('A bridge keeper.');
    await form.getByRole('button', { name: 'Create story' }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    await page.getByRole('textbox', { name: 'Your turn' }).fill(USER_TURN);
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log', { name: 'Transcript' });
    await log.getByText(USER_PROJECTION).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
  });

  it('a wrong token on B is refused and brings nothing', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = b;
    await pair(page, pairingLink('not-the-token'));
    const refused = indicator(page, 'Sync refused');
    await refused.waitFor();
    assert.match((await refused.getAttribute('title')) ?? '', /refused this device’s token/);
    await page.getByText('No stories yet.').waitFor();
    await page.waitForTimeout(500);
    assert.equal(await page.getByRole('link', { name: TITLE, exact: true }).count(), 0);
  });

  it('B paired with the right link sees the story and its turns', { timeout: TEST_TIMEOUT_MS }, async () => {
    const { page } = b;
    await pair(page, link);
    await indicator(page, 'Synced').waitFor();
    await page.getByRole('link', { name: TITLE, exact: true }).click();
    await page.getByRole('heading', { name: TITLE }).waitFor();
    const log = page.getByRole('log', { name: 'Transcript' });
    await log.getByText(USER_TURN).waitFor();
    await log.getByText(USER_PROJECTION).waitFor();
    // Live: a turn played on A arrives on B without a reload.
    await a.page.getByRole('button', { name: 'Act', exact: true }).click();
    await a.page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
    const aRows = await a.page.getByRole('log', { name: 'Transcript' }).locator('li[data-turn-id]').count();
    await page.waitForFunction(
      (n) => document.querySelectorAll('[role="log"] li[data-turn-id]').length === n,
      aRows,
      { timeout: STEP_TIMEOUT_MS },
    );
  });

  it(
    'both edit one variant in the inspector at once: each sees the other editing, and they converge',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const open = async (page) => {
        await page.goto(a.page.url());
        const janeRow = page.getByRole('log', { name: 'Transcript' }).locator('li[data-turn-id]').nth(1);
        await janeRow.getByRole('button', { name: `Inspect turn by ${CHARACTER}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Turn inspector' });
        const field = dialog.getByLabel(`What ${USER} perceived`);
        await field.waitFor();
        return { dialog, field };
      };
      const onA = await open(a.page);
      const onB = await open(b.page);
      const before = await onA.field.inputValue();
      assert.equal(await onB.field.inputValue(), before);

      await onA.field.click();
      await onA.field.press('Control+End');
      await onB.dialog.getByText(`${A_DEVICE} is editing this`).waitFor();
      await onB.field.click();
      await onB.field.press('Control+Home');
      await onA.dialog.getByText(`${USER} is editing this`).waitFor();

      // Both type at the same time, a key at a time, at opposite ends of the same text.
      await Promise.all([
        onA.field.pressSequentially(' Then darkness.', { delay: 30 }),
        onB.field.pressSequentially('At dusk: ', { delay: 30 }),
      ]);
      const merged = `At dusk: ${before} Then darkness.`;
      for (const { field } of [onA, onB])
        await field
          .page()
          .waitForFunction(
            ({ id, text }) => document.getElementById(id)?.value === text,
            { id: await field.getAttribute('id'), text: merged },
            { timeout: STEP_TIMEOUT_MS },
          );

      // Leaving the field ends the badge on the other device.
      await onB.dialog.getByRole('button', { name: 'Close' }).click();
      await onA.dialog.getByText(`${USER} is editing this`).waitFor({ state: 'hidden' });
    },
  );

  it(
    'a friend opens the story’s own link, joins it, and plays it; nothing else arrives',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const storyId = decodeURIComponent(new URL(a.page.url()).hash.replace('#/stories/', ''));
      // The story screen tells the owner the command that makes the link.
      const inspector = a.page.getByRole('dialog');
      if (await inspector.isVisible()) await inspector.getByRole('button', { name: 'Close' }).click();
      await a.page.getByText('Share this story').click();
      await a.page.getByText(`npx rashomon token --room ${storyId}`, { exact: true }).waitFor();
      friend = await openBrowser();
      const { page } = friend;
      await page.goto(roomLink(storyId));
      const dialog = page.getByRole('dialog', { name: 'Join the shared story?' });
      await dialog.getByRole('button', { name: 'Join the shared story' }).click();
      await dialog.waitFor({ state: 'hidden' });
      assert.ok(!page.url().includes('pair='), 'the link stayed in the address bar');
      // Only the story's room is open, so the friend reads "Synced", not "refused".
      await indicator(page, 'Synced').waitFor();
      // Settings → Sync lists the joined story, with Leave; the friend adds their own model to play.
      await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
      const settings = page.getByRole('dialog', { name: 'Settings' });
      await settings.getByRole('button', { name: `Leave ${TITLE}` }).waitFor();
      await addModelServer(settings, stub.baseURL, STUB_MODEL);
      await settings.getByRole('button', { name: 'Done' }).click();
      await settings.waitFor({ state: 'hidden' });
      // The library holds that story only; it opens and plays like any story.
      const listed = page.getByRole('link', { name: TITLE, exact: true });
      await listed.waitFor();
      assert.equal(await page.locator('ul.stories > li.story').count(), 1);
      await listed.click();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      const log = page.getByRole('log', { name: 'Transcript' });
      await log.getByText(USER_TURN).waitFor();
      const turn = 'I hold my lantern high so you can see me.';
      await page.getByRole('textbox', { name: 'Your turn' }).fill(turn);
      await page.getByRole('button', { name: 'Send' }).click();
      // The co-edited variant made the turns after it stale: the story asks before going on.
      const banner = page.locator('.stale-banner');
      await banner.getByRole('button', { name: 'Keep them' }).click();
      await banner.waitFor({ state: 'hidden' });
      // The friend's turn reaches the owner; the friend's model plays Jane's answer.
      await a.page.getByRole('log', { name: 'Transcript' }).getByText(turn).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
      await indicator(page, 'Synced').waitFor();
    },
  );

  it(
    'the header with the sync indicator fits a 360px wide screen',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = b;
      await page.setViewportSize({ width: 360, height: 740 });
      await indicator(page, 'Synced').waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `the page is ${width}px wide`);
    },
  );

  it('logged no page or console errors', () => {
    assert.deepEqual(unexpected(a.errors), []);
    assert.deepEqual(unexpected(b.errors), []);
    assert.deepEqual(unexpected(friend?.errors ?? []), []);
  });
});
