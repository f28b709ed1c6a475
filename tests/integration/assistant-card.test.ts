// The card-reading assistant's loop against a real HTTP server speaking OpenAI tool calls, with a
// group card of our own (two characters and a place): the system prompt walks the three steps,
// each piece is a proposal written into the world only on Apply (a new world made by the first),
// Reject writes nothing, automatic mode applies, and a piece of an unknown kind or a duplicate
// name reaches the model as a tool error with nothing written.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { startToolServer, type ToolReply } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { putCharacter } from '../../src/driver/doc/library-doc.ts';
import { putWorld, readWorld } from '../../src/driver/doc/library-worlds.ts';
import { readAssistantChat } from '../../src/driver/doc/assistant-chats.ts';
import { cardAssistant } from '../../src/driver/assistant/card/card-assistant.ts';
import { runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { decideProposal, setAutomatic } from '../../src/driver/assistant/decisions.ts';

const prompts = shippedPrompts();
const servers: OpenAIServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

/** A group card: the twins Ama and Koa, who keep the lighthouse of Saltreach. */
function library(): Y.Doc {
  const doc = new Y.Doc();
  putCharacter(doc, {
    id: 'twins',
    name: 'The Saltreach Twins',
    card: {
      description:
        'Ama and Koa are twins who keep the lighthouse of Saltreach. Ama is quiet and reads the weather; Koa is loud and mends nets.',
      scenario:
        'Saltreach is a fishing village on a cliff, where the lighthouse has burned for a hundred years.',
    },
  });
  return doc;
}

const call = (name: string, args: object, id = `call-${name}-${randomUUID()}`) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});
const AMA = {
  kind: 'character',
  name: 'Ama',
  body: 'Ama keeps the lighthouse with her twin Koa; she reads the weather.',
};
const KOA = {
  kind: 'character',
  name: 'Koa',
  body: 'Koa keeps the lighthouse with his twin Ama; he mends nets.',
};
const SALTREACH = {
  kind: 'place',
  name: 'Saltreach',
  body: 'A fishing village on a cliff with a lighthouse.',
};

async function scripted(first: ToolReply): Promise<OpenAIServer> {
  const server = await startToolServer((_, n) => (n === 1 ? first : { text: 'Check the proposed pieces.' }));
  servers.push(server);
  return server;
}

async function turn(doc: Y.Doc, server: OpenAIServer, text: string, worldId = 'saltreach') {
  const a = cardAssistant({
    doc,
    characterId: 'twins',
    worldId,
    prompts,
    language: 'en',
    clock: Date.now,
    newId: randomUUID,
  })!;
  const model = createOpenAIChatModel({ baseURL: server.baseURL, model: 'test-model', wording: english });
  const result = await runAssistantTurn(
    {
      doc,
      subject: a.subject,
      model,
      prompts,
      language: 'en',
      system: a.system,
      tools: a.tools,
      clock: Date.now,
      newId: randomUUID,
    },
    text,
  );
  if (!result.ok) throw new Error(result.detail);
  return { a, result };
}

const names = (doc: Y.Doc, worldId = 'saltreach') => readWorld(doc, worldId)?.nodes.map((n) => n.name);

