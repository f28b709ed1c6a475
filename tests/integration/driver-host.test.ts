// The worker's DriverApi in Node, through comlink over a MessageChannel, on fake-indexeddb, against a
// real local OpenAI-protocol server: play, stream, cancel, edit, reopen, switch the story's language.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { createStoryStore, type StoryStore } from '../../src/workers/store/story-store.ts';
import { backgroundSettled, newStory, startHost } from '../support/host-harness.ts';
import { bodyKind, isFor } from '../support/body-kinds.ts';
import { tr } from '../../src/driver/i18n/messages.ts';

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
  const kind = bodyKind(body);
  if (kind === 'selector') return JSON.stringify({ next: 'Jane' });
  if (kind === 'project') return { text: 'You see Jane raise her lantern.', chunkSize: 4 };
  if (slow.actor) return { text: 'I wait and wait.', chunkSize: 2, delayMs: 200 };
  return { text: 'I raise my lantern. (PRIVATE-THOUGHT: he looks tired)', chunkSize: 4 };
}

async function makeApi(server: OpenAIServer, store?: StoryStore) {
  const host = await startHost(server, store);
  cleanups.push(() => host.close());
  return host;
}

describe('DriverApi over comlink', () => {
  it('plays a turn: the user transcript holds the projection, never the source; tokens stream in batches', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api, events } = await makeApi(server);
    const storyId = await newStory(api);
    expect((await api.listStories()).map((s) => s.title)).toEqual(['Night watch']);
    const authored = await api.send(storyId, { next: null, text: 'I knock on the gate.' });
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
    await api.send(storyId, { next: null, text: 'I whisper.' });
    slow.actor = true;
    const before = await api.exportStory(storyId);
    const overviewResult = await api.openStory(storyId);
    if (!overviewResult.ok) throw new Error(overviewResult.detail);
    const jane = overviewResult.story.participants.find((p) => p.name === 'Jane')?.id ?? '';
    const acting = api.act(storyId, { actor: jane });
    await new Promise((r) => setTimeout(r, 150));
    const busy0 = await api.send(storyId, { next: null, text: 'Meanwhile…' });
    expect(!busy0.ok && busy0.code).toBe('busy');
    await api.cancel(storyId);
    const result = await acting;
    expect(result.ok).toBe(false);
    expect(!result.ok && result.code).toBe('cancelled');
    const after = await api.exportStory(storyId);
    expect(after.ok && after.story.turns.length).toBe(before.ok && before.story.turns.length);
  });

  it('deleting a story while it generates cancels the generation and leaves no entry behind', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api } = await makeApi(server);
    const storyId = await newStory(api);
    const kept = await newStory(api);
    await api.send(storyId, { next: null, text: 'I whisper.' });
    slow.actor = true;
    const acting = api.act(storyId, { auto: true });
    await new Promise((r) => setTimeout(r, 150));
    expect((await api.deleteStory(storyId)).ok).toBe(true);
    const result = await acting;
    expect(!result.ok && result.code).toBe('cancelled');
    // The generation's end marks the story active only while it is listed: it is not listed again.
    expect((await api.listStories()).map((s) => s.id)).toEqual([kept]);
  });

  it('a reopened store (a reload) has the story back from IndexedDB', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const device = `reload-${Date.now()}`;
    const first = await startHost(server, createStoryStore({ prefix: device }));
    const storyId = await newStory(first.api);
    await first.api.send(storyId, { next: null, text: 'I light a fire.' });
    const exported = await first.api.exportStory(storyId);
    await first.close();
    const second = await makeApi(server, createStoryStore({ prefix: device }));
    expect((await second.api.listStories()).map((s) => s.id)).toContain(storyId);
    expect(await second.api.exportStory(storyId)).toEqual(exported);
  });

  it('edits, keep as is and branches go through the worker', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api } = await makeApi(server);
    const storyId = await newStory(api);
    const a = await api.send(storyId, { next: null, text: 'I wave.' });
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
    expect(t.ok && t.rows[1]?.siblings[0]).toBe(acted.turnIds[0]);
    expect(t.ok && t.rows[1]?.origin).toBe('generated');
    const switched = await api.switchBranch(storyId, acted.turnIds[0] ?? '');
    expect(switched.ok).toBe(true);
    const back = await api.transcript(storyId);
    expect(back.ok && back.rows[1]?.turnId).toBe(acted.turnIds[0]);
  });

  it('stale history through the worker: the transcript says so, Send refuses and stores nothing, resolveStale settles it', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api } = await makeApi(server);
    const storyId = await newStory(api);
    const a = await api.send(storyId, { text: 'I wave.' });
    if (!a.ok || !a.acted) throw new Error('the turn and the answer to it were not made');
    // Edited by hand, the character's turn is marked so; emptied, the edit is refused.
    expect((await api.editSource(storyId, a.acted, [{ retain: 1 }, { insert: ' (by hand)' }])).ok).toBe(true);
    const marked = await api.inspectTurn(storyId, a.acted);
    expect(marked.ok && marked.turn.edited).toBe(true);
    const source = marked.ok ? marked.turn.source : '';
    const emptied = await api.editSource(storyId, a.acted, [{ delete: source.length }]);
    expect(!emptied.ok && emptied.detail).toMatch(/cannot be empty/);
    const view = marked.ok ? (marked.turn.variants[0]?.audience ?? '') : '';
    const text = marked.ok ? (marked.turn.variants[0]?.text ?? '') : '';
    const deleted = await api.editPov(storyId, a.acted, view, [{ delete: text.length }]);
    expect(!deleted.ok && deleted.detail).toMatch(/Mark as perceived nothing/);

    await api.editSource(storyId, a.turnId, [{ retain: 1 }, { insert: ' slowly' }]);
    const stale = await api.transcript(storyId);
    expect(stale.ok && stale.stale?.turns).toEqual([a.turnId, a.acted]);
    expect(stale.ok && stale.stale?.byHand).toBe(1);
    const requests = server.requests.length;
    const refused = await api.send(storyId, { text: 'Hello again.' });
    expect(!refused.ok && refused.code).toBe('stale-history');
    expect(!refused.ok && refused.stale?.turns).toEqual([a.turnId, a.acted]);
    expect(server.requests.length).toBe(requests);
    const after = await api.openStory(storyId);
    expect(after.ok && after.story.length).toBe(2);
    expect((await api.resolveStale(storyId, 'keep')).ok).toBe(true);
    const settled = await api.transcript(storyId);
    expect(settled.ok && settled.stale).toBeNull();
    expect(server.requests.length).toBe(requests);
  });

  it('branchFrom ends the path at a turn; the next turn is an alternative to what followed it', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const { api } = await makeApi(server);
    const storyId = await newStory(api);
    const first = await api.send(storyId, { next: null, text: 'I wave.' });
    if (!first.ok) throw new Error(first.detail);
    const acted = await api.act(storyId, { auto: true });
    if (!acted.ok) throw new Error(acted.detail);
    const branched = await api.branchFrom(storyId, first.turnId);
    expect(branched.ok).toBe(true);
    const cut = await api.transcript(storyId);
    expect(cut.ok && cut.rows.map((r) => r.turnId)).toEqual([first.turnId]);
    const other = await api.send(storyId, { next: null, text: 'I wave again.' });
    if (!other.ok) throw new Error(other.detail);
    const t = await api.transcript(storyId);
    if (!t.ok) throw new Error(t.detail);
    expect(t.rows[1]?.siblings).toEqual([acted.turnIds[0], other.turnId]);
    expect(t.rows[1]?.sibling).toEqual({ index: 1, count: 2 });
    expect(t.rows[0]?.siblings).toEqual([first.turnId]);
    const missing = await api.branchFrom(storyId, 'nope');
    expect(!missing.ok && missing.code).toBe('not-found');
  });

  it("[R6][R12] a story's language changes after creation: its next requests use the other language's prompts and checks", async () => {
    const LATIN = 'I raise my lantern and look at the traveller by the gate.';
    const server = await startOpenAIServer({
      answer: (body) => {
        const chinese = (body.messages[0]?.content ?? '').startsWith('这是一场');
        if (bodyKind(body) === 'project')
          return chinese ? '你看见简举起了灯笼。' : 'You see Jane raise her lantern.';
        // The first Chinese actor answer is in Latin script, to show the script check follows the switch.
        const retried = body.messages.at(-1)?.content.includes('你上一次的回答无法使用');
        return chinese && retried ? '我举起灯笼，看着门口的旅人。' : LATIN;
      },
    });
    cleanups.push(() => server.close());
    const { api, events } = await makeApi(server);
    const storyId = await newStory(api);
    const opened = await api.openStory(storyId);
    const jane = opened.ok ? (opened.story.participants.find((p) => p.name === 'Jane')?.id ?? '') : '';
    const actorRequests = () => server.requests.filter((r) => isFor(r.body, 'actor', 'Jane'));
    expect((await api.act(storyId, { actor: jane })).ok).toBe(true);
    expect(actorRequests().at(-1)?.body.messages.at(-1)?.content).toMatch(/^It is your turn, Jane\./);

    expect(await api.setStoryLanguage(storyId, 'zh')).toEqual({ ok: true });
    const reopened = await api.openStory(storyId);
    expect(reopened.ok && reopened.story.language).toBe('zh');
    expect(events.some((e) => e.kind === 'story-changed' && e.storyId === storyId && e.meta)).toBe(true);
    const before = actorRequests().length;
    const inChinese = await api.act(storyId, { actor: jane });
    expect(inChinese.ok, JSON.stringify(inChinese)).toBe(true);
    const [first, retry] = actorRequests().slice(before);
    // The common rules, Jane's point of view and the actor's rules, all in Chinese.
    expect(first?.body.messages[0]?.content).toMatch(/^这是一场用中文书写的角色扮演/);
    expect(first?.body.messages[0]?.content).toContain('这个请求是为Jane而发的。');
    expect(first?.body.messages[0]?.content).toContain('现在以Jane的身份写Jane的下一个回合');
    // Text built from data follows too: the card is labelled in Chinese.
    expect(first?.body.messages[0]?.content).toContain(`${tr('zh', 'Who you are')}：A guard.`);
    const task = '轮到你了，Jane。用第一人称写出你接下来做什么、说什么。';
    expect(first?.body.messages.at(-1)?.content).toBe(task);
    // The Latin answer was refused in Chinese and asked for again; only the Chinese one was stored.
    expect(retry?.body.messages.at(-1)?.content).toMatch(new RegExp(`^${task}\\n\\n你上一次的回答无法使用`));
    const t = await api.transcript(storyId);
    const last = t.ok ? t.rows.at(-1) : undefined;
    expect(last?.text).toBe('你看见简举起了灯笼。');
    const stored = await api.inspectTurn(storyId, last?.turnId ?? '');
    expect(stored.ok && stored.turn.source).toBe('我举起灯笼，看着门口的旅人。');

    expect(await api.setStoryLanguage(storyId, 'en')).toEqual({ ok: true });
    expect((await api.act(storyId, { actor: jane })).ok).toBe(true);
    expect(actorRequests().at(-1)?.body.messages.at(-1)?.content).toMatch(/^It is your turn, Jane\./);
  });

  it('settings saved on the device that cannot be used are reported until saved again, not dropped silently', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const host = await startHost(server, undefined, '{"profiles": [{"id": "x", "kind": "llamafile"}]}');
    cleanups.push(() => host.close());
    const { api } = host;
    expect(await api.settingsProblem()).toMatch(/^The settings saved on this device were not valid \(.+\)/);
    expect((await api.getDeviceSettings()).profiles).toEqual([]);
    expect((await api.setDeviceSettings(await api.getDeviceSettings())).ok).toBe(true);
    expect(await api.settingsProblem()).toBeNull();
  });

  it("[L8] says what to do when no model is set up: the person's turn is stored, the views wait for one", async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const host = await makeApi(server);
    const { api } = host;
    await api.setDeviceSettings({
      version: 1,
      uiLanguage: 'en',
      profiles: [],
      operations: {},
      storyOperations: {},
      sharedStories: [],
    });
    const storyId = await newStory(api);
    // Models are resolved when a command first needs one: the person's own turn needs none.
    const opened = await api.openStory(storyId);
    const jane = opened.ok ? (opened.story.participants.find((p) => p.kind === 'character')?.id ?? '') : '';
    expect((await api.send(storyId, { next: null, text: 'Hello.' })).ok).toBe(true);
    // Jane's view of it is the background's: it stops on the missing model and says where to set one up.
    const stopped = await backgroundSettled(host, storyId);
    expect(stopped.pending).toBe(1);
    expect(stopped.failure).toMatch(/Settings/);
    const t = await api.transcript(storyId);
    expect(t.ok && t.rows.map((r) => r.text)).toEqual(['Hello.']);
    // A command that needs a model says so, and the person's turn stays.
    const r = await api.act(storyId, { actor: jane });
    expect(!r.ok && r.code).toBe('no-backend');
    expect(!r.ok && r.detail).toMatch(/Settings/);
    const after = await api.transcript(storyId);
    expect(after.ok && after.length).toBe(1);
    expect(server.requests).toHaveLength(0);
  });
});
