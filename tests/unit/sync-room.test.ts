// A sync-server room with a controllable store and fake connections: an update is relayed only after
// it is on disk, a failed write relays nothing (and the registry closes the room), and an update that
// brings nothing new is not stored.
import * as decoding from 'lib0/decoding';
import type { WebSocket } from 'ws';
import * as Y from 'yjs';
import { describe, expect, it, vi } from 'vitest';
import { LimitsSchema } from '../../sync-server/config.ts';
import { updateMessage } from '../../sync-server/messages.ts';
import { MESSAGE_TYPE } from '../../sync-server/protocol.ts';
import { RoomRegistry } from '../../sync-server/room-registry.ts';
import type { RoomStore } from '../../sync-server/room-store.ts';
import { Room } from '../../sync-server/room.ts';
import { mulberry32 } from '../support/prng.ts';

const UPDATE = 2;
/** Seeded corruptions in the hostile-peer test: about 1 in 100 decodes but cannot be applied. */
const CORRUPTIONS = 1500;

function fakeSocket() {
  const sent: Uint8Array[] = [];
  const socket = {
    OPEN: 1,
    readyState: 1,
    isPaused: false,
    send: (message: Uint8Array) => sent.push(message),
    close: vi.fn(),
    terminate: vi.fn(),
    pause: vi.fn(),
    resume: vi.fn(),
  };
  const updates = () =>
    sent.filter((message) => {
      const decoder = decoding.createDecoder(message);
      return decoding.readVarUint(decoder) === MESSAGE_TYPE.sync && decoding.readVarUint(decoder) === UPDATE;
    });
  return { ws: socket as unknown as WebSocket, updates };
}

function setup() {
  const writes: Array<{ update: Uint8Array; done: () => void; fail: (e: Error) => void }> = [];
  const store = {
    append: (_room: string, update: Uint8Array) =>
      new Promise<void>((resolve, reject) => writes.push({ update, done: resolve, fail: reject })),
  } as unknown as RoomStore;
  const events = { idle: vi.fn(), broken: vi.fn(), compact: vi.fn() };
  const room = new Room(
    'r',
    new Y.Doc(),
    store,
    events,
    LimitsSchema.parse({ compactAfterUpdates: 100, maxQueuedPerConnection: 8 }),
  );
  const a = fakeSocket();
  const b = fakeSocket();
  for (const peer of [a, b]) {
    room.hold();
    room.attach(peer.ws);
  }
  return { room, writes, events, a, b };
}

