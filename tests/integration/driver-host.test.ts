// The worker's DriverApi in Node, through comlink over a MessageChannel, on fake-indexeddb, against a
// real local OpenAI-protocol server: play, stream, cancel, edit, reopen.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import * as Comlink from 'comlink';
import { randomUUID } from 'node:crypto';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { memorySettings } from '../support/memory-settings.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/workers/backends/openai-chat-model.ts';
import { createDriverHost, type DeviceBackends } from '../../src/workers/driver-host.ts';
import { createStoryStore, type StoryStore } from '../../src/workers/story-store.ts';
import type { DriverApi, DriverEvent } from '../../src/workers/api.ts';
import type { DeviceSettings } from '../../src/driver/settings/device-settings.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Makes the actor answer slowly, so a test can cancel it midway. */
const slow = { actor: false };
afterEach(() => {
  slow.actor = false;
});

function answer(body: ChatBody): string | { text: string; chunkSize: number; delayMs?: number } {
  const system = body.messages[0]?.content ?? '';
  const format = (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  if (format === 'next_actor') return JSON.stringify({ next: 'Jane' });
  if (system.startsWith('You are the perception filter'))
    return { text: 'You see Jane raise her lantern.', chunkSize: 4 };
  if (slow.actor) return { text: 'I wait and wait.', chunkSize: 2, delayMs: 200 };
  return { text: 'I raise my lantern. (PRIVATE-THOUGHT: he looks tired)', chunkSize: 4 };
}

async function makeApi(server: OpenAIServer, store: StoryStore = createStoryStore()) {
  const settings: DeviceSettings = {
    version: 1,
    uiLanguage: 'en',
    profiles: [
      {
        id: 'local',
        label: 'Local',
        kind: 'openai',
        baseURL: server.baseURL,
        apiKey: 'k',
        model: 'test-model',
      },
    ],
    operations: { default: 'local' },
    storyOperations: {},
  };
  const unsupported = async () => ({
    ok: false as const,
    code: 'no-backend' as const,
    detail: 'not in this test',
  });
  const backends: DeviceBackends = {
    factory: (p) =>
      p.kind === 'openai'
        ? createOpenAIChatModel({ baseURL: p.baseURL, apiKey: p.apiKey, model: p.model })
        : (null as never),
    endpointPresets: async () => [],
    testConnection: async () => ({ ok: true, detail: '', models: [] }),
    probeLocalServers: async () => [],
    webgpuStatus: async () => ({ available: false, shaderF16: false, detail: '' }),
    webllmModels: async () => [],
    downloadWebllmModel: unsupported,
    deleteWebllmModel: unsupported,
  };
  const host = createDriverHost({
    store,
    settings: memorySettings(settings),
    prompts: shippedPrompts(),
    backends,
    clock: Date.now,
    newId: randomUUID,
    timers: {
      setTimeout: (f, ms) => setTimeout(f, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    },
  });
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(host, port1);
  const api = Comlink.wrap<DriverApi>(port2);
  const events: DriverEvent[] = [];
  await api.subscribe(Comlink.proxy((e: DriverEvent) => void events.push(e)));
  cleanups.push(() => {
    port1.close();
    port2.close();
  });
  return { api, events, store };
}

async function newStory(api: Comlink.Remote<DriverApi>) {
  const created = await api.createStory({
    title: 'Night watch',
    language: 'en',
    user: { name: 'Wren', persona: 'A traveller.' },
    characters: [{ name: 'Jane', card: { description: 'A guard.' } }],
  });
  if (!created.ok) throw new Error(created.detail);
  return created.storyId;
}

describe('DriverApi over comlink', () => {
  it('plays a turn: the user transcript holds the projection, never the source; tokens stream in batches', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api, events } = await makeApi(server);
    const storyId = await newStory(api);
    expect((await api.listStories()).map((s) => s.title)).toEqual(['Night watch']);
    const authored = await api.authorTurn(storyId, { text: 'I knock on the gate.' });
    expect(authored.ok).toBe(true);
    const acted = await api.act(storyId, { auto: true });
    expect(acted.ok, JSON.stringify(acted)).toBe(true);
    const t = await api.transcript(storyId);
    if (!t.ok) throw new Error(t.detail);
    expect(t.rows.map((r) => [r.authorName, r.kind, r.text])).toEqual([
      ['Wren', 'own', 'I knock on the gate.'],
      ['Jane', 'perceived', 'You see Jane raise her lantern.'],
    ]);
    expect(JSON.stringify(t)).not.toContain('PRIVATE-THOUGHT');
    const tokenEvents = events.filter((e) => e.kind === 'tokens');
    expect(tokenEvents.length).toBeGreaterThan(0);
    expect(events.some((e) => e.kind === 'phase' && e.phase?.kind === 'acting')).toBe(true);
    expect(events.some((e) => e.kind === 'story-changed' && e.storyId === storyId)).toBe(true);
  });

  it('[L5] cancel stops a generation end to end and stores nothing; a second one meanwhile is refused', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api } = await makeApi(server);
    const storyId = await newStory(api);
    await api.authorTurn(storyId, { text: 'I whisper.' });
    slow.actor = true;
    const before = await api.exportStory(storyId);
    const overviewResult = await api.openStory(storyId);
    if (!overviewResult.ok) throw new Error(overviewResult.detail);
    const jane = overviewResult.story.participants.find((p) => p.name === 'Jane')?.id ?? '';
    const acting = api.act(storyId, { actor: jane });
    await new Promise((r) => setTimeout(r, 150));
    const busy0 = await api.authorTurn(storyId, { text: 'Meanwhile…' });
    expect(!busy0.ok && busy0.code).toBe('busy');
    await api.cancel(storyId);
    const result = await acting;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.code).toBe('cancelled');
    const after = await api.exportStory(storyId);
    expect(after.ok && after.story.turns.length).toBe(before.ok && before.story.turns.length);
  });

  it('a reopened store (a reload) has the story back from IndexedDB', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const first = await makeApi(server);
    const storyId = await newStory(first.api);
    await first.api.authorTurn(storyId, { text: 'I light a fire.' });
    const exported = await first.api.exportStory(storyId);
    await first.store.closeAll();
    const second = await makeApi(server);
    expect((await second.api.listStories()).map((s) => s.id)).toContain(storyId);
    expect(await second.api.exportStory(storyId)).toEqual(exported);
  });

  it('edits, keep as is and branches go through the worker', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api } = await makeApi(server);
    const storyId = await newStory(api);
    const a = await api.authorTurn(storyId, { text: 'I wave.' });
    if (!a.ok) throw new Error(a.detail);
    const acted = await api.act(storyId, { auto: true });
    if (!acted.ok) throw new Error(acted.detail);
    await api.editSource(storyId, a.turnId, [{ retain: 1 }, { insert: ' slowly' }]);
    const inspected = await api.inspectTurn(storyId, acted.turnIds[0] ?? '');
    expect(inspected.ok && inspected.turn.stale).toBe(true);
    const kept = await api.keepAsIs(storyId, acted.turnIds[0] ?? '');
    expect(kept.ok).toBe(true);
    const again = await api.inspectTurn(storyId, acted.turnIds[0] ?? '');
    expect(again.ok && again.turn.stale).toBe(false);
    const alt = await api.regenerateFrom(storyId, acted.turnIds[0] ?? '');
    expect(alt.ok).toBe(true);
    const t = await api.transcript(storyId);
    expect(t.ok && t.rows[1]?.sibling).toEqual({ index: 1, count: 2 });
    const switched = await api.switchBranch(storyId, acted.turnIds[0] ?? '');
    expect(switched.ok).toBe(true);
    const back = await api.transcript(storyId);
    expect(back.ok && back.rows[1]?.turnId).toBe(acted.turnIds[0]);
  });

  it('says what to do when no model is set up', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api } = await makeApi(server);
    await api.setDeviceSettings({
      version: 1,
      uiLanguage: 'en',
      profiles: [],
      operations: {},
      storyOperations: {},
    });
    const storyId = await newStory(api);
    const r = await api.authorTurn(storyId, { text: 'Hello.' });
    expect(!r.ok && r.code).toBe('no-backend');
    expect(!r.ok && r.detail).toMatch(/Settings/);
  });
});
