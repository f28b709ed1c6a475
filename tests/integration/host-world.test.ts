// Worlds and lorebooks through the worker, against a real OpenAI-protocol server: a story starts with
// a copy of a library world and its books (the world's prompts over its suggested preset; a bad prompt
// refuses the start), a later library edit changes nothing until re-applied, and a character's request
// holds only the nodes it knows and the lore its own window fired.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind, isFor } from '../support/body-kinds.ts';
import type { WorldInput } from '../../src/workers/api.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const answer = (body: ChatBody) =>
  bodyKind(body) === 'project' ? 'You hear Wren ask about the old mill.' : 'I lift my lantern.';

async function setup(): Promise<{ server: OpenAIServer; host: HostHarness }> {
  const server = await startOpenAIServer({ answer });
  const host = await startHost(server);
  cleanups.push(
    () => server.close(),
    () => host.close(),
  );
  return { server, host };
}

const VALLEY: WorldInput = {
  id: 'valley',
  name: 'The valley',
  nodes: [
    { id: 'mara', kind: 'character', name: 'Mara', body: 'Keeper of the chapel.' },
    { id: 'pell', kind: 'character', name: 'Pell', body: 'A miller’s son.' },
    { id: 'key', kind: 'thing', name: 'The Ashen Key', body: 'Hidden under the altar.' },
  ],
  knowledge: { mara: { nodes: ['key'], relationships: [] } },
  books: ['valley-lore'],
  prompts: { 'en/roleplay/style': 'Write in the plain style of a folk tale.' },
};

const start = (host: HostHarness, extra: object = {}) =>
  host.api.createStory({
    title: 'The chapel',
    language: 'en',
    user: { name: 'Wren' },
    characters: [{ name: 'Mara' }, { name: 'Pell' }],
    world: { worldId: 'valley' },
    ...extra,
  });

describe('worlds and lorebooks through the worker', () => {
  it('[WK4] a story copies its world and books at start; a library edit shows as changed until re-applied', async () => {
    const { host } = await setup();
    expect(
      (
        await host.api.saveLorebook({
          id: 'valley-lore',
          name: 'Valley lore',
          entries: [{ id: 'mill', keys: ['mill'], content: 'The mill burned last winter.' }],
        })
      ).ok,
    ).toBe(true);
    expect((await host.api.saveWorld(VALLEY)).ok).toBe(true);
    const created = await start(host);
    if (!created.ok) throw new Error(created.detail);
    const read = await host.api.storyWorld(created.storyId);
    if (!read.ok) throw new Error(read.detail);
    expect(read.world.status).toBe('current');
    expect(read.world.books.map((b) => [b.name, b.status, b.attachments])).toEqual([
      ['Valley lore', 'current', [{ kind: 'world' }]],
    ]);
    const overview = await host.api.openStory(created.storyId);
    if (!overview.ok) throw new Error(overview.detail);
    const mara = overview.story.participants.find((p) => p.name === 'Mara')?.id as string;
    expect(read.world.world?.characters[mara]).toBe('mara');
    expect(read.world.world?.knowledge[mara]).toEqual({ nodes: ['key'], relationships: [] });

    await host.api.saveWorld({
      ...VALLEY,
      nodes: [...(VALLEY.nodes ?? []), { id: 'mill', kind: 'place', name: 'The Mill' }],
    });
    const changed = await host.api.storyWorld(created.storyId);
    expect(changed.ok && changed.world.status).toBe('changed-in-library');
    expect(changed.ok && changed.world.world?.nodes.map((n) => n.id)).toEqual(['mara', 'pell', 'key']);
    expect((await host.api.reapplyWorld(created.storyId)).ok).toBe(true);
    const reapplied = await host.api.storyWorld(created.storyId);
    expect(reapplied.ok && reapplied.world.status).toBe('current');
    // What Mara knew from the start is the story's, and stays.
    expect(reapplied.ok && reapplied.world.world?.knowledge[mara]).toEqual({
      nodes: ['key'],
      relationships: [],
    });
  });

  it('[WK4] a world prompt that is not a prompt refuses the start, naming the file', async () => {
    const { host } = await setup();
    await host.api.saveWorld({ ...VALLEY, books: [], prompts: { 'en/roleplay/ghost': 'Boo.' } });
    const refused = await start(host);
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.detail).toMatch(/en\/roleplay\/ghost/);
    expect(await host.api.listStories()).toEqual([]);
  });

  it('[WK4] a suggested preset the library lacks is told, kept with the story, and the story starts in the default style', async () => {
    const { host } = await setup();
    await host.api.saveWorld({ ...VALLEY, books: [], prompts: {}, suggestedPreset: 'gone' });
    const created = await start(host);
    if (!created.ok) throw new Error(created.detail);
    expect(created.notices?.[0]).toMatch(/The preset the world suggests was not applied: .*gone/);
    const read = await host.api.storyWorld(created.storyId);
    expect(read.ok && read.world.world?.notices).toEqual(created.notices);
    const preset = await host.api.storyPreset(created.storyId);
    expect(preset.ok && preset.preset.status).toBe('none');
  });

  it('[WK1][WP1] a character’s request holds the nodes it knows and the lore its own window fired, and the world’s prompts', async () => {
    const { server, host } = await setup();
    await host.api.saveLorebook({
      id: 'valley-lore',
      name: 'Valley lore',
      entries: [{ id: 'mill', keys: ['mill'], content: 'The mill burned last winter.' }],
    });
    await host.api.saveWorld(VALLEY);
    const created = await start(host);
    if (!created.ok) throw new Error(created.detail);
    const overview = await host.api.openStory(created.storyId);
    if (!overview.ok) throw new Error(overview.detail);
    const id = (name: string) => overview.story.participants.find((p) => p.name === name)?.id as string;
    const sent = await host.api.send(created.storyId, {
      text: 'I ask about the old mill.',
      next: { actor: id('Pell') },
    });
    expect(sent.ok).toBe(true);
    // Pell's window holds what Pell perceived of Wren's words (the server's projection), never the source.
    const actor = server.requests.filter((r) => isFor(r.body, 'actor', 'Pell')).at(-1);
    const text = (actor?.body.messages ?? []).map((m) => m.content).join('\n');
    expect(text).toContain('You, Pell: A miller’s son.');
    expect(text).not.toContain('Hidden under the altar');
    expect(text).toContain('The mill burned last winter.');
    expect(text).toContain('Write in the plain style of a folk tale.');
    const turns = await host.api.transcript(created.storyId);
    if (!turns.ok) throw new Error(turns.detail);
    const pellTurn = turns.rows.at(-1)?.turnId as string;
    const inspected = await host.api.inspectTurn(created.storyId, pellTurn);
    expect(inspected.ok && inspected.turn.given?.fired).toEqual([
      { bookName: 'Valley lore', title: 'mill', carried: false },
    ]);
  });
});

