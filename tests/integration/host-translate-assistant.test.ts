// The translation assistant through the worker's DriverApi over comlink, against a real server
// speaking tool calls: the chat opens with the welcome naming the world and the language, the
// glossary makes the new world only on Apply, a document then goes into it, and the source world
// reads the same after all of it; a world that is gone is said so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';

const subject = { kind: 'translate', id: 'harbour', language: 'zh' } as const;
let server: OpenAIServer;
let host: HostHarness;

const call = (name: string, args: object) => ({ id: `c-${name}`, name, arguments: JSON.stringify(args) });
const GLOSSARY = [
  { source: 'Harbour', target: '港湾' },
  { source: 'Mara', target: '玛拉' },
];

beforeAll(async () => {
  server = await startToolServer((body) => {
    const last = body.messages.at(-1);
    if (last?.role === 'tool') return { text: 'Proposed: please check it.' };
    if (String(last?.content).includes('Mara'))
      return { calls: [call('translate_node', { id: 'mara', body: '玛拉守着码头。' })] };
    return { calls: [call('propose_glossary', { entries: GLOSSARY })] };
  });
  host = await startHost(server);
  const saved = await host.api.saveWorld({
    id: 'harbour',
    name: 'Harbour',
    nodes: [{ id: 'mara', kind: 'character', name: 'Mara', body: 'Mara keeps the dock.' }],
  });
  if (!saved.ok) throw new Error(saved.detail);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

const worlds = async () => await host.api.listWorlds();

describe('the translation assistant through the worker', () => {
  it('[AT1] opens with the welcome naming the world and the language', async () => {
    const opened = await host.api.openAssistant(subject);
    if (!opened.ok) throw new Error(opened.detail);
    expect(opened.view.welcome).toContain('“Harbour” into 中文');
    expect(opened.view.chat).toMatchObject({ subject: 'translate:harbour:zh', messages: [] });
  });

  it('[AT1] [AT2] the glossary makes the new world on Apply, then a node goes into it; the source stays', async () => {
    const original = (await worlds()).find((w) => w.id === 'harbour');
    const sent = await host.api.sendAssistant(subject, 'Translate it.');
    if (!sent.ok) throw new Error(sent.detail);
    expect((await worlds()).map((w) => w.id)).toEqual(['harbour']);
    const applied = await host.api.decideProposal(subject, sent.view.chat.proposals[0]!.id, 'apply');
    if (!applied.ok) throw new Error(applied.detail);
    const node = await host.api.sendAssistant(subject, 'Now Mara.');
    if (!node.ok) throw new Error(node.detail);
    const done = await host.api.decideProposal(subject, node.view.chat.proposals.at(-1)!.id, 'apply');
    if (!done.ok) throw new Error(done.detail);
    const all = await worlds();
    expect(all.find((w) => w.id === 'harbour-zh')).toMatchObject({
      name: '港湾',
      nodes: [{ id: 'mara', name: '玛拉', body: '玛拉守着码头。' }],
      translation: { from: 'harbour', language: 'zh' },
    });
    expect(all.find((w) => w.id === 'harbour')).toEqual(original);
  });

  it('a world no longer in the library is said so', async () => {
    const opened = await host.api.openAssistant({ kind: 'translate', id: 'gone', language: 'en' });
    expect(opened).toMatchObject({
      ok: false,
      code: 'not-found',
      detail: 'This world is no longer in the library.',
    });
  });
});
