// [U5] A second device sets where the owner's story ends through the sync server: a bare y-websocket
// client with the story's room token (a collaborator's device, no Rashomon in between) writes the root's
// leaf as (a) a turn nobody has and (b) an absurd depth. The owner's page keeps showing the story's turns,
// says the end was lost and offers Repair, which writes a sound leaf back; a depth no band can hold never
// makes the owner's sync read "refused"; the next turn follows the turns shown.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { appUrl, openBrowser, STEP_TIMEOUT_MS, connectModelServer } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 4 * STEP_TIMEOUT_MS;
const CLI = fileURLToPath(new URL('../../bin/rashomon.mjs', import.meta.url));
const TITLE = 'The lost end';
const TURNS = ['I walk to the crossroads.', 'I look down the north road.'];
const NEXT = 'I turn back to the gate.';
/** Far past any band a story has (and past the six digits a segment room's number may have). */
const ABSURD_DEPTH = 1_000_000_000;
/** Long enough for a room joined by mistake to be refused and probed (SV: refused after the probe). */
const WATCH_MS = 3_000;

/** `rashomon token` on the served data folder: the owner's token, or a story's room token. */
function token(...args) {
  const dataDir = process.env.RASHOMON_E2E_DATA;
  if (!dataDir) throw new Error('RASHOMON_E2E_DATA is not set: run the e2e tests with `npm run test:e2e`.');
  return execFileSync(process.execPath, [CLI, 'token', ...args, '--data', dataDir], { encoding: 'utf8' })
    .trim()
    .split('\n')[0];
}

const pairingLink = (secret) => {
  const server = new URL(appUrl()).origin;
  return `${server}/#pair=${Buffer.from(JSON.stringify({ server, token: secret })).toString('base64url')}`;
};

async function until(check, what) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('a second device sets where the story ends to nowhere', { timeout: 2 * TEST_TIMEOUT_MS }, () => {
  let owner, stub;
  const peers = [];

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => (kind.op === 'selector' ? JSON.stringify({ next: 'Jane' }) : 'The road is quiet.'),
    });
    owner = await openBrowser();
  });
  after(async () => {
    for (const { provider, doc } of peers) {
      provider.destroy();
      doc.destroy();
    }
    await owner?.close();
    await stub?.close();
  });

  async function send(page, text) {
    await page.getByRole('textbox', { name: 'Your turn' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log', { name: 'Transcript' }).getByText(text).waitFor();
    await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
  }

  it(
    '[U5] the owner still sees the story, is told, and Repair writes a sound end',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = owner;
      await page.goto(pairingLink(token()));
      const pairing = page.getByRole('dialog', { name: `Sync with ${new URL(appUrl()).host}?` });
      await pairing.getByRole('button', { name: 'Sync' }).click();
      await pairing.waitFor({ state: 'hidden' });
      await connectModelServer(page, stub.baseURL, STUB_MODEL);
      await page.getByRole('button', { name: 'New story' }).click();
      const form = page.getByRole('region', { name: 'New story' });
      await form.getByLabel('Title').fill(TITLE);
      await form.getByLabel('Your name').fill('Sam');
      await form.getByLabel('Character 1 Name').fill('Jane');
      await form.getByRole('button', { name: 'Create story' }).click();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      for (const turn of TURNS) await send(page, turn);
      const storyId = decodeURIComponent(new URL(page.url()).hash.replace('#/stories/', ''));
      await page.getByRole('status', { name: 'Sync: Synced' }).waitFor();

      // The second device: the root room (meta, with the leaf) and the first segment room (its turns).
      const base = new URL('sync', new URL('/', appUrl())).href.replace(/^http/, 'ws');
      const join = (room) => {
        const doc = new Y.Doc({ guid: room });
        const provider = new WebsocketProvider(base, room, doc, {
          WebSocketPolyfill: WebSocket,
          disableBc: true,
          params: { token: token('--room', storyId) },
        });
        peers.push({ doc, provider });
        return { doc, provider };
      };
      const root = join(storyId);
      const segment = join(`${storyId}~0`);
      const meta = root.doc.getMap('meta');
      const turns = segment.doc.getMap('turns');
      await until(
        () => root.provider.synced && segment.provider.synced && turns.has(meta.get('leaf')?.id ?? ''),
        'the story at the second device',
      );
      const sound = meta.get('leaf');

      // Every sync state the owner's indicator shows from here on.
      await page.evaluate(() => {
        window.seenSync = new Set();
        setInterval(() => {
          const status = document.querySelector('.sync-indicator')?.getAttribute('data-status');
          if (status) window.seenSync.add(status);
        }, 50);
      });
      const log = page.getByRole('log', { name: 'Transcript' });
      const lost = page.getByRole('status').filter({ hasText: 'Another device set where this story ends' });

      /** The leaf written as `bad`: the turns stay, the notice says so, and Repair writes `sound` back. */
      async function lostAndRepaired(bad, what) {
        meta.set('leaf', bad);
        await lost.waitFor();
        assert.match((await lost.textContent()) ?? '', new RegExp(`${bad.id} @ ${bad.depth}`), what);
        for (const turn of TURNS) await log.getByText(turn).waitFor();
        assert.equal(await page.getByText('The story has not begun', { exact: false }).count(), 0, what);
        return async () => {
          await lost.getByRole('button', { name: 'Repair' }).click();
          await until(
            () => meta.get('leaf')?.id === sound.id && meta.get('leaf')?.depth === sound.depth,
            `the sound leaf written back after ${what}`,
          );
          await lost.waitFor({ state: 'hidden' });
          for (const turn of TURNS) await log.getByText(turn).waitFor();
        };
      }

      const repairMissing = await lostAndRepaired(
        { id: 'a-turn-nobody-has', depth: sound.depth },
        'a missing turn',
      );
      await repairMissing();

      const repairAbsurd = await lostAndRepaired(
        { id: 'far-beyond', depth: ABSURD_DEPTH },
        'an absurd depth',
      );
      // No room is joined for a band nobody wrote: the owner's sync never reads "refused".
      await new Promise((resolve) => setTimeout(resolve, WATCH_MS));
      const seen = await page.evaluate(() => [...window.seenSync]);
      assert.deepEqual(
        seen.filter((s) => s !== 'connected' && s !== 'syncing'),
        [],
        'the owner’s sync read other than synced',
      );
      // The story list counts the turns shown, not none and not a billion.
      await page.goto(new URL('#/', appUrl()).href);
      const item = page
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: TITLE, exact: true }) });
      await item.getByText(`Turns: ${sound.depth + 1}`, { exact: true }).waitFor();
      await page.getByRole('link', { name: TITLE, exact: true }).click();
      await page.getByRole('heading', { name: TITLE }).waitFor();
      await repairAbsurd();

      // The next turn follows the turns shown.
      await send(page, NEXT);
      await until(
        () => meta.get('leaf')?.id !== sound.id && turns.has(meta.get('leaf')?.id ?? ''),
        'the next turn',
      );
      const path = [];
      for (let id = meta.get('leaf').id; id; id = turns.get(id)?.get('parent')) path.push(id);
      assert.ok(path.includes(sound.id), 'the next turn is on the repaired path');
      assert.equal(path.length, meta.get('leaf').depth + 1);
      for (const turn of [...TURNS, NEXT]) await log.getByText(turn).waitFor();
      await page.getByRole('status', { name: 'Sync: Synced' }).waitFor();
      assert.deepEqual(
        owner.errors.filter((e) => !/WebSocket connection to .* failed/.test(e)),
        [],
      );
    },
  );
});
