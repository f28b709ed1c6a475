// What a participant remembers and what a request was given, through the worker's DriverApi against a
// real local OpenAI-protocol server whose context is small, so turns leave the windows and the
// chronicler runs (in the story's background, after each command): the person reviews, corrects and
// adds, and the next requests say so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { backgroundSettled, startHost, testSettings, type HostHarness } from '../support/host-harness.ts';
import { bodyKind, bodyWindow, isFor } from '../support/body-kinds.ts';
import type { MemoryView } from '../../src/workers/api.ts';

const firstWords = (quote: string, count: number) => quote.split(/\s+/).slice(0, count).join(' ');

/** A chronicler that quotes the oldest turn of the window it records from, and invents one event. */
function chronicle(body: ChatBody, n: number): string {
  const oldest = bodyWindow(body)
    .split('\n\n')
    .find((l) => /^(Wren|Jane): /.test(l));
  const quote = (oldest ?? '').slice((oldest ?? '').indexOf(': ') + 2).slice(0, 30);
  return JSON.stringify({
    memories: [{ text: `MEMORY-${n}: the gate at night.`, importance: 6 }],
    events: [
      { text: `EVENT-${n}`, evidence: quote },
      { text: `INVENTED-${n}`, evidence: 'words nobody ever said or perceived' },
    ],
    changes: [
      // Values in the quote's own words (M9): its first three, its first two.
      { subject: 'Wren', domain: 'location', value: firstWords(quote, 3), evidence: quote },
      { subject: 'Wren', domain: 'relationship', value: firstWords(quote, 2), evidence: quote },
    ],
    uncertainties: [],
  });
}

let turn = 0;
function answer(body: ChatBody, n: number) {
  const kind = bodyKind(body);
  const prompt = body.messages.map((m) => m.content).join('');
  const usage = { prompt_tokens: Math.ceil(prompt.length / 4), completion_tokens: 20 };
  if (kind === 'chronicle') return { text: chronicle(body, n), usage };
  if (kind === 'selector') return { text: JSON.stringify({ next: 'Jane' }), usage };
  if (kind === 'project')
    return { text: `You see Jane lift her lantern high over the gate, turn ${++turn}.`, usage };
  return { text: `I lift my lantern high and look at the road for a long while, turn ${++turn}.`, usage };
}

/**
 * Small enough that turns leave the windows within a few rounds, large enough for the chronicler's
 * request (the common rules, its own rules and one turn take some 930 tokens: 1,024 leaves no answer).
 */
const CONTEXT = 1536;

let server: OpenAIServer;
let host: HostHarness;
let storyId: string;
let jane: string;
let wren: string;

beforeAll(async () => {
  server = await startOpenAIServer({ answer });
  host = await startHost(server, undefined, JSON.stringify(testSettings(server, { contextTokens: CONTEXT })));
  const created = await host.api.createStory({
    title: 'Night watch',
    language: 'en',
    user: { name: 'Wren', persona: 'A traveller.' },
    characters: [{ name: 'Jane', card: { description: 'A guard with a lantern. CARD-OF-JANE' } }],
  });
  if (!created.ok) throw new Error(created.detail);
  storyId = created.storyId;
  const opened = await host.api.openStory(storyId);
  if (!opened.ok) throw new Error(opened.detail);
  jane = opened.story.participants.find((p) => p.name === 'Jane')?.id ?? '';
  wren = opened.story.userId;
  for (let i = 0; i < 14; i++) {
    const sent = await host.api.send(storyId, {
      next: { auto: true },
      text: `I walk up to the gate and call out my name once more, time ${i}.`,
    });
    if (!sent.ok) throw new Error(sent.detail);
  }
  // Each send stopped the background before it chronicled much: it has the time now, as the person reads.
  await backgroundSettled(host, storyId);
}, 60_000);
afterAll(async () => {
  await host.close();
  await server.close();
});

const chroniclerCalls = () =>
  server.requests.filter(
    (r) => (r.body.response_format as { json_schema?: { name?: string } })?.json_schema?.name === 'chronicle',
  );
async function memoryOf(who: string): Promise<MemoryView> {
  const r = await host.api.memory(storyId, who);
  if (!r.ok) throw new Error(r.detail);
  return r.memory;
}
const lastActorRequest = () =>
  server.requests
    .filter((r) => isFor(r.body, 'actor', 'Jane'))
    .at(-1)
    ?.body.messages.map((m) => m.content)
    .join('\n') ?? '';
async function playOnce(): Promise<void> {
  const sent = await host.api.send(storyId, { next: { auto: true }, text: 'I wait by the gate in silence.' });
  if (!sent.ok) throw new Error(sent.detail);
  await backgroundSettled(host, storyId);
}

