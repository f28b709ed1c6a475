// The translation assistant's loop against a real HTTP server speaking OpenAI tool calls: the
// glossary is proposed and written only on Apply (as a new world named as it says), a document
// before a glossary is refused with translate/notice, a document that breaks the glossary is refused
// naming the names, Apply writes the translated world, Reject leaves it, automatic mode applies —
// and the source world is the same, deep-equal, after all of it.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { startToolServer, type ToolReply } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { listWorlds, putWorld, readWorld } from '../../src/driver/doc/library-worlds.ts';
import { translateAssistant } from '../../src/driver/assistant/translate/translate-assistant.ts';
import { runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { decideProposal, setAutomatic } from '../../src/driver/assistant/decisions.ts';

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
    description: 'A sea kingdom ruled from Velmar.',
    nodes: [
      { id: 'velmar', kind: 'place', name: 'Velmar', body: 'A port city.' },
      {
        id: 'mira',
        kind: 'character',
        name: 'Mira',
        aliases: ['the Captain'],
        body: 'Harbour master of Velmar.',
      },
    ],
    relationships: [{ id: 'r1', from: 'mira', to: 'velmar', label: 'runs the harbour of' }],
    knowledge: { mira: { nodes: ['velmar'], relationships: ['r1'] } },
    prompts: { 'en/roleplay/style': 'Write like a sea shanty.' },
  });
  if (!saved.ok) throw new Error(saved.detail);
  return doc;
}

const GLOSSARY = [
  { source: 'Eldoria', target: '艾尔多利亚' },
  { source: 'Velmar', target: '维尔玛' },
  { source: 'Mira', target: '米拉' },
  { source: 'the Captain', target: '船长' },
];

let calls = 0;
const call = (name: string, args: object) => ({
  id: `call-${++calls}`,
  name,
  arguments: JSON.stringify(args),
});

/** A server that answers the first request with `first` and every later one with a short reply. */
async function scripted(first: ToolReply): Promise<OpenAIServer> {
  const server = await startToolServer((_, n) => (n === 1 ? first : { text: 'Done: check the proposals.' }));
  servers.push(server);
  return server;
}

const assistant = (doc: Y.Doc) =>
  translateAssistant({ doc, worldId: 'eldoria', target: 'zh', prompts, language: 'en' })!;

async function turn(doc: Y.Doc, server: OpenAIServer, text: string) {
  const a = assistant(doc);
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
  // What this turn's calls were told, in order.
  const since = result.chat.messages.findLastIndex((m) => m.role === 'user');
  const told = result.chat.messages
    .slice(since)
    .filter((m) => m.role === 'tool')
    .map((m) => m.text);
  return { a, chat: result.chat, told };
}

const source = (doc: Y.Doc) => readWorld(doc, 'eldoria');
const translated = (doc: Y.Doc) => readWorld(doc, 'eldoria-zh');

/** The library with the glossary proposed and applied, and the chat it was applied in. */
async function withGlossary(doc: Y.Doc) {
  const server = await scripted({ calls: [call('propose_glossary', { entries: GLOSSARY })] });
  const { a, chat } = await turn(doc, server, 'Translate it into Chinese.');
  expect((await decideProposal(doc, a.subject, a.tools, chat.proposals.at(-1)!.id, 'apply')).ok).toBe(true);
}

