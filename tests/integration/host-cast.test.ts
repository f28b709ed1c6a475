// A running story's cast through the worker, against a real OpenAI-protocol server: a character's
// description and the user's persona edited between turns reach the next actor request, and an edit
// the document refuses (a name taken) changes nothing.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody, type OpenAIServer } from '../support/openai-server.ts';
import { backgroundSettled, startHost, type HostHarness } from '../support/host-harness.ts';
import { bodyKind } from '../support/body-kinds.ts';
import { putCharacter } from '../../src/driver/doc/library-doc.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const isProjection = (body: ChatBody) => bodyKind(body) === 'project';
const answer = (body: ChatBody) => (isProjection(body) ? 'You hear Wren speak.' : 'I lift my lantern.');

async function setup(): Promise<{
  server: OpenAIServer;
  host: HostHarness;
  storyId: string;
  id: (name: string) => string;
}> {
  const server = await startOpenAIServer({ answer });
  const host = await startHost(server);
  cleanups.push(
    () => server.close(),
    () => host.close(),
  );
  const created = await host.api.createStory({
    title: 'The chapel',
    language: 'en',
    user: { name: 'Wren', persona: 'A traveller.' },
    characters: [{ name: 'Mara', card: { description: 'Keeper of the chapel.' } }, { name: 'Pell' }],
  });
  if (!created.ok) throw new Error(created.detail);
  const opened = await host.api.openStory(created.storyId);
  if (!opened.ok) throw new Error(opened.detail);
  const id = (name: string) => opened.story.participants.find((p) => p.name === name)?.id ?? '';
  return { server, host, storyId: created.storyId, id };
}

const actorRequests = (server: OpenAIServer) =>
  server.requests.filter((r) => bodyKind(r.body) === 'actor').map((r) => JSON.stringify(r.body.messages));

describe('the cast of a running story', () => {
  it('[C1] a character’s new description and the user’s new persona reach the next actor request', async () => {
    const { server, host, storyId, id } = await setup();
    expect(
      await host.api.editParticipant(storyId, id('Mara'), {
        description: 'A retired smuggler who hates bells.',
      }),
    ).toEqual({ ok: true });
    expect(
      await host.api.editParticipant(storyId, id('Wren'), { persona: 'A bell-ringer in disguise.' }),
    ).toEqual({
      ok: true,
    });
    const sent = await host.api.send(storyId, { text: 'Hello?', next: { actor: id('Mara') } });
    expect(sent.ok).toBe(true);
    const [request] = actorRequests(server);
    expect(request).toContain('A retired smuggler who hates bells.');
    expect(request).not.toContain('Keeper of the chapel.');
    expect(request).toContain('A bell-ringer in disguise.');
    const opened = await host.api.openStory(storyId);
    const mara = opened.ok ? opened.story.participants.find((p) => p.id === id('Mara')) : undefined;
    expect(mara?.card?.description).toBe('A retired smuggler who hates bells.');
  });

  it('[C1][D3] a name another participant has is refused and nothing changes; an empty name is refused', async () => {
    const { host, storyId, id } = await setup();
    const taken = await host.api.editParticipant(storyId, id('Mara'), {
      name: 'pell',
      description: 'Changed.',
    });
    expect(taken.ok).toBe(false);
    expect(!taken.ok && taken.detail).toMatch(/already a participant named pell/);
    const empty = await host.api.editParticipant(storyId, id('Mara'), { name: '  ' });
    expect(empty.ok).toBe(false);
    expect(!empty.ok && empty.code).toBe('invalid');
    const opened = await host.api.openStory(storyId);
    const mara = opened.ok ? opened.story.participants.find((p) => p.id === id('Mara')) : undefined;
    expect([mara?.name, mara?.card?.description]).toEqual(['Mara', 'Keeper of the chapel.']);
    expect((await host.api.editParticipant(storyId, 'nobody', { name: 'X' })).ok).toBe(false);
  });
});

const NOTE = 'Keep the tone hushed; ${name} whispers to ${user}.';
const NOTE_TOLD = '[Author’s note: Keep the tone hushed; Mara whispers to Wren.]';