describe('what a participant remembers, through the worker', () => {
  it('[M1][M2] turns that left a small window were chronicled, for the user too; invented evidence went to the audit', async () => {
    expect(chroniclerCalls().length).toBeGreaterThan(0);
    for (const who of [jane, wren]) {
      const m = await memoryOf(who);
      expect(m.chronicledTurns, m.name).toBeGreaterThan(0);
      expect(m.memories.some((x) => /^MEMORY-\d+/.test(x.text))).toBe(true);
      expect(m.state.find((s) => s.subjectName === 'Wren' && s.domain === 'location')?.value).toMatch(
        /^(I lift my|You see Jane)$/,
      );
      expect(m.pending.some((p) => p.domain === 'relationship')).toBe(true);
      expect(m.events.every((e) => !e.text.startsWith('INVENTED'))).toBe(true);
      expect(m.audit.some((a) => a.item.includes('INVENTED'))).toBe(true);
    }
  });

  it('[M3] review: accepted and amended changes become state, a rejected one never does', async () => {
    const pending = (await memoryOf(jane)).pending.filter((p) => p.domain === 'relationship');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const [first, second] = pending as [MemoryView['pending'][number], MemoryView['pending'][number]];
    expect(
      (await host.api.editMemory(storyId, jane, { kind: 'amend', changeId: first.id, value: ' ' })).ok,
    ).toBe(false);
    expect(
      (await host.api.editMemory(storyId, jane, { kind: 'amend', changeId: first.id, value: 'AMENDED wary' }))
        .ok,
    ).toBe(true);
    let m = await memoryOf(jane);
    expect(m.state.find((s) => s.domain === 'relationship')?.value).toBe('AMENDED wary');
    expect(m.pending.some((p) => p.id === first.id)).toBe(false);
    await host.api.editMemory(storyId, jane, { kind: 'review', changeId: second.id, decision: 'rejected' });
    m = await memoryOf(jane);
    expect(m.pending.some((p) => p.id === second.id)).toBe(false);
    expect(m.state.find((s) => s.domain === 'relationship')?.value).toBe('AMENDED wary');
    // The next request of Jane's says how things stand, with the person's value.
    await playOnce();
    expect(lastActorRequest()).toContain('AMENDED wary');
  });

  it("[M3][M6] a person's memory and correction reach the next request; forgetting and clearing take them out", async () => {
    expect(
      (await host.api.editMemory(storyId, jane, { kind: 'add-memory', text: '   ', importance: 5 })).ok,
    ).toBe(false);
    await host.api.editMemory(storyId, jane, {
      kind: 'add-memory',
      text: 'HAND-MEMORY: Wren once saved my brother.',
      importance: 10,
    });
    await host.api.editMemory(storyId, jane, {
      kind: 'correct',
      subject: wren,
      domain: 'inventory',
      value: 'HAND-STATE a silver key',
    });
    let m = await memoryOf(jane);
    const added = m.memories.find((x) => x.text.startsWith('HAND-MEMORY'));
    expect(added?.byPerson).toBe(true);
    expect(m.state.find((s) => s.domain === 'inventory')?.value).toBe('HAND-STATE a silver key');
    await playOnce();
    expect(lastActorRequest()).toContain('HAND-MEMORY');
    expect(lastActorRequest()).toContain('HAND-STATE a silver key');
    // Only Jane's: Wren's requests never carry what the person told Jane.
    const wrenRequests = server.requests.filter((r) => isFor(r.body, 'project', 'Wren'));
    expect(wrenRequests.length).toBeGreaterThan(0);
    expect(wrenRequests.some((r) => JSON.stringify(r.body).includes('HAND-'))).toBe(false);

    await host.api.editMemory(storyId, jane, { kind: 'forget-memory', memoryId: added?.id ?? '' });
    await host.api.editMemory(storyId, jane, {
      kind: 'correct',
      subject: wren,
      domain: 'inventory',
      value: '',
    });
    m = await memoryOf(jane);
    expect(m.memories.some((x) => x.text.startsWith('HAND-MEMORY'))).toBe(false);
    expect(m.state.some((s) => s.domain === 'inventory')).toBe(false);
    await playOnce();
    expect(lastActorRequest()).not.toContain('HAND-');
  });

  it('refuses what a screen read before a change asks: a change decided already, a memory set aside', async () => {
    const pending = (await memoryOf(jane)).pending[0];
    if (!pending) throw new Error('nothing pending');
    await host.api.editMemory(storyId, jane, { kind: 'review', changeId: pending.id, decision: 'accepted' });
    const again = await host.api.editMemory(storyId, jane, {
      kind: 'review',
      changeId: pending.id,
      decision: 'rejected',
    });
    expect(again).toMatchObject({ ok: false, code: 'not-found' });
    const forget = await host.api.editMemory(storyId, jane, { kind: 'forget-memory', memoryId: 'no-such' });
    expect(forget).toMatchObject({ ok: false, code: 'not-found' });
    const nobody = await host.api.editMemory(storyId, jane, {
      kind: 'correct',
      subject: 'nobody',
      domain: 'location',
      value: 'away',
    });
    expect(nobody).toMatchObject({ ok: false, code: 'unknown-participant' });
  });

  it('what the person added survives regenerating the newest turn', async () => {
    await host.api.editMemory(storyId, jane, {
      kind: 'add-memory',
      text: 'KEPT-MEMORY of the gate.',
      importance: 7,
    });
    const t = await host.api.transcript(storyId);
    if (!t.ok) throw new Error(t.detail);
    const newest = t.rows.at(-1);
    expect(newest?.origin).toBe('generated');
    const regenerated = await host.api.regenerateFrom(storyId, newest?.turnId ?? '');
    expect(regenerated.ok, JSON.stringify(regenerated)).toBe(true);
    const after = await host.api.transcript(storyId);
    if (!after.ok) throw new Error(after.detail);
    expect(after.rows.at(-1)?.turnId).not.toBe(newest?.turnId);
    expect((await memoryOf(jane)).memories.some((m) => m.text.startsWith('KEPT-MEMORY'))).toBe(true);
  });

  it('refuses a participant the story does not have', async () => {
    const r = await host.api.memory(storyId, 'nobody');
    expect(r.ok).toBe(false);
  });
});

