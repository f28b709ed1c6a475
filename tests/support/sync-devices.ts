// "Devices" for sync tests: each is a worker host (createDriverHost, called directly) with its own
// IndexedDB databases (a store prefix on one fake-indexeddb), a scripted model, and sync through `ws`;
// no tab channel (the store's `broadcast` is left out), so only the server can carry updates between them.
import 'fake-indexeddb/auto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { startSyncServer, type SyncServer } from '../../sync-server/server.ts';
import WebSocket from 'ws';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createDriverHost } from '../../src/workers/host/driver-host.ts';
import { testBackends } from './host-harness.ts';
import { createStoryStore } from '../../src/workers/store/story-store.ts';
import type { DriverApi, DriverEvent, Result, SyncState } from '../../src/workers/api.ts';
import type { DeviceSettings } from '../../src/workers/store/device-settings.ts';
import { memorySettings } from './memory-settings.ts';
import { kindOf } from './driver-env.ts';
import { createScriptedModel } from './scripted-model.ts';

export interface Device {
  name: string;
  /** Names its IndexedDB databases (`<prefix>-library`, `<prefix>-story-<id>`). */
  prefix: string;
  api: DriverApi;
  events: DriverEvent[];
  /** Saves these sync settings (undefined: sync off), as Settings → Sync does. */
  setSync(sync: DeviceSettings['sync']): Promise<void>;
  close(): Promise<void>;
}

export const PROJECTION = 'You hear a knock at the gate.';

let devices = 0;

export async function startDevice(
  name: string,
  sync: DeviceSettings['sync'],
  storeOptions: { segmented?: boolean } = {},
): Promise<Device> {
  const model = createScriptedModel((request) =>
    kindOf(request) === 'selector' ? JSON.stringify({ next: 'Jane' }) : PROJECTION,
  );
  const backends = testBackends(() => model);
  const settings: DeviceSettings = {
    version: 1,
    uiLanguage: 'en',
    profiles: [
      {
        id: 'm',
        label: 'Scripted',
        kind: 'openai',
        baseURL: 'http://model.invalid/v1',
        apiKey: '',
        model: 'm',
      },
    ],
    operations: { default: 'm' },
    storyOperations: {},
    sharedStories: [],
    ...(sync ? { sync } : {}),
  };
  const prefix = `device-${++devices}-${name}`;
  const store = createStoryStore({ prefix, ...storeOptions });
  let ids = 0;
  const api = createDriverHost({
    store,
    settings: memorySettings(settings),
    prompts: shippedPrompts(),
    backends: () => backends,
    clock: Date.now,
    newId: () => `${name}-${++ids}-${Math.random().toString(36).slice(2, 8)}`,
    timers: {
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
    sync: {
      WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
      maxBackoffTime: 200,
    },
  });
  const events: DriverEvent[] = [];
  await api.subscribe((e) => void events.push(e));
  const setSync = async (next: DeviceSettings['sync']) => {
    const { sync: _old, ...rest } = await api.getDeviceSettings();
    ok(await api.setDeviceSettings(next ? { ...rest, sync: next } : rest));
  };
  return {
    name,
    prefix,
    api,
    events,
    setSync,
    async close() {
      await setSync(undefined);
      await store.closeAll();
    },
  };
}

export function ok<T extends object>(result: Result<T>): { ok: true } & T {
  if (!result.ok) throw new Error(`${result.code}: ${result.detail}`);
  return result;
}

export async function eventually<T>(
  read: () => Promise<T> | T,
  check: (value: T) => boolean,
  what: string,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await read();
    if (check(last)) return last;
    if (Date.now() > deadline)
      throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Waits until the device's overall sync status is `status`, and returns it. */
export const statusIs = (api: DriverApi, status: SyncState, what: string) =>
  eventually(
    () => api.syncStatus(),
    (s) => s.status === status,
    what,
  );

/**
 * Sync servers on random ports (their log lines to `log`) and devices paired with one (as its owner),
 * all closed after each test and their folder removed after the file: the scene of the sync suites.
 */
export function syncScene(prefix: string) {
  const work = mkdtempSync(join(tmpdir(), prefix));
  const servers: SyncServer[] = [];
  const devices: Device[] = [];
  afterEach(async () => {
    for (const device of devices.splice(0)) await device.close();
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  let dirs = 0;
  return {
    async start(log: string[] = []): Promise<SyncServer> {
      const server = await startSyncServer(
        { host: '127.0.0.1', port: 0, dataDir: join(work, `data-${++dirs}`), staticRoot: null },
        (line) => void log.push(line),
      );
      servers.push(server);
      return server;
    },
    async device(name: string, server?: SyncServer): Promise<Device> {
      const made = await startDevice(
        name,
        server ? { serverURL: server.url, token: server.data.secrets.ownerToken } : undefined,
      );
      devices.push(made);
      return made;
    },
  };
}