describe("[AN1] the story's Author's Note", () => {
  it('[AN1] every actor request carries it at its depth of the window; no projection request does', async () => {
    const { server, host, storyId, id } = await setup();
    expect(await host.api.setAuthorNote(storyId, { text: NOTE, depth: 1 })).toEqual({ ok: true });
    const opened = await host.api.openStory(storyId);
    expect(opened.ok && [opened.story.settings.authorNote, opened.story.settings.authorNoteDepth]).toEqual([
      NOTE,
      1,
    ]);
    await host.api.send(storyId, { text: 'First words.', next: null });
    await host.api.send(storyId, { text: 'Second words.', next: { actor: id('Mara') } });
    const [request] = actorRequests(server);
    // One entry before the end of Mara's window: between her views of the two turns.
    const first = request?.indexOf('You hear Wren speak.') ?? -1;
    const note = request?.indexOf(NOTE_TOLD) ?? -1;
    const last = request?.lastIndexOf('You hear Wren speak.') ?? -1;
    expect(first).toBeGreaterThan(-1);
    expect([first < note, note < last]).toEqual([true, true]);
    // Pell's views too, which the background writes.
    await backgroundSettled(host, storyId);
    const projections = server.requests.filter((r) => isProjection(r.body));
    expect(projections.length).toBeGreaterThan(0);
    for (const p of projections) expect(JSON.stringify(p.body.messages)).not.toContain('Author’s note');
  });

  it('[AN1] the default depth is four entries; an empty text removes the note; a bad depth is refused', async () => {
    const { server, host, storyId, id } = await setup();
    expect((await host.api.setAuthorNote(storyId, { text: 'Rain.', depth: -1 })).ok).toBe(false);
    expect((await host.api.setAuthorNote(storyId, { text: 'Rain.', depth: 4 })).ok).toBe(true);
    await host.api.send(storyId, { text: 'Hello?', next: { actor: id('Mara') } });
    expect(actorRequests(server).at(-1)).toContain('[Author’s note: Rain.]');
    await host.api.setAuthorNote(storyId, { text: '', depth: 4 });
    await host.api.act(storyId, { actor: id('Pell') });
    expect(actorRequests(server).at(-1)).not.toContain('Author’s note');
  });
});

const selectorRequests = (server: OpenAIServer) =>
  server.requests.filter((r) => bodyKind(r.body) === 'selector');

describe('[C2][C3] characters added and removed in a running story', () => {
  it('[C2] a removed character keeps its turns, leaves the scene, is never chosen or let act, and can come back', async () => {
    const { server, host, storyId, id } = await setup();
    await host.api.send(storyId, { text: 'Hello?', next: { actor: id('Pell') } });
    expect(await host.api.setRemoved(storyId, id('Pell'), true)).toEqual({ ok: true });
    const opened = await host.api.openStory(storyId);
    const pell = opened.ok ? opened.story.participants.find((p) => p.id === id('Pell')) : undefined;
    expect([pell?.present, pell?.removed]).toEqual([false, true]);
    const slice = await host.api.transcript(storyId);
    expect(slice.ok && slice.rows.map((r) => r.authorName)).toEqual(['Wren', 'Pell']);
    // Not chosen: the selector is not even asked when one character is left, and never told of Pell.
    await host.api.send(storyId, { text: 'Anyone else?' });
    expect(selectorRequests(server)).toHaveLength(0);
    for (const r of selectorRequests(server)) expect(JSON.stringify(r.body.messages)).not.toContain('Pell');
    const last = await host.api.transcript(storyId);
    expect(last.ok && last.rows.at(-1)?.authorName).toBe('Mara');
    const acted = await host.api.act(storyId, { actor: id('Pell') });
    expect(acted.ok).toBe(false);
    const back = await host.api.setPresent(storyId, id('Pell'), true);
    expect(!back.ok && back.detail).toMatch(/Pell was removed from the story/);
    expect((await host.api.setRemoved(storyId, id('Wren'), true)).ok).toBe(false);
    expect(await host.api.setRemoved(storyId, id('Pell'), false)).toEqual({ ok: true });
    const again = await host.api.openStory(storyId);
    const returned = again.ok ? again.story.participants.find((p) => p.id === id('Pell')) : undefined;
    expect([returned?.present, returned?.removed === true]).toEqual([true, false]);
  });

  it('[C2][D9] a removal travels through export and import', async () => {
    const { host, storyId, id } = await setup();
    await host.api.setRemoved(storyId, id('Pell'), true);
    const exported = await host.api.exportStory(storyId);
    if (!exported.ok) throw new Error(exported.detail);
    const imported = await host.api.importStory(exported.story);
    if (!imported.ok) throw new Error(imported.detail);
    const opened = await host.api.openStory(imported.storyId);
    const pell = opened.ok ? opened.story.participants.find((p) => p.name === 'Pell') : undefined;
    expect([pell?.present, pell?.removed]).toEqual([false, true]);
  });

  it('[C3] a new character joins the scene and the library, and acts; a library character brings its card', async () => {
    const { server, host, storyId } = await setup();
    const added = await host.api.addCharacter(storyId, { name: 'Ivo', description: 'A tinker with a limp.' });
    if (!added.ok) throw new Error(added.detail);
    const cast = await host.api.libraryCast();
    const ivo = cast.characters.find((c) => c.name === 'Ivo');
    expect(ivo?.card.description).toBe('A tinker with a limp.');
    await host.api.send(storyId, { text: 'Ivo?', next: { actor: added.participantId } });
    expect(actorRequests(server).at(-1)).toContain('A tinker with a limp.');

    const taken = await host.api.addCharacter(storyId, { name: 'ivo' });
    expect(!taken.ok && taken.detail).toMatch(/already a participant named ivo/);
    const other = await setup();
    const fromLibrary = await other.host.api.libraryCast();
    const mara = fromLibrary.characters.find((c) => c.name === 'Mara');
    if (!mara) throw new Error('Mara is not in the library');
    const second = await other.host.api.createStory({
      title: 'Another',
      language: 'en',
      user: { name: 'Wren' },
      characters: [{ name: 'Pell' }],
    });
    if (!second.ok) throw new Error(second.detail);
    const joined = await other.host.api.addCharacter(second.storyId, { name: 'Mara', fromLibrary: mara.id });
    if (!joined.ok) throw new Error(joined.detail);
    const opened = await other.host.api.openStory(second.storyId);
    const copy = opened.ok ? opened.story.participants.find((p) => p.id === joined.participantId) : undefined;
    expect([copy?.present, copy?.card?.description]).toEqual([true, 'Keeper of the chapel.']);
    expect((await other.host.api.addCharacter(second.storyId, { name: 'X', fromLibrary: 'gone' })).ok).toBe(
      false,
    );
  });
});

