// One document's room on the sync server: a y-websocket provider plus what its state means for the
// user. y-websocket reconnects with bounded back-off on its own; this adds what it cannot know. A
// refused upgrade reaches a browser only as "close 1006", so every drop is followed by the access
// probe: 401 (or a room the server rejects) stops retrying ("refused"), no answer is "offline", an
// answer keeps retrying. Close 1009 (a message over the server's limit) stops retrying: a retry would
// send the same message again. Details are kept as functions, so they read in the interface language
// of the moment they are shown.
import type * as Y from 'yjs';
import { WebsocketProvider } from 'y-websocket';
import type { Awareness } from 'y-protocols/awareness';
import type { SyncRoomStatus } from '../api.ts';
import { CLOSE_CODE, HTTP_STATUS, TOKEN_PARAM, tokenScope } from '../../../sync-server/protocol.ts';
import { probeAccess, type ProbeResult } from './probe.ts';
import { serverLabel, websocketBase, type SyncRoute } from './target.ts';
import { uiText } from '../i18n/ui-text.ts';

/** What the platform provides; Node tests pass `ws`. */
export interface SyncTransport {
  WebSocket?: typeof WebSocket;
  fetch?: typeof fetch;
  maxBackoffTime?: number;
}

export interface SyncRoom {
  readonly room: string;
  status(): SyncRoomStatus;
  /** The server's state has arrived (first sync done) on the current connection. */
  synced(): boolean;
  destroy(): void;
}

/**
 * The longest wait between reconnection attempts (y-websocket doubles from 100 ms up to it): short
 * enough that a phone back on Wi-Fi is in sync within seconds, long enough not to hammer a server
 * that is down (each failed attempt also costs one access probe).
 */
const MAX_BACKOFF_MS = 2500;

type State = SyncRoomStatus['status'];

export function openSyncRoom(
  route: SyncRoute,
  room: string,
  doc: Y.Doc,
  awareness: Awareness,
  transport: SyncTransport,
  onStatus: (status: SyncRoomStatus) => void,
): SyncRoom {
  const { target } = route;
  const server = serverLabel(target);
  let state: State = 'syncing';
  let detail = () => uiText('Connecting to {server}…', { server });
  let destroyed = false;
  let probing = false;
  const current = (): SyncRoomStatus => ({ room, status: state, detail: detail() });
  const set = (next: State, nextDetail: () => string) => {
    if (destroyed || (state === next && detail() === nextDetail())) return;
    state = next;
    detail = nextDetail;
    onStatus(current());
  };
  const refusedDetail = (probe: Extract<ProbeResult, { kind: 'refused' }>) => () =>
    probe.status === HTTP_STATUS.unauthorized
      ? route.shared
        ? uiText(
            '{server} refused the token of this shared story (it is wrong, or the server’s room tokens were replaced), so nothing is sent or received. Ask whoever shared the story for a new link and open it; or leave the story in Settings → Sync.',
            { server },
          )
        : uiText(
            '{server} refused this device’s token, so nothing is sent or received. Pair again with the server’s pairing link, or enter the right token in Settings → Sync.',
            { server },
          )
      : probe.status === HTTP_STATUS.badRoom
        ? uiText('{server} does not accept “{room}” as a room name, so this document does not sync.', {
            server,
            room,
          })
        : uiText(
            'There is no Rashomon sync server at {url} (it answered {status}). Check the address in Settings → Sync.',
            { url: target.serverURL, status: probe.status },
          );

  const WS = transport.WebSocket ?? globalThis.WebSocket;
  // A room name, or a segment room `<story>~<n>` (S40).
  if (tokenScope(room) === null || typeof WS !== 'function') {
    set('refused', () =>
      typeof WS !== 'function'
        ? uiText('This environment has no WebSocket, so it cannot sync.')
        : uiText('“{room}” cannot be a sync room name, so this document does not sync.', { room }),
    );
    return { room, status: current, synced: () => false, destroy: () => void (destroyed = true) };
  }

  const provider = new WebsocketProvider(websocketBase(target), room, doc, {
    params: { [TOKEN_PARAM]: target.token },
    awareness,
    WebSocketPolyfill: WS,
    // Tabs are linked by tab-sync.ts, with or without a server; y-websocket's own channel would carry
    // every update between them a second time (and join Node tests' devices without the server).
    disableBc: true,
    maxBackoffTime: transport.maxBackoffTime ?? MAX_BACKOFF_MS,
    shouldReconnect: (event) => event.code !== CLOSE_CODE.tooLarge,
  });

  provider.on('status', ({ status }) => {
    if (status === 'connected') set('syncing', () => uiText('Catching up with {server}…', { server }));
  });
  provider.on('sync', (synced) => {
    if (synced)
      set('connected', () =>
        uiText('Up to date with {server}; changes are shared as they happen.', { server }),
      );
  });
  provider.on('closed', ({ code }) => {
    if (code === CLOSE_CODE.tooLarge)
      set('too-large', () =>
        uiText(
          'A change is larger than {server} accepts (close {code}), so syncing stopped; it stays on this device. Ask whoever runs the server to raise its message limit, then save Settings → Sync again to retry.',
          { server, code },
        ),
      );
  });
  provider.on('connection-close', (event) => {
    // null: closed by this side (disconnect, settings changed, the silent-connection watchdog).
    if (destroyed || event === null || event.code === CLOSE_CODE.tooLarge) return;
    if (state === 'connected') set('syncing', () => uiText('Reconnecting to {server}…', { server }));
    if (probing) return;
    probing = true;
    void probeAccess(target, room, transport.fetch).then((probe) => {
      probing = false;
      if (destroyed || provider.wsconnected) return;
      if (probe.kind === 'refused') {
        provider.disconnect();
        set('refused', refusedDetail(probe));
      } else if (probe.kind === 'unreachable')
        set('offline', () =>
          uiText(
            '{server} does not answer ({reason}). Edits stay on this device and are sent when it is back; retrying.',
            { server, reason: probe.detail() },
          ),
        );
      else
        set('syncing', () =>
          uiText(
            '{server} answers but the live connection keeps dropping (close {code}); retrying. If it persists, check that a proxy in front of the server passes WebSocket upgrades.',
            { server, code: event.code },
          ),
        );
    });
  });

  return {
    room,
    status: current,
    synced: () => provider.synced,
    destroy() {
      destroyed = true;
      provider.destroy();
    },
  };
}