describe('the translation assistant over OpenAI tool calls', () => {
  it('[AT1] the glossary is proposed and nothing is written until Apply, which makes the new world', async () => {
    const doc = library();
    const original = structuredClone(source(doc));
    const server = await scripted({
      text: 'Here is a glossary.',
      calls: [call('propose_glossary', { entries: GLOSSARY })],
    });
    const { a, chat, told } = await turn(doc, server, 'Translate it into Chinese.');
    expect(a.subject).toBe('translate:eldoria:zh');
    // Every tool went out, with the source's names in the system prompt.
    expect(server.requests[0]?.body.tools).toHaveLength(a.tools.length);
    const system = String(server.requests[0]?.body.messages[0]?.content);
    expect(system).toContain('It is translated into: 中文');
    expect(system).toContain('- the Captain');
    expect(system).toContain('(no glossary is applied yet)');
    const [proposal] = chat.proposals;
    expect(proposal).toMatchObject({ status: 'pending', action: 'create', label: '艾尔多利亚', before: '' });
    expect(proposal?.after).toContain('Velmar → 维尔玛');
    expect(told[0]).toContain('Proposed as change');
    expect(listWorlds(doc).map((w) => w.id)).toEqual(['eldoria']);

    expect((await decideProposal(doc, a.subject, a.tools, proposal!.id, 'apply')).ok).toBe(true);
    expect(translated(doc)).toMatchObject({
      name: '艾尔多利亚',
      nodes: [],
      translation: { from: 'eldoria', language: 'zh', glossary: GLOSSARY },
    });
    expect(source(doc)).toEqual(original);
    // The next turn's system prompt carries the glossary as applied.
    expect(assistant(doc).system).toContain('Mira → 米拉');
  });

  it('[AT1] a glossary that leaves a name out is refused naming it, and nothing is written', async () => {
    const doc = library();
    const server = await scripted({
      calls: [call('propose_glossary', { entries: GLOSSARY.filter((e) => e.source !== 'the Captain') })],
    });
    const { chat, told } = await turn(doc, server, 'Translate it.');
    expect(chat.proposals).toEqual([]);
    expect(told[0]).toMatch(/^Error: The glossary has no name for “the Captain”.*Nothing was written\.$/);
    expect(translated(doc)).toBeUndefined();
  });

  it('[AT2] a document before a glossary is applied is refused with the notice, nothing written', async () => {
    const doc = library();
    const server = await scripted({
      calls: [
        call('propose_glossary', { entries: GLOSSARY }),
        call('translate_node', { id: 'velmar', body: '维尔玛是一座港口城市。' }),
      ],
    });
    const { chat, told } = await turn(doc, server, 'Translate it.');
    // The glossary waits for the person, so the document after it in the same answer is refused.
    expect(chat.proposals.map((p) => p.tool)).toEqual(['propose_glossary']);
    expect(told[1]).toBe(
      `Error: ${prompts.get('en/translate/notice')?.replace('${target}', '中文').trim()} Nothing was written.`,
    );
    expect(translated(doc)).toBeUndefined();
  });

  it('[AT3] a document that writes a source name the glossary renames is refused with the names', async () => {
    const doc = library();
    await withGlossary(doc);
    const before = structuredClone(translated(doc));
    const server = await scripted({
      calls: [call('translate_node', { id: 'mira', body: '维尔玛的港务长，人称Mira船长。' })],
    });
    const { chat, told } = await turn(doc, server, 'Now Mira.');
    expect(chat.proposals.filter((p) => p.tool === 'translate_node')).toEqual([]);
    expect(told[0]).toBe(
      'Error: The translation does not keep the glossary: it writes “Mira” where the glossary says “米拉”. Nothing was written.',
    );
    expect(translated(doc)).toEqual(before);
  });

  it('[AT3] a document that drops a name its source has is refused with the names', async () => {
    const doc = library();
    await withGlossary(doc);
    const server = await scripted({
      calls: [call('translate_description', { text: '一个由港口统治的海上王国。' })],
    });
    const { told } = await turn(doc, server, 'The description.');
    expect(told[0]).toBe(
      "Error: The translation does not keep the glossary: it drops “维尔玛” (the glossary's name for “Velmar”, which the source text has). Nothing was written.",
    );
    expect(translated(doc)?.description).toBe('');
  });

  it('[AT3] Apply checks a document again against the glossary as it is then', async () => {
    const doc = library();
    await withGlossary(doc);
    const server = await scripted({
      calls: [call('translate_node', { id: 'mira', body: '维尔玛的港务长。' })],
    });
    const { a, chat } = await turn(doc, server, 'Now Mira.');
    const node = chat.proposals.at(-1)!;
    expect(node.status).toBe('pending');
    const renamed = await scripted({
      calls: [call('propose_glossary', { entries: [{ source: 'Velmar', target: '韦尔马' }] })],
    });
    const { chat: later } = await turn(doc, renamed, 'Velmar reads better as 韦尔马.');
    expect((await decideProposal(doc, a.subject, a.tools, later.proposals.at(-1)!.id, 'apply')).ok).toBe(
      true,
    );
    expect(await decideProposal(doc, a.subject, a.tools, node.id, 'apply')).toMatchObject({
      ok: false,
      code: 'refused',
      detail:
        "The translation does not keep the glossary: it drops “韦尔马” (the glossary's name for “Velmar”, which the source text has).",
    });
    expect(translated(doc)?.nodes).toEqual([]);
  });

  it('[AT2] Apply writes each document into the translated world; Reject leaves it', async () => {
    const doc = library();
    const original = structuredClone(source(doc));
    await withGlossary(doc);
    const server = await scripted({
      calls: [
        call('translate_node', { id: 'velmar', body: '一座港口城市。' }),
        call('translate_node', { id: 'mira', body: '维尔玛的港务长。' }),
        call('translate_relationship', { id: 'r1', label: '管理港口' }),
        call('translate_description', { text: '一个由维尔玛统治的海上王国。' }),
        call('translate_prompt', { path: 'en/roleplay/style', text: '像水手号子那样写。' }),
      ],
    });
    const { a, chat, told } = await turn(doc, server, 'Translate the rest.');
    // The relationship waits for its nodes, which are only proposed: it is refused naming them.
    expect(told[2]).toMatch(/^Error: Translate the nodes mira and velmar first/);
    const [velmar, mira, description, prompt] = chat.proposals.filter((p) => p.tool !== 'propose_glossary');
    expect(mira).toMatchObject({ action: 'create', label: '米拉', before: '' });
    expect(mira?.after).toContain('Aliases: 船长');
    expect(prompt).toMatchObject({ label: 'zh/roleplay/style', after: '像水手号子那样写。' });
    expect(translated(doc)?.nodes).toEqual([]);

    for (const p of [velmar, mira, prompt])
      expect((await decideProposal(doc, a.subject, a.tools, p!.id, 'apply')).ok).toBe(true);
    expect((await decideProposal(doc, a.subject, a.tools, description!.id, 'reject')).ok).toBe(true);
    expect(translated(doc)).toMatchObject({
      name: '艾尔多利亚',
      description: '',
      nodes: [
        { id: 'velmar', kind: 'place', name: '维尔玛', aliases: [], body: '一座港口城市。' },
        { id: 'mira', kind: 'character', name: '米拉', aliases: ['船长'], body: '维尔玛的港务长。' },
      ],
      relationships: [],
      // What Mira knows follows the source, for what is translated.
      knowledge: { mira: { nodes: ['velmar'], relationships: [] } },
      prompts: { 'zh/roleplay/style': '像水手号子那样写。' },
    });

    const again = await scripted({
      calls: [call('translate_relationship', { id: 'r1', label: '管理港口' })],
    });
    const next = await turn(doc, again, 'The relationship now.');
    const rel = next.chat.proposals.at(-1)!;
    expect(rel.after).toBe('米拉 — 管理港口 — 维尔玛');
    expect((await decideProposal(doc, a.subject, a.tools, rel.id, 'apply')).ok).toBe(true);
    expect(translated(doc)?.relationships).toEqual([
      { id: 'r1', from: 'mira', to: 'velmar', label: '管理港口' },
    ]);
    expect(translated(doc)?.knowledge['mira']).toEqual({ nodes: ['velmar'], relationships: ['r1'] });
    expect(source(doc)).toEqual(original);
  });

  it('[AT2] automatic mode applies the glossary and then the documents as proposed', async () => {
    const doc = library();
    const original = structuredClone(source(doc));
    setAutomatic(doc, 'translate:eldoria:zh', true);
    const server = await scripted({
      calls: [
        call('propose_glossary', { entries: GLOSSARY }),
        call('translate_node', { id: 'velmar', body: '一座港口城市。' }),
        call('translate_description', { text: '一个由维尔玛统治的海上王国。' }),
      ],
    });
    const { chat } = await turn(doc, server, 'Translate it all, no need to ask.');
    expect(chat.proposals.map((p) => p.status)).toEqual(['applied', 'applied', 'applied']);
    expect(translated(doc)).toMatchObject({
      name: '艾尔多利亚',
      description: '一个由维尔玛统治的海上王国。',
      nodes: [{ id: 'velmar', name: '维尔玛' }],
    });
    expect(source(doc)).toEqual(original);
  });

  it('[AT1] a rejected glossary writes nothing; a later glossary entry renames what is translated', async () => {
    const doc = library();
    const original = structuredClone(source(doc));
    const server = await scripted({ calls: [call('propose_glossary', { entries: GLOSSARY })] });
    const { a, chat } = await turn(doc, server, 'Translate it.');
    expect((await decideProposal(doc, a.subject, a.tools, chat.proposals[0]!.id, 'reject')).ok).toBe(true);
    expect(translated(doc)).toBeUndefined();

    await withGlossary(doc);
    setAutomatic(doc, a.subject, true);
    const more = await scripted({
      calls: [
        call('translate_node', { id: 'velmar', body: '一座港口城市。' }),
        call('propose_glossary', { entries: [{ source: 'Velmar', target: '韦尔马' }] }),
      ],
    });
    const { chat: after } = await turn(doc, more, 'Velmar reads better as 韦尔马.');
    expect(after.proposals.at(-1)).toMatchObject({ action: 'edit', status: 'applied' });
    expect(after.proposals.at(-1)?.before).toContain('Velmar → 维尔玛');
    expect(translated(doc)?.nodes[0]?.name).toBe('韦尔马');
    expect(translated(doc)?.translation?.glossary).toHaveLength(GLOSSARY.length);
    expect(source(doc)).toEqual(original);
  });

  it('[AT1] a library world that already takes the translation id is never overwritten', async () => {
    const doc = library();
    expect(putWorld(doc, { id: 'eldoria-zh', name: 'Someone else' }).ok).toBe(true);
    const server = await scripted({ calls: [call('propose_glossary', { entries: GLOSSARY })] });
    const { chat, told } = await turn(doc, server, 'Translate it.');
    expect(chat.proposals).toEqual([]);
    expect(told[0]).toContain('another world with the id eldoria-zh');
    expect(translated(doc)?.name).toBe('Someone else');
  });
});