describe('what a request was given, through the worker', () => {
  it("[G1][B2] a generated turn's itemisation adds up, and its rebuilt request is the one the server got, memories as they are now", async () => {
    const t = await host.api.transcript(storyId);
    if (!t.ok) throw new Error(t.detail);
    const last = t.rows.at(-1);
    expect(last?.origin).toBe('generated');
    const inspected = await host.api.inspectTurn(storyId, last?.turnId ?? '');
    if (!inspected.ok) throw new Error(inspected.detail);
    const { given } = inspected.turn;
    expect(given).toBeDefined();
    if (!given) return;
    expect(given.context).toBe(CONTEXT);
    expect(given.source).toBe('setting');
    expect(given.parts.reduce((n, p) => n + p.tokens, 0)).toBe(given.promptTokens);
    expect(given.parts.map((p) => p.part)).toEqual(
      expect.arrayContaining(['instructions', 'card', 'history']),
    );
    expect(given.promptTokens + given.maxTokens).toBeLessThanOrEqual(given.context);
    expect(given.window.start).toBeGreaterThan(0);

    const rebuilt = await host.api.turnRequest(storyId, last?.turnId ?? '');
    if (!rebuilt.ok) throw new Error(rebuilt.detail);
    const sent = server.requests.filter((r) => isFor(r.body, 'actor', 'Jane')).at(-1)?.body.messages;
    // Rebuilt from the story as it is now: the system message (the common rules, Jane's window, the
    // actor's rules and card) byte for byte; the tail tells memories and state as they stand now, which
    // the background may have chronicled into since (M1), then the same task.
    expect(rebuilt.request.messages.map((m) => m.role)).toEqual(sent?.map((m) => m.role));
    expect(rebuilt.request.messages[0]?.content).toBe(sent?.[0]?.content);
    expect(rebuilt.request.messages.at(-1)?.content.endsWith(sent?.at(-1)?.content ?? '—')).toBe(true);
    expect(rebuilt.request.messages[0]?.content).toContain('CARD-OF-JANE');

    // The user's view of it was made by a projection request with its own itemisation.
    const view = inspected.turn.variants.find((v) => v.audience === wren);
    expect(view?.given?.parts.some((p) => p.part === 'source')).toBe(true);
    const projected = await host.api.turnRequest(storyId, last?.turnId ?? '', wren);
    if (!projected.ok) throw new Error(projected.detail);
    expect(projected.request.messages[0]?.content).toContain('This request is for Wren.');
    expect(projected.request.messages[0]?.content).toContain("Now you are Wren's perception filter");
    expect(JSON.stringify(projected.request)).not.toContain('CARD-OF-JANE');
  });

  it('a hand-written turn has no request', async () => {
    const t = await host.api.transcript(storyId);
    if (!t.ok) throw new Error(t.detail);
    const own = t.rows.find((r) => r.kind === 'own');
    const r = await host.api.turnRequest(storyId, own?.turnId ?? '');
    expect(r.ok).toBe(false);
  });
});