describe('books of a character and of the persona', () => {
  it('[WP2] a book attached to a library character reaches that character in a new story, and no one else', async () => {
    const { server, host } = await setup();
    await host.api.saveLorebook({
      id: 'pell-book',
      name: 'Pell’s own',
      entries: [{ id: 'debt', constant: true, content: 'Pell owes the miller three coins.' }],
    });
    // The library learns Pell and Mara from a first story, as it does in the app.
    const first = await host.api.createStory({
      title: 'First',
      language: 'en',
      user: { name: 'Wren' },
      characters: [{ name: 'Mara' }, { name: 'Pell' }],
    });
    expect(first.ok).toBe(true);
    const { characters } = await host.api.libraryCast();
    const pell = characters.find((c) => c.name === 'Pell')?.id as string;
    expect((await host.api.attachLorebook('pell-book', { characters: [pell], personas: [] })).ok).toBe(true);
    expect((await host.api.libraryCast()).characters.find((c) => c.id === pell)?.books).toEqual([
      'pell-book',
    ]);
    const second = await host.api.createStory({
      title: 'Second',
      language: 'en',
      user: { name: 'Wren' },
      characters: [{ name: 'Mara' }, { name: 'Pell' }],
    });
    if (!second.ok) throw new Error(second.detail);
    const opened = await host.api.openStory(second.storyId);
    if (!opened.ok) throw new Error(opened.detail);
    const id = (name: string) => opened.story.participants.find((p) => p.name === name)?.id as string;
    await host.api.send(second.storyId, { text: 'Hello, both.', next: { actor: id('Mara') } });
    await host.api.act(second.storyId, { actor: id('Pell') });
    const actorText = (name: string) =>
      server.requests
        .filter((r) => isFor(r.body, 'actor', name))
        .map((r) => r.body.messages.map((m) => m.content).join('\n'))
        .join('\n');
    expect(actorText('Pell')).toContain('Pell owes the miller three coins.');
    expect(actorText('Mara')).not.toContain('owes the miller');
  });
});
