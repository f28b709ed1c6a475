// "Read as": the worker's transcript slice for any participant, through comlink like the page asks
// for it. A character's view holds its own private source and its projections of the others' turns,
// never another character's source; reading it asks no model anything.
import { afterEach, describe, expect, it } from 'vitest';
import { startOpenAIServer, type ChatBody } from '../support/openai-server.ts';
import { backgroundSettled, startHost } from '../support/host-harness.ts';
import { bodyKind, bodySubject } from '../support/body-kinds.ts';

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const JANE_SOURCE = 'I raise my lantern. (JANE-PRIVATE: the key is in my boot)';
const PELL_SOURCE = 'I shrug. (PELL-PRIVATE: I took the key)';

/** Each projection names its target; Pell perceives nothing of Jane's turn. */
function answer(body: ChatBody): string {
  const kind = bodyKind(body);
  if (kind === 'selector') return JSON.stringify({ next: 'Jane' });
  const subject = bodySubject(body);
  if (kind === 'project') {
    if (subject === 'Pell' && body.messages.some((m) => m.content.includes('JANE-PRIVATE'))) return '<empty>';
    return `${subject} notices something.`;
  }
  return subject === 'Jane' ? JANE_SOURCE : PELL_SOURCE;
}

describe('transcript(storyId, range, participant)', () => {
  it('[H8] a character’s view: its own source, its projections of the others, nothing where it perceived nothing', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const host = await startHost(server);
    cleanups.push(() => host.close());
    const { api } = host;
    const created = await api.createStory({
      title: 'Night watch',
      language: 'en',
      user: { name: 'Wren', persona: 'A traveller.' },
      characters: [
        { name: 'Jane', card: { description: 'A guard.' } },
        { name: 'Pell', card: { description: 'A thief.' } },
      ],
    });
    if (!created.ok) throw new Error(created.detail);
    const storyId = created.storyId;
    const opened = await api.openStory(storyId);
    if (!opened.ok) throw new Error(opened.detail);
    const idOf = (name: string) => opened.story.participants.find((p) => p.name === name)?.id ?? '';
    expect((await api.send(storyId, { next: null, text: 'I knock on the gate.' })).ok).toBe(true);
    expect((await api.act(storyId, { actor: idOf('Jane') })).ok).toBe(true);
    expect((await api.act(storyId, { actor: idOf('Pell') })).ok).toBe(true);
    // Jane's view of Pell's turn is written after the command, by the background.
    expect((await backgroundSettled(host, storyId)).pending).toBe(0);
    const requests = server.requests.length;

    const jane = await api.transcript(storyId, {}, idOf('Jane'));
    if (!jane.ok) throw new Error(jane.detail);
    expect(jane.rows.map((r) => [r.authorName, r.kind, r.text])).toEqual([
      ['Wren', 'perceived', 'Jane notices something.'],
      ['Jane', 'own', JANE_SOURCE],
      ['Pell', 'perceived', 'Jane notices something.'],
    ]);
    expect(JSON.stringify(jane)).not.toContain('PELL-PRIVATE');

    const pell = await api.transcript(storyId, {}, idOf('Pell'));
    if (!pell.ok) throw new Error(pell.detail);
    expect(pell.rows.map((r) => [r.authorName, r.kind, r.text])).toEqual([
      ['Wren', 'perceived', 'Pell notices something.'],
      ['Jane', 'nothing', ''],
      ['Pell', 'own', PELL_SOURCE],
    ]);
    expect(JSON.stringify(pell)).not.toContain('JANE-PRIVATE');

    // Without a participant, and naming the user, it is the user's transcript: never a private source.
    const user = await api.transcript(storyId);
    expect(await api.transcript(storyId, {}, idOf('Wren'))).toEqual(user);
    if (!user.ok) throw new Error(user.detail);
    expect(user.rows.map((r) => r.kind)).toEqual(['own', 'perceived', 'perceived']);
    expect(JSON.stringify(user)).not.toMatch(/JANE-PRIVATE|PELL-PRIVATE/);
    // A range works as for the user's.
    const tail = await api.transcript(storyId, { start: 2 }, idOf('Jane'));
    expect(tail.ok && tail.rows.map((r) => r.authorName)).toEqual(['Pell']);
    // Reading asked no model anything.
    expect(server.requests.length).toBe(requests);

    const nobody = await api.transcript(storyId, {}, 'nobody');
    expect(!nobody.ok && nobody.code).toBe('unknown-participant');
  });

  it('[H8] a turn the user wrote as a character: the user reads what they wrote, the character reads it as its own', async () => {
    const server = await startOpenAIServer({ answer });
    cleanups.push(() => server.close());
    const host = await startHost(server);
    cleanups.push(() => host.close());
    const { api } = host;
    const created = await api.createStory({
      title: 'Night watch',
      language: 'en',
      user: { name: 'Wren', persona: 'A traveller.' },
      characters: [{ name: 'Jane', card: { description: 'A guard.' } }],
    });
    if (!created.ok) throw new Error(created.detail);
    const storyId = created.storyId;
    const opened = await api.openStory(storyId);
    if (!opened.ok) throw new Error(opened.detail);
    const jane = opened.story.participants.find((p) => p.name === 'Jane')?.id ?? '';
    expect((await api.send(storyId, { as: jane, text: 'I bar the gate.' })).ok).toBe(true);
    const rowsOf = async (participant?: string) => {
      const t = await (participant ? api.transcript(storyId, {}, participant) : api.transcript(storyId));
      if (!t.ok) throw new Error(t.detail);
      return t.rows.map((r) => ({ kind: r.kind, text: r.text, writtenByReader: r.writtenByReader ?? false }));
    };
    expect(await rowsOf()).toEqual([{ kind: 'own', text: 'I bar the gate.', writtenByReader: true }]);
    expect(await rowsOf(jane)).toEqual([{ kind: 'own', text: 'I bar the gate.', writtenByReader: false }]);
    // Who wrote it travels with the story.
    const exported = await api.exportStory(storyId);
    if (!exported.ok) throw new Error(exported.detail);
    expect(exported.story.turns[0]?.writtenBy).toBe(opened.story.userId);
    const copy = await api.importStory({ ...exported.story, id: 'night-watch-copy' });
    if (!copy.ok) throw new Error(copy.detail);
    const copied = await api.transcript(copy.storyId);
    expect(copied.ok && copied.rows[0]?.writtenByReader).toBe(true);
  });
});
