// The world authoring assistant's loop against a real HTTP server speaking OpenAI tool calls: node
// and prompt writes wait for Apply, Reject writes nothing, automatic mode applies, a deleted node
// (with its relationships) and a deleted prompt go to the trash and come back, refused writes reach
// the model as tool errors, and a rules prompt's rewrite carries its warning.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { startToolServer, type ToolReply } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { putWorld, readWorld } from '../../src/driver/doc/library-worlds.ts';
import { listTrash } from '../../src/driver/doc/library-trash.ts';
import { readAssistantChat } from '../../src/driver/doc/assistant-chats.ts';
import { worldAssistant } from '../../src/driver/assistant/world/world-assistant.ts';
import { runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { decideProposal, restoreTrashed, setAutomatic } from '../../src/driver/assistant/decisions.ts';

const prompts = shippedPrompts();
const servers: OpenAIServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

function library(): Y.Doc {
  const doc = new Y.Doc();
  const saved = putWorld(doc, {
    id: 'eldoria',
    name: 'Eldoria',
    nodes: [
      { id: 'velmar', kind: 'place', name: 'Velmar', body: 'A port city.' },
      { id: 'mira', kind: 'character', name: 'Mira', aliases: ['the Captain'], body: 'Harbour master.' },
    ],
    relationships: [{ id: 'r1', from: 'mira', to: 'velmar', label: 'runs the harbour of' }],
    knowledge: { mira: { nodes: ['velmar'], relationships: ['r1'] } },
    prompts: { 'en/roleplay/style': 'Write like a sea shanty.' },
  });
  if (!saved.ok) throw new Error(saved.detail);
  return doc;
}

const call = (name: string, args: object) => ({ id: `call-${name}`, name, arguments: JSON.stringify(args) });

async function scripted(first: ToolReply): Promise<OpenAIServer> {
  const server = await startToolServer((_, n) => (n === 1 ? first : { text: 'Done: check the proposal.' }));
  servers.push(server);
  return server;
}

async function turn(doc: Y.Doc, server: OpenAIServer, text: string) {
  const a = worldAssistant({
    doc,
    worldId: 'eldoria',
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
  const told = server.requests[1]?.body.messages.find((m) => m.role === 'tool')?.content ?? '';
  return { a, chat: result.chat, told };
}

const world = (doc: Y.Doc) => readWorld(doc, 'eldoria')!;
const names = (doc: Y.Doc) => world(doc).nodes.map((n) => n.name);
const ROOK = { kind: 'faction', name: 'The Rook Guild', body: 'Smugglers who pay Mira to look away.' };

describe('the world authoring assistant over OpenAI tool calls', () => {
  it('[AS2] a new node is proposed and written only on Apply', async () => {
    const server = await scripted({ text: 'Adding a guild.', calls: [call('create_node', ROOK)] });
    const doc = library();
    const { a, chat, told } = await turn(doc, server, 'Add smugglers.');
    expect(names(doc)).toEqual(['Velmar', 'Mira']);
    const [proposal] = chat.proposals;
    expect(proposal).toMatchObject({
      status: 'pending',
      action: 'create',
      label: 'The Rook Guild',
      before: '',
    });
    expect(proposal?.after).toContain('Kind: faction');
    expect(told).toContain('Proposed as change');
    // Every tool went out, with the world's name in the system prompt.
    expect(server.requests[0]?.body.tools).toHaveLength(a.tools.length);
    expect(server.requests[0]?.body.messages[0]?.content).toContain('The world: Eldoria');
    expect((await decideProposal(doc, a.subject, a.tools, proposal!.id, 'apply')).ok).toBe(true);
    expect(names(doc)).toEqual(['Velmar', 'Mira', 'The Rook Guild']);
  });

  it('[AS3] Reject leaves the world unchanged', async () => {
    const server = await scripted({
      calls: [call('edit_node', { id: 'velmar', body: 'Burned to the ground.' })],
    });
    const doc = library();
    const { a, chat } = await turn(doc, server, 'Burn Velmar.');
    const before = JSON.stringify(world(doc));
    expect(chat.proposals[0]?.before).toContain('A port city.');
    expect(chat.proposals[0]?.after).toContain('Burned to the ground.');
    expect((await decideProposal(doc, a.subject, a.tools, chat.proposals[0]!.id, 'reject')).ok).toBe(true);
    expect(JSON.stringify(world(doc))).toBe(before);
  });

  it('[AS2] automatic mode applies as proposed', async () => {
    const server = await scripted({ calls: [call('edit_node', { id: 'velmar', aliases: ['the Port'] })] });
    const doc = library();
    setAutomatic(doc, 'world:eldoria', true);
    const { chat } = await turn(doc, server, 'Velmar is also called the Port.');
    expect(chat.proposals[0]?.status).toBe('applied');
    expect(world(doc).nodes[0]).toMatchObject({
      name: 'Velmar',
      aliases: ['the Port'],
      body: 'A port city.',
    });
  });

  it('[AS4] a deleted node goes to the trash with its relationships and is restored', async () => {
    const server = await scripted({ calls: [call('delete_node', { id: 'velmar' })] });
    const doc = library();
    const { a, chat } = await turn(doc, server, 'Remove Velmar.');
    expect(names(doc)).toEqual(['Velmar', 'Mira']);
    expect((await decideProposal(doc, a.subject, a.tools, chat.proposals[0]!.id, 'apply')).ok).toBe(true);
    // The node, its relationship and what Mira knew of them are gone: the world still passes its check.
    expect(world(doc)).toMatchObject({ nodes: [{ id: 'mira' }], relationships: [] });
    expect(world(doc).knowledge['mira']).toEqual({ nodes: [], relationships: [] });
    const [trashed] = listTrash(doc, a.subject);
    expect(trashed).toMatchObject({
      kind: 'world-node',
      node: { name: 'Velmar' },
      relationships: [{ id: 'r1' }],
    });
    expect(restoreTrashed(doc, trashed!.id, randomUUID).ok).toBe(true);
    expect(names(doc)).toEqual(['Mira', 'Velmar']);
    expect(world(doc).relationships).toEqual([
      { id: 'r1', from: 'mira', to: 'velmar', label: 'runs the harbour of' },
    ]);
    expect(listTrash(doc, a.subject)).toEqual([]);
  });

  it('[AW1] a node named like another is refused: the model is told and nothing is written', async () => {
    const server = await scripted({
      calls: [call('create_node', { kind: 'character', name: 'the captain' })],
    });
    const doc = library();
    const before = JSON.stringify(world(doc));
    const { chat, told } = await turn(doc, server, 'Add the captain.');
    expect(chat.proposals).toEqual([]);
    expect(told).toMatch(
      /^Error: The world already has a node called the captain \(mira\).*Nothing was written\.$/,
    );
    expect(JSON.stringify(world(doc))).toBe(before);
  });

  it('[AW2] a prompt write with a variable its prompt is not given is refused, nothing written', async () => {
    const server = await scripted({
      calls: [call('write_prompt', { path: 'en/roleplay/style', text: 'Write as ${name} would.' })],
    });
    const doc = library();
    const { chat, told } = await turn(doc, server, 'Use the name.');
    expect(chat.proposals).toEqual([]);
    expect(told).toMatch(
      /^Error: The prompt en\/roleplay\/style was refused: unknown variable \$\{name\}.*Nothing was written\.$/,
    );
    expect(world(doc).prompts).toEqual({ 'en/roleplay/style': 'Write like a sea shanty.' });
  });

  it('[AW2] a prompt that is not shipped is refused', async () => {
    const server = await scripted({
      calls: [call('write_prompt', { path: 'en/world/atlas', text: 'Maps.' })],
    });
    const doc = library();
    const { chat, told } = await turn(doc, server, 'Add an atlas prompt.');
    expect(chat.proposals).toEqual([]);
    expect(told).toContain('world/atlas is not a prompt the package ships');
  });

  it('[AW2] a rules prompt rewrite carries a warning; a prose one does not; Apply writes it', async () => {
    const server = await scripted({
      calls: [
        call('write_prompt', { path: 'en/roleplay/actor-task', text: 'Answer as ${name} in ${world}.' }),
        {
          ...call('write_prompt', { path: 'en/roleplay/style', text: 'Write like a ballad.' }),
          id: 'call-2',
        },
      ],
    });
    const doc = library();
    const { a, chat } = await turn(doc, server, 'Tune the prompts.');
    const [rules, prose] = chat.proposals;
    expect(rules).toMatchObject({ action: 'create', label: 'en/roleplay/actor-task' });
    expect(rules?.warning).toMatch(/^A rules prompt/);
    expect(prose).toMatchObject({
      action: 'edit',
      before: 'Write like a sea shanty.',
      after: 'Write like a ballad.',
    });
    expect(prose?.warning).toBeUndefined();
    expect(world(doc).prompts['en/roleplay/actor-task']).toBeUndefined();
    expect((await decideProposal(doc, a.subject, a.tools, rules!.id, 'apply')).ok).toBe(true);
    expect(world(doc).prompts['en/roleplay/actor-task']).toBe('Answer as ${name} in ${world}.');
  });

  it('[AS4] a deleted prompt goes to the trash and is restored', async () => {
    const server = await scripted({ calls: [call('delete_prompt', { path: 'en/roleplay/style' })] });
    const doc = library();
    const { a, chat } = await turn(doc, server, 'Drop the style.');
    expect((await decideProposal(doc, a.subject, a.tools, chat.proposals[0]!.id, 'apply')).ok).toBe(true);
    expect(world(doc).prompts).toEqual({});
    const [trashed] = listTrash(doc, a.subject);
    expect(trashed).toMatchObject({ kind: 'world-prompt', path: 'en/roleplay/style' });
    expect(restoreTrashed(doc, trashed!.id, randomUUID).ok).toBe(true);
    expect(world(doc).prompts).toEqual({ 'en/roleplay/style': 'Write like a sea shanty.' });
  });

  it('[AS2] read tools answer at once: nodes, and a prompt the world has not replaced reads as shipped', async () => {
    const server = await startToolServer((_, n) =>
      n === 1
        ? {
            calls: [
              call('list_nodes', {}),
              { ...call('read_prompt', { path: 'en/roleplay/actor' }), id: 'c2' },
            ],
          }
        : { text: 'Read.' },
    );
    servers.push(server);
    const doc = library();
    await turn(doc, server, 'What is there?');
    const results = server.requests[1]?.body.messages.filter((m) => m.role === 'tool') ?? [];
    expect(JSON.parse(String(results[0]?.content))).toMatchObject({
      name: 'Eldoria',
      nodes: [
        { id: 'velmar', kind: 'place' },
        { id: 'mira', aliases: ['the Captain'] },
      ],
      relationships: [{ id: 'r1' }],
    });
    expect(JSON.parse(String(results[1]?.content))).toMatchObject({
      from: 'shipped',
      text: prompts.get('en/roleplay/actor'),
    });
    expect(readAssistantChat(doc, 'world:eldoria').proposals).toEqual([]);
  });
});
