// The served app's sync side, for e2e tests that play a second device: tokens from its data folder
// (`rashomon token`), its pairing link, and a bare y-websocket client in a story's room with the story's
// room token (a collaborator's device writing Yjs by hand, no Rashomon in between); and the scene tests
// of a collaborator's writes share: the owner's browser, paired and with a model server, and those devices.
import { after, before } from 'node:test';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import { appUrl, connectModelServer, openBrowser, STEP_TIMEOUT_MS } from './browser.mjs';
import { STUB_MODEL, startOpenAIStub } from './openai-stub.mjs';

const CLI = fileURLToPath(new URL('../../bin/rashomon.mjs', import.meta.url));

/** `rashomon token` on the served data folder: the owner's token, or (`--room ID`) a story's room token. */
export function token(...args) {
  const dataDir = process.env.RASHOMON_E2E_DATA;
  if (!dataDir) throw new Error('RASHOMON_E2E_DATA is not set: run the e2e tests with `npm run test:e2e`.');
  return execFileSync(process.execPath, [CLI, 'token', ...args, '--data', dataDir], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  })
    .trim()
    .split('\n')[0];
}

/** The link that pairs a device with the served app's sync server. */
export const pairingLink = (secret) => {
  const server = new URL(appUrl()).origin;
  return `${server}/#pair=${Buffer.from(JSON.stringify({ server, token: secret })).toString('base64url')}`;
};

/** The app's page paired with the served sync server as its owner (the pairing link, accepted). */
export async function pairAsOwner(page) {
  await page.goto(pairingLink(token()));
  const pairing = page.getByRole('dialog', { name: `Sync with ${new URL(appUrl()).host}?` });
  await pairing.getByRole('button', { name: 'Sync' }).click();
  await pairing.waitFor({ state: 'hidden' });
}

/** Waits (in node) until `check()` holds. */
export async function until(check, what) {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * A collaborator's device in `room` (the story's room or one of its segment rooms `<storyId>~<n>`),
 * with the story's room token; `destroy()` ends it (the doc too: its awareness keeps a timer).
 */
export function collaboratorIn(storyId, room) {
  const base = new URL('sync', new URL('/', appUrl())).href.replace(/^http/, 'ws');
  const doc = new Y.Doc({ guid: room });
  const provider = new WebsocketProvider(base, room, doc, {
    WebSocketPolyfill: WebSocket,
    disableBc: true,
    params: { token: token('--room', storyId) },
  });
  return {
    doc,
    provider,
    destroy() {
      provider.destroy();
      doc.destroy();
    },
  };
}

/**
 * Called in a `describe`: an owner's browser and a model stub for its tests, and the collaborators they
 * start, all ended after them. `owner()` is its browser; `ownerPaired()` its page, paired with the served
 * sync server and with the stub as its model server.
 */
export function ownerAndCollaborators() {
  let owner, stub;
  const peers = [];
  before(async () => {
    stub = await startOpenAIStub({
      answer: (kind) => (kind.op === 'selector' ? JSON.stringify({ next: 'Jane' }) : 'The road is quiet.'),
    });
    owner = await openBrowser();
  });
  after(async () => {
    for (const peer of peers) peer.destroy();
    await owner?.close();
    await stub?.close();
  });
  return {
    owner: () => owner,
    async ownerPaired() {
      await pairAsOwner(owner.page);
      await connectModelServer(owner.page, stub.baseURL, STUB_MODEL);
      return owner.page;
    },
    /**
     * A collaborator's device on a (segmented) story, once it has the story up to its leaf: the root
     * room (`meta`, with the leaf) and the first segment room (`turns`: `<story>~0` holds the first 500
     * depths), each opened by the story's room token.
     */
    async collaboratorOn(storyId) {
      const root = collaboratorIn(storyId, storyId);
      const segment = collaboratorIn(storyId, `${storyId}~0`);
      peers.push(root, segment);
      const meta = root.doc.getMap('meta');
      const turns = segment.doc.getMap('turns');
      await until(
        () => root.provider.synced && segment.provider.synced && turns.has(meta.get('leaf')?.id ?? ''),
        'the story at the collaborator',
      );
      return { root, segment, meta, turns };
    },
  };
}