/** A 1×1 PNG, as the app's canvas would make it (smaller). */
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('[C4] pictures of the cast', () => {
  it('[C4] a picture is stored for a participant and exported; one that is not a PNG, JPEG, WebP or GIF is refused', async () => {
    const { host, storyId, id } = await setup();
    expect(await host.api.editParticipant(storyId, id('Mara'), { avatar: PNG })).toEqual({ ok: true });
    const svg = await host.api.editParticipant(storyId, id('Mara'), {
      avatar: 'data:image/svg+xml;base64,PHN2Zy8+',
    });
    expect(!svg.ok && svg.code).toBe('invalid');
    const opened = await host.api.openStory(storyId);
    expect(opened.ok && opened.story.participants.find((p) => p.id === id('Mara'))?.avatar).toBe(PNG);
    const exported = await host.api.exportStory(storyId);
    expect(exported.ok && exported.story.participants.find((p) => p.name === 'Mara')?.avatar).toBe(PNG);
  });

  it('[C4] a library character’s picture, chosen in the library, comes into a story started with it, and into one it joins', async () => {
    const { host } = await setup();
    putCharacter(host.store.library, { id: 'ilse', name: 'Ilse', card: { description: 'A keeper.' } });
    expect((await host.api.setLibraryPicture('ilse', 'data:text/html;base64,PGI+')).ok).toBe(false);
    expect((await host.api.setLibraryPicture('nobody', PNG)).ok).toBe(false);
    expect(await host.api.setLibraryPicture('ilse', PNG)).toEqual({ ok: true });
    const library = await host.api.libraryCast();
    expect(library.characters.find((c) => c.id === 'ilse')).toMatchObject({
      avatar: PNG,
      card: { description: 'A keeper.' },
    });
    const created = await host.api.createStory({
      title: 'The lighthouse',
      language: 'en',
      user: { name: 'Sam' },
      characters: [{ name: 'Ilse' }],
    });
    if (!created.ok) throw new Error(created.detail);
    const opened = await host.api.openStory(created.storyId);
    expect(opened.ok && opened.story.participants.find((p) => p.name === 'Ilse')?.avatar).toBe(PNG);
    const other = await host.api.createStory({
      title: 'Elsewhere',
      language: 'en',
      user: { name: 'Sam' },
      characters: [{ name: 'Pell' }],
    });
    if (!other.ok) throw new Error(other.detail);
    const joined = await host.api.addCharacter(other.storyId, { name: 'Ilse', fromLibrary: 'ilse' });
    if (!joined.ok) throw new Error(joined.detail);
    const read = await host.api.openStory(other.storyId);
    expect(read.ok && read.story.participants.find((p) => p.id === joined.participantId)?.avatar).toBe(PNG);
  });
});
