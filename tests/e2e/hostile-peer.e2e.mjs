// [U1][U3] A collaborator's modified client (a bare y-websocket provider with the story's room token)
// writes a loop of parents, a record that is no turn and a wrong-typed field into a story the owner plays in the app. The owner's
// page keeps working: the story opens with its turns, says what cannot be read, and the library still
// lists the owner's other story.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { appUrl, openBrowser, STEP_TIMEOUT_MS, connectModelServer } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const TEST_TIMEOUT_MS = 3 * STEP_TIMEOUT_MS;
const CLI = fileURLToPath(new URL('../../bin/rashomon.mjs', import.meta.url));
const TITLE = 'The shared road';
const OTHER = 'My own story';
const TURNS = ['I walk to the crossroads.', 'I look down the north road.'];

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

describe('a collaborator’s device writes what cannot be read', { timeout: 4 * TEST_TIMEOUT_MS }, () => {
  let owner, stub;
  const hostile = [];

  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => (kind.op === 'selector' ? JSON.stringify({ next: 'Jane' }) : 'The road is quiet.'),
    });
    owner = await openBrowser();
  });
  after(async () => {
    // The doc too: its awareness keeps a timer of its own until the doc is destroyed.
    for (const { provider, doc } of hostile) {
      provider.destroy();
      doc.destroy();
    }
    await owner?.close();
    await stub?.close();
  });

  async function newStory(page, title, turns) {
    await page.goto(new URL('#/', appUrl()).href);
    await page.getByRole('button', { name: 'New story' }).click();
    const form = page.getByRole('region', { name: 'New story' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Your name').fill('Sam');
    await form.getByLabel('Character 1 Name').fill('Jane');
    await form.getByRole('button', { name: 'Create story' }).click();
    await page.getByRole('heading', { name: title }).waitFor();
    for (const turn of turns) {
      await page.getByRole('textbox', { name: 'Your turn' }).fill(turn);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('log', { name: 'Transcript' }).getByText(turn).waitFor();
      await page.getByRole('button', { name: 'Cancel' }).waitFor({ state: 'hidden' });
    }
    return decodeURIComponent(new URL(page.url()).hash.replace('#/stories/', ''));
  }

  it(
    'the owner opens the story with its turns and is told what cannot be read',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const { page } = owner;
      await page.goto(pairingLink(token()));
      const host = new URL(appUrl()).host;
      const pairing = page.getByRole('dialog', { name: `Sync with ${host}?` });
      await pairing.getByRole('button', { name: 'Sync' }).click();
      await pairing.waitFor({ state: 'hidden' });
      await connectModelServer(page, stub.baseURL, STUB_MODEL);
      await newStory(page, OTHER, []);
      const storyId = await newStory(page, TITLE, TURNS);
      await page.getByRole('status', { name: 'Sync: Synced' }).waitFor();

      // The collaborator: the story's room token and Yjs written by hand, no Rashomon in between. The
      // story is segmented: meta in its root room, turns in segment rooms (`<story>~0` holds the first
      // 500 depths), each opened by the same token.
      const base = new URL('sync', new URL('/', appUrl())).href.replace(/^http/, 'ws');
      const join = (room) => {
        const doc = new Y.Doc({ guid: room });
        const provider = new WebsocketProvider(base, room, doc, {
          WebSocketPolyfill: WebSocket,
          disableBc: true,
          params: { token: token('--room', storyId) },
        });
        hostile.push({ doc, provider });
        return { doc, provider };
      };
      const root = join(storyId);
      const segment = join(`${storyId}~0`);
      const turns = segment.doc.getMap('turns');
      const meta = root.doc.getMap('meta');
      await until(
        () => root.provider.synced && segment.provider.synced && turns.has(meta.get('leaf')?.id ?? ''),
        'the story at the collaborator',
      );
      const leaf = meta.get('leaf').id;
      let first = leaf;
      while (turns.get(first)?.get('parent')) first = turns.get(first).get('parent');
      segment.doc.transact(() => {
        turns.get(first).set('parent', leaf); // the path loops back on itself
        turns.set('not-a-turn', 12);
      });
      meta.set('title', 42);

      const notice = page.getByRole('status').filter({ hasText: 'another device wrote that cannot be read' });
      await notice.waitFor();
      const text = await notice.textContent();
      // Depths make a loop impossible to read: the turn sent back to the end is at a depth its new
      // parent's does not lead to, and is skipped with the record that is no turn.
      assert.match(text ?? '', /turns skipped: 2/);
      assert.match(text ?? '', /story details read as their defaults: 1/);
      // The skipped first turn is left out of the path (SG5); what followed it starts the path.
      const log = page.getByRole('log', { name: 'Transcript' });
      await log.getByText(TURNS[1]).waitFor();
      assert.equal(await log.getByText(TURNS[0]).count(), 0);

      // The story list: both stories, the shared one marked.
      await page.goto(new URL('#/', appUrl()).href);
      await page.getByRole('link', { name: OTHER, exact: true }).waitFor();
      await page.getByText(/Parts that cannot be read: 3/).waitFor();
      assert.deepEqual(
        owner.errors.filter((e) => !/WebSocket connection to .* failed/.test(e)),
        [],
      );
    },
  );
});
