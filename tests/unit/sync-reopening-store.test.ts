// The store that reopens its database after a failed write: nothing is written on the failed handle
// after the failure, later calls go to the new handle, and a store that cannot be reopened is lost once.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { reopeningStore } from '../../sync-server/reopening-store.ts';
import type { RoomStore } from '../../sync-server/room-store.ts';

function handle(name: string, calls: string[], failFirstAppend = false): RoomStore {
  let fail = failFirstAppend;
  return {
    load: async (room) => {
      calls.push(`${name} load ${room}`);
      return new Y.Doc();
    },
    append: async (room) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      calls.push(`${name} append ${room}`);
      if (fail) {
        fail = false;
        throw new Error('IO error: No space left on device');
      }
    },
    compact: async (room) => void calls.push(`${name} compact ${room}`),
    close: async () => void calls.push(`${name} close`),
  };
}

describe('sync-server reopening store', () => {
  it('[S21] writes nothing more on a handle that failed a write: it is closed, and the next calls go to a new one', async () => {
    const calls: string[] = [];
    const logs: string[] = [];
    let opened = 0;
    const store = reopeningStore(handle('first', calls, true), async () => handle(`new-${++opened}`, calls), {
      attempts: 3,
      intervalMs: 1,
      log: (line) => logs.push(line),
      lost: () => calls.push('lost'),
    });
    const results = await Promise.allSettled([
      store.append('a', new Uint8Array()),
      store.append('b', new Uint8Array()),
    ]);
    await store.load('c');
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(calls).toEqual(['first append a', 'first close', 'new-1 append b', 'new-1 load c']);
    expect(logs).toEqual([
      'a write to the database failed (IO error: No space left on device): reopening it',
      'database reopened (attempt 1)',
    ]);
  });

  it('[S21] is lost, once, when the database cannot be opened again; every later call is refused', async () => {
    const calls: string[] = [];
    const lost: Error[] = [];
    let attempts = 0;
    const store = reopeningStore(
      handle('first', calls, true),
      async () => {
        attempts++;
        throw new Error('IO error: No space left on device');
      },
      { attempts: 3, intervalMs: 1, log: () => {}, lost: (e) => lost.push(e) },
    );
    await expect(store.append('a', new Uint8Array())).rejects.toThrow('No space left');
    await expect(store.append('b', new Uint8Array())).rejects.toThrow('could not be reopened');
    await expect(store.load('c')).rejects.toThrow('could not be reopened');
    expect(attempts).toBe(3);
    expect(lost).toHaveLength(1);
    expect(calls).toEqual(['first append a', 'first close']);
  });
});
