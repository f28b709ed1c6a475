// The library's cards and personas through the worker: a character's card edited (a story started
// before keeps its copy), a refused edit says what to do, a persona edited, both deleted.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';
import { putCharacter, putPersona } from '../../src/driver/doc/library-doc.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function setup(): Promise<HostHarness> {
  const server = await startOpenAIServer({ answer: () => 'I wait.' });
  const host = await startHost(server);
  cleanups.push(
    () => server.close(),
    () => host.close(),
  );
  putCharacter(host.store.library, { id: 'ilse', name: 'Ilse', card: { description: 'A keeper.' } });
  putCharacter(host.store.library, { id: 'mara', name: 'Mara', card: {} });
  putPersona(host.store.library, { id: 'sam', name: 'Sam', persona: 'A courier.' });
  return host;
}

describe('the library’s cards and personas', () => {
  it('edits a character’s card; a story started before keeps the card it began with', async () => {
    const host = await setup();
    const created = await host.api.createStory({
      title: 'Before',
      language: 'en',
      user: { name: 'Sam', persona: 'A courier.' },
      characters: [{ name: 'Ilse', card: { description: 'A keeper.' } }],
    });
    if (!created.ok) throw new Error(created.detail);
    const edit = { name: 'Ilse', card: { description: 'A smuggler.' }, greetings: ['Hello.'] };
    expect(await host.api.editLibraryCharacter('ilse', edit)).toEqual({ ok: true });
    const cast = await host.api.libraryCast();
    expect(cast.characters.find((c) => c.id === 'ilse')).toMatchObject({
      card: { description: 'A smuggler.' },
      greetings: ['Hello.'],
    });
    const opened = await host.api.openStory(created.storyId);
    if (!opened.ok) throw new Error(opened.detail);
    expect(opened.story.participants.find((p) => p.name === 'Ilse')?.card).toEqual({
      description: 'A keeper.',
    });
  });

  it('refuses a name taken or empty with what to do, and an unknown character', async () => {
    const host = await setup();
    const taken = await host.api.editLibraryCharacter('ilse', { name: 'mara', card: {}, greetings: [] });
    expect(taken).toMatchObject({ ok: false, code: 'invalid' });
    expect(!taken.ok && taken.detail).toContain('choose another name');
    const empty = await host.api.editLibraryCharacter('ilse', { name: ' ', card: {}, greetings: [] });
    expect(!empty.ok && empty.detail).toContain('a name is needed');
    expect((await host.api.editLibraryCharacter('nobody', { name: 'N', card: {}, greetings: [] })).ok).toBe(
      false,
    );
  });

  it('edits a persona, and deletes a persona and a character', async () => {
    const host = await setup();
    expect(await host.api.editLibraryPersona('sam', { name: 'Sam', persona: 'A reader.' })).toEqual({
      ok: true,
    });
    expect((await host.api.libraryCast()).personas[0]?.persona).toBe('A reader.');
    expect(await host.api.deleteLibraryPersona('sam')).toEqual({ ok: true });
    expect(await host.api.deleteLibraryCharacter('mara')).toEqual({ ok: true });
    const cast = await host.api.libraryCast();
    expect(cast.personas).toEqual([]);
    expect(cast.characters.map((c) => c.id)).toEqual(['ilse']);
    expect((await host.api.deleteLibraryCharacter('mara')).ok).toBe(false);
  });
});
