// The world authoring assistant through the worker's DriverApi over comlink, against a real server
// speaking tool calls: the chat opens with the world's welcome, a proposed node is in the library only
// after Apply, a deleted prompt goes to the trash and is restored, and a world that is gone is said so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';

const subject = { kind: 'world', id: 'harbour' } as const;
let server: OpenAIServer;
let host: HostHarness;

const call = (name: string, args: object) => ({ id: `c-${name}`, name, arguments: JSON.stringify(args) });

beforeAll(async () => {
  server = await startToolServer((body) => {
    const last = body.messages.at(-1);
    if (last?.role === 'tool') return { text: 'Proposed: please check it.' };
    if (String(last?.content).includes('style'))
      return { calls: [call('delete_prompt', { path: 'en/roleplay/style' })] };
    return { calls: [call('create_node', { kind: 'place', name: 'The Dock', body: 'Wet planks.' })] };
  });
  host = await startHost(server);
  const saved = await host.api.saveWorld({
    id: 'harbour',
    name: 'Harbour',
    nodes: [{ id: 'mara', kind: 'character', name: 'Mara' }],
    prompts: { 'en/roleplay/style': 'Short sentences.' },
  });
  if (!saved.ok) throw new Error(saved.detail);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

const world = async () => (await host.api.listWorlds()).find((w) => w.id === 'harbour');

describe('the world authoring assistant through the worker', () => {
  it('[AS1] opens with the world welcome prompt and an empty chat', async () => {
    const opened = await host.api.openAssistant(subject);
    if (!opened.ok) throw new Error(opened.detail);
    expect(opened.view.welcome).toContain('“Harbour”');
    expect(opened.view.chat).toMatchObject({ subject: 'world:harbour', automatic: false, messages: [] });
  });

  it('[AS2] a node is written only on Apply', async () => {
    const sent = await host.api.sendAssistant(subject, 'Add a dock.');
    if (!sent.ok) throw new Error(sent.detail);
    expect((await world())?.nodes.map((n) => n.name)).toEqual(['Mara']);
    const applied = await host.api.decideProposal(subject, sent.view.chat.proposals[0]!.id, 'apply');
    if (!applied.ok) throw new Error(applied.detail);
    expect((await world())?.nodes.map((n) => n.name)).toEqual(['Mara', 'The Dock']);
  });

  it('[AS4] a deleted world prompt goes to the trash and is restored', async () => {
    const sent = await host.api.sendAssistant(subject, 'Drop the style prompt.');
    if (!sent.ok) throw new Error(sent.detail);
    const applied = await host.api.decideProposal(subject, sent.view.chat.proposals.at(-1)!.id, 'apply');
    if (!applied.ok) throw new Error(applied.detail);
    expect((await world())?.prompts).toEqual({});
    const [trashed] = applied.view.trash;
    expect(trashed).toMatchObject({ kind: 'world-prompt', path: 'en/roleplay/style' });
    const restored = await host.api.restoreFromTrash(subject, trashed!.id);
    if (!restored.ok) throw new Error(restored.detail);
    expect(restored.view.trash).toEqual([]);
    expect((await world())?.prompts).toEqual({ 'en/roleplay/style': 'Short sentences.' });
  });

  it('a world no longer in the library is said so', async () => {
    const opened = await host.api.openAssistant({ kind: 'world', id: 'gone' });
    expect(opened).toMatchObject({
      ok: false,
      code: 'not-found',
      detail: 'This world is no longer in the library.',
    });
  });
});