describe('the card-reading assistant over OpenAI tool calls', () => {
  it('[AK1] the system prompt walks the three steps, with the card and a prompt per kind', async () => {
    const server = await scripted({ text: 'It is a group card: Ama, Koa and the place Saltreach.' });
    const doc = library();
    const { a } = await turn(doc, server, 'What kind of card is it?');
    const system = server.requests[0]?.body.messages[0]?.content ?? '';
    expect(system).toContain('Step 1, what kind of card it is');
    expect(system).toContain('Step 2, the roster');
    expect(system).toContain('Step 3, one piece at a time');
    for (const kind of ['character', 'place', 'faction', 'thing', 'lore'])
      expect(system).toContain(`A piece of kind "${kind}"`);
    expect(system).toContain('Ama and Koa are twins');
    expect(a.welcome).toContain('“The Saltreach Twins”');
    const tools = server.requests[0]?.body.tools as { function: { name: string } }[] | undefined;
    expect(tools?.map((t) => t.function.name)).toEqual([
      'read_card',
      'read_world',
      'add_piece',
      'remove_piece',
      'set_world',
    ]);
  });

  it('[AK1] each piece is a proposal; Apply writes it into a new world, Reject writes nothing', async () => {
    const server = await scripted({
      calls: [call('add_piece', AMA), call('add_piece', KOA), call('add_piece', SALTREACH)],
    });
    const doc = library();
    const { a, result } = await turn(doc, server, 'Write the pieces.');
    expect(readWorld(doc, 'saltreach')).toBeUndefined();
    expect(result.chat.proposals.map((p) => [p.label, p.status, p.action])).toEqual([
      ['Ama', 'pending', 'create'],
      ['Koa', 'pending', 'create'],
      ['Saltreach', 'pending', 'create'],
    ]);
    expect(result.chat.proposals[2]?.after).toContain('Kind: place');
    const [ama, koa, place] = result.chat.proposals;
    expect((await decideProposal(doc, a.subject, a.tools, ama!.id, 'apply')).ok).toBe(true);
    expect(readWorld(doc, 'saltreach')?.name).toBe('The Saltreach Twins');
    expect(names(doc)).toEqual(['Ama']);
    expect((await decideProposal(doc, a.subject, a.tools, koa!.id, 'reject')).ok).toBe(true);
    expect((await decideProposal(doc, a.subject, a.tools, place!.id, 'apply')).ok).toBe(true);
    expect(names(doc)).toEqual(['Ama', 'Saltreach']);
    expect(readWorld(doc, 'saltreach')?.nodes.find((n) => n.name === 'Saltreach')?.kind).toBe('place');
    expect(readAssistantChat(doc, a.subject).proposals.map((p) => p.status)).toEqual([
      'applied',
      'rejected',
      'applied',
    ]);
  });

  it('[AK1] automatic mode writes the pieces and the description into a chosen world', async () => {
    const server = await scripted({
      calls: [call('add_piece', KOA), call('set_world', { description: 'A fishing village on a cliff.' })],
    });
    const doc = library();
    putWorld(doc, { id: 'coast', name: 'The Coast', nodes: [{ id: 'n1', kind: 'lore', name: 'Tides' }] });
    setAutomatic(doc, 'card:twins:coast', true);
    const { result } = await turn(doc, server, 'Go.', 'coast');
    expect(result.chat.proposals.map((p) => p.status)).toEqual(['applied', 'applied']);
    expect(names(doc, 'coast')).toEqual(['Tides', 'Koa']);
    expect(readWorld(doc, 'coast')).toMatchObject({
      name: 'The Coast',
      description: 'A fishing village on a cliff.',
    });
  });

  it('[AK1] a piece of an unknown kind or a duplicate name is refused to the model, nothing written', async () => {
    const server = await scripted({
      calls: [
        call('add_piece', { ...SALTREACH, kind: 'creature' }),
        call('add_piece', { ...AMA, name: 'tides' }),
      ],
    });
    const doc = library();
    putWorld(doc, { id: 'coast', name: 'The Coast', nodes: [{ id: 'n1', kind: 'lore', name: 'Tides' }] });
    const before = JSON.stringify(readWorld(doc, 'coast'));
    const { result } = await turn(doc, server, 'Go.', 'coast');
    expect(result.chat.proposals).toEqual([]);
    const told = (server.requests[1]?.body.messages ?? [])
      .filter((m) => m.role === 'tool')
      .map((m) => m.content);
    expect(told).toEqual([
      'Error: Unknown kind "creature": a piece is one of character, place, faction, thing, lore. Nothing was written.',
      'Error: The world already has a piece named tides: one piece per thing. Nothing was written.',
    ]);
    expect(JSON.stringify(readWorld(doc, 'coast'))).toBe(before);
  });

  it('[AK1] a second piece of a name applied meanwhile is refused at Apply and stays pending', async () => {
    const server = await scripted({
      calls: [call('add_piece', AMA), call('add_piece', { ...AMA, body: 'Again.' })],
    });
    const doc = library();
    const { a, result } = await turn(doc, server, 'Go.');
    const [first, second] = result.chat.proposals;
    expect((await decideProposal(doc, a.subject, a.tools, first!.id, 'apply')).ok).toBe(true);
    const refused = await decideProposal(doc, a.subject, a.tools, second!.id, 'apply');
    expect(refused).toMatchObject({ ok: false, code: 'refused' });
    expect(names(doc)).toEqual(['Ama']);
    expect(readAssistantChat(doc, a.subject).proposals[1]).toMatchObject({ status: 'pending' });
  });
});