function edit(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText('t').insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('sync-server room', () => {
  it('[S6] relays an update only after the store has written it', async () => {
    const { room, writes, a, b } = setup();
    room.receive(a.ws, updateMessage(edit('hello')));
    await settle();
    expect(writes).toHaveLength(1);
    expect(b.updates()).toHaveLength(0);
    writes[0]!.done();
    await room.drain();
    expect(b.updates()).toHaveLength(1);
    expect(a.updates()).toHaveLength(0);
  });

  it('[S7] relays nothing and reports the room broken when a write fails', async () => {
    const { room, writes, events, a, b } = setup();
    room.receive(a.ws, updateMessage(edit('lost')));
    await settle();
    writes[0]!.fail(new Error('disk full'));
    await room.drain();
    expect(events.broken).toHaveBeenCalledTimes(1);
    expect(b.updates()).toHaveLength(0);
    room.receive(a.ws, updateMessage(edit('after')));
    await room.drain();
    expect(writes).toHaveLength(1);
  });

  it('[S20] writes the updates that queued up meanwhile as one, then relays each peer the others’ changes', async () => {
    const { room, writes, a, b } = setup();
    room.receive(a.ws, updateMessage(edit('first')));
    await settle();
    room.receive(a.ws, updateMessage(edit('second')));
    room.receive(b.ws, updateMessage(edit('third')));
    writes[0]!.done();
    await settle();
    expect(writes).toHaveLength(2);
    const written = new Y.Doc();
    Y.applyUpdate(written, writes[1]!.update);
    expect(written.getText('t').length).toBe('secondthird'.length);
    expect(b.updates()).toHaveLength(1);
    writes[1]!.done();
    await room.drain();
    // b gets a's "second", a gets b's "third": one message each, never its own change back.
    const seen = (peer: ReturnType<typeof fakeSocket>) => {
      const doc = new Y.Doc();
      for (const message of peer.updates()) {
        const decoder = decoding.createDecoder(message);
        decoding.readVarUint(decoder);
        decoding.readVarUint(decoder);
        Y.applyUpdate(doc, decoding.readVarUint8Array(decoder));
      }
      return doc.getText('t').length;
    };
    expect(b.updates()).toHaveLength(2);
    expect(seen(b)).toBe('firstsecond'.length);
    expect(a.updates()).toHaveLength(1);
    expect(seen(a)).toBe('third'.length);
  });

  it('[S6] does not store an update that brings nothing new', async () => {
    const { room, writes, a } = setup();
    const update = edit('once');
    room.receive(a.ws, updateMessage(update));
    await settle();
    writes[0]!.done();
    await room.drain();
    room.receive(a.ws, updateMessage(update));
    await room.drain();
    expect(writes).toHaveLength(1);
  });

  it('[S14] closes a connection that sends a malformed message (1007) and keeps the room', async () => {
    const { room, events, a } = setup();
    room.receive(a.ws, new Uint8Array([MESSAGE_TYPE.sync, UPDATE, 5, 1, 2]));
    await room.drain();
    expect(a.ws.close).toHaveBeenCalledWith(1007, 'malformed message');
    expect(events.broken).not.toHaveBeenCalled();
  });

  it('[S18][S14] a hostile peer: seeded corruptions of real updates are refused or applied, never half', async () => {
    const rng = mulberry32(18);
    const source = new Y.Doc();
    source.getText('t').insert(0, 'hello world');
    source.getMap('m').set('k', new Y.Text('inner'));
    source.getArray('a').push([1, 'two', { three: 3 }]);
    source.getText('t').delete(2, 3);
    const whole = Y.encodeStateAsUpdate(source);
    const empty = Y.encodeStateVector(new Y.Doc());
    let refused = 0;
    for (let i = 0; i < CORRUPTIONS; i++) {
      const writes: Uint8Array[] = [];
      const store = { append: async (_room: string, update: Uint8Array) => void writes.push(update) };
      const events = { idle: vi.fn(), broken: vi.fn(), compact: vi.fn() };
      const room = new Room('r', new Y.Doc(), store as unknown as RoomStore, events, LimitsSchema.parse({}));
      const peer = fakeSocket();
      room.hold();
      room.attach(peer.ws);
      const corrupt = whole.slice(0, rng.chance(0.3) ? 1 + rng.int(whole.length) : whole.length);
      for (let k = 0, n = 1 + rng.int(3); k < n; k++) corrupt[rng.int(corrupt.length)] = rng.int(256);
      room.receive(peer.ws, updateMessage(corrupt));
      await room.drain();
      expect(events.broken, `corruption ${i}`).not.toHaveBeenCalled();
      if (vi.mocked(peer.ws.close).mock.calls.length > 0) {
        refused++;
        expect(writes, `corruption ${i}`).toHaveLength(0);
        expect(Y.encodeStateVector(room.doc), `corruption ${i}`).toEqual(empty);
      }
      room.destroy();
    }
    expect(refused).toBeGreaterThan(CORRUPTIONS / 2);
  });

  it('[S7] a failed write closes the room’s connections with 1011 and drops the room from memory', async () => {
    const store = {
      load: async () => new Y.Doc(),
      append: async () => {
        throw new Error('disk full');
      },
      compact: async () => {},
    } as unknown as RoomStore;
    const log: string[] = [];
    const registry = new RoomRegistry(store, LimitsSchema.parse({}), (line) => log.push(line));
    const room = await registry.hold('r');
    const [a, b] = [fakeSocket(), fakeSocket()];
    room.attach(a.ws);
    room.hold();
    room.attach(b.ws);
    expect(registry.roomCount).toBe(1);
    room.receive(a.ws, updateMessage(edit('lost')));
    await room.drain();
    for (const peer of [a, b]) expect(peer.ws.close).toHaveBeenCalledWith(1011, 'storage failure');
    expect(b.updates()).toHaveLength(0);
    expect(registry.roomCount).toBe(0);
    expect(log.some((line) => line.includes('writing to disk failed'))).toBe(true);
    // The next connection loads the room afresh from disk.
    expect(await registry.hold('r')).not.toBe(room);
  });
});
