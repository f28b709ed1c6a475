// The lorebook assistant's loop against a real HTTP server speaking OpenAI tool calls (streamed and
// whole), and the JSON fallback through the WebLLM adapter: writes wait for Apply, Reject writes
// nothing, automatic mode applies, deletes go to the trash and come back, refused writes reach the
// model as tool errors, and a reply cut at the response limit is steered by import/cut-off.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { startToolServer, type ToolReply } from '../support/openai-tool-server.ts';
import type { ChatBody, OpenAIServer } from '../support/openai-server.ts';
import { createScriptedWebllmEngine } from '../support/scripted-webllm-engine.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { createWebllmChatModel } from '../../src/backends/webllm/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { putLorebook, readLorebook } from '../../src/driver/doc/library-worlds.ts';
import { listTrash } from '../../src/driver/doc/library-trash.ts';
import { readAssistantChat } from '../../src/driver/doc/assistant-chats.ts';
import { lorebookAssistant } from '../../src/driver/assistant/lorebook/lorebook-assistant.ts';
import { MAX_ASSISTANT_STEPS, runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { decideProposal, restoreTrashed, setAutomatic } from '../../src/driver/assistant/decisions.ts';
import type { ChatModel } from '../../src/driver/model.ts';

const prompts = shippedPrompts();
const servers: OpenAIServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

function library(): Y.Doc {
  const doc = new Y.Doc();
  const saved = putLorebook(doc, {
    id: 'eldoria',
    name: 'Eldoria',
    entries: [{ id: 'velmar', title: 'Velmar', keys: ['Velmar'], content: 'Velmar is a port city.' }],
  });
  if (!saved.ok) throw new Error(saved.detail);
  return doc;
}

const call = (name: string, args: object, id = `call-${name}`) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});
const DRAGON = { title: 'Dragons', keys: ['dragon'], content: 'Dragons nest on the cliffs of Velmar.' };

/** A server that answers the first request with `first`, every later one with a closing sentence. */
async function scripted(
  first: ToolReply | ((body: ChatBody, n: number) => ToolReply),
): Promise<OpenAIServer> {
  const server = await startToolServer((body, n) =>
    typeof first === 'function' ? first(body, n) : n === 1 ? first : { text: 'Done: check the proposal.' },
  );
  servers.push(server);
  return server;
}

function turn(doc: Y.Doc, model: ChatModel, text: string, stream = false) {
  const a = lorebookAssistant({
    doc,
    bookId: 'eldoria',
    prompts,
    language: 'en',
    clock: Date.now,
    newId: randomUUID,
  })!;
  const tokens: string[] = [];
  return {
    a,
    tokens,
    run: runAssistantTurn(
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
        ...(stream ? { onToken: (d: string) => void tokens.push(d) } : {}),
      },
      text,
    ),
  };
}

const openai = (server: OpenAIServer) =>
  createOpenAIChatModel({ baseURL: server.baseURL, model: 'test-model', wording: english });
const entryIds = (doc: Y.Doc) => readLorebook(doc, 'eldoria')?.entries.map((e) => e.title);

describe('the lorebook assistant over OpenAI tool calls', () => {
  for (const stream of [false, true]) {
    it(`[AS2] a create is proposed and nothing is written until Apply (${stream ? 'streamed' : 'whole'})`, async () => {
      const server = await scripted({ text: 'Adding dragons.', calls: [call('create_entry', DRAGON)] });
      const doc = library();
      const { a, run, tokens } = turn(doc, openai(server), 'Add dragons.', stream);
      const result = await run;
      if (!result.ok) throw new Error(result.detail);
      expect(result.stopped).toBe('answered');
      expect(entryIds(doc)).toEqual(['Velmar']);
      const [proposal] = result.chat.proposals;
      expect(proposal).toMatchObject({ status: 'pending', action: 'create', label: 'Dragons', before: '' });
      expect(proposal?.after).toContain('Dragons nest on the cliffs of Velmar.');
      // The tools went out, and the model was told the call waits for the person.
      expect(server.requests[0]?.body.tools).toHaveLength(a.tools.length);
      const second = server.requests[1]?.body.messages ?? [];
      expect(second.find((m) => m.role === 'tool')?.content).toContain("Waiting for the person's approval");
      if (stream) expect(tokens.join('')).toBe('Adding dragons.Done: check the proposal.');
      const applied = await decideProposal(doc, a.subject, a.tools, proposal!.id, 'apply');
      expect(applied.ok).toBe(true);
      expect(entryIds(doc)).toEqual(['Velmar', 'Dragons']);
      expect(readAssistantChat(doc, a.subject).proposals[0]?.status).toBe('applied');
    });
  }

  it('[AS3] Reject leaves the book unchanged', async () => {
    const server = await scripted({
      calls: [call('edit_entry', { id: 'velmar', content: 'Velmar burned.' })],
    });
    const doc = library();
    const { a, run } = turn(doc, openai(server), 'Burn Velmar.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    const before = JSON.stringify(readLorebook(doc, 'eldoria'));
    expect((await decideProposal(doc, a.subject, a.tools, result.chat.proposals[0]!.id, 'reject')).ok).toBe(
      true,
    );
    expect(JSON.stringify(readLorebook(doc, 'eldoria'))).toBe(before);
    expect(readAssistantChat(doc, a.subject).proposals[0]?.status).toBe('rejected');
  });

  it('[AS2] automatic mode applies as proposed', async () => {
    const server = await scripted({ calls: [call('create_entry', DRAGON)] });
    const doc = library();
    setAutomatic(doc, 'lorebook:eldoria', true);
    const { run } = turn(doc, openai(server), 'Add dragons.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    expect(result.chat.proposals[0]?.status).toBe('applied');
    expect(entryIds(doc)).toEqual(['Velmar', 'Dragons']);
  });

  it('[AS4] a delete goes to the trash and is restored', async () => {
    const server = await scripted({ calls: [call('delete_entry', { id: 'velmar' })] });
    const doc = library();
    const { a, run } = turn(doc, openai(server), 'Remove Velmar.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    expect(entryIds(doc)).toEqual(['Velmar']);
    expect((await decideProposal(doc, a.subject, a.tools, result.chat.proposals[0]!.id, 'apply')).ok).toBe(
      true,
    );
    expect(entryIds(doc)).toEqual([]);
    const [trashed] = listTrash(doc, a.subject);
    expect(trashed).toMatchObject({ kind: 'lore-entry', entry: { content: 'Velmar is a port city.' } });
    expect(restoreTrashed(doc, trashed!.id, randomUUID).ok).toBe(true);
    expect(readLorebook(doc, 'eldoria')?.entries).toEqual([
      expect.objectContaining({ id: 'velmar', keys: ['Velmar'] }),
    ]);
    expect(listTrash(doc, a.subject)).toEqual([]);
  });

  it('[AS3] a refused write is told to the model as a tool error and nothing is written', async () => {
    const server = await scripted({
      calls: [call('create_entry', { title: 'Nothing', content: 'Never fires.' })],
    });
    const doc = library();
    const { run } = turn(doc, openai(server), 'Add something.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    expect(result.chat.proposals).toEqual([]);
    expect(entryIds(doc)).toEqual(['Velmar']);
    const told = server.requests[1]?.body.messages.find((m) => m.role === 'tool');
    expect(told?.content).toMatch(/^Error: An entry needs at least one key.*Nothing was written\.$/);
  });

  it('[AS2] a read tool answers at once with the book', async () => {
    const server = await scripted({ calls: [call('list_entries', {})] });
    const doc = library();
    const { run } = turn(doc, openai(server), 'What is in it?');
    expect((await run).ok).toBe(true);
    const told = server.requests[1]?.body.messages.find((m) => m.role === 'tool')?.content ?? '';
    expect(JSON.parse(told)).toMatchObject({
      name: 'Eldoria',
      entries: [{ id: 'velmar', keys: ['Velmar'] }],
    });
  });

  it('[AS5] a reply cut at the response limit is steered once by import/cut-off', async () => {
    const server = await scripted((_, n) =>
      n === 1
        ? { text: 'I will add a dragon entry with', finishReason: 'length' }
        : { calls: n === 2 ? [call('create_entry', DRAGON)] : [], text: n === 2 ? '' : 'Proposed.' },
    );
    const doc = library();
    const { run } = turn(doc, openai(server), 'Add dragons.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    const steering = server.requests[1]?.body.messages.at(-1);
    expect(steering).toEqual({ role: 'user', content: prompts.get('en/import/cut-off')?.trim() });
    expect(server.requests[1]?.body.messages.at(-2)).toMatchObject({
      role: 'assistant',
      content: 'I will add a dragon entry with',
    });
    expect(result.chat.proposals).toHaveLength(1);
    // The cut reply is not stored as if it were whole.
    expect(result.chat.messages.map((m) => m.text)).not.toContain('I will add a dragon entry with');
  });

  it('[AS1] an Apply made while the turn still runs is kept when the turn stores its messages', async () => {
    const doc = library();
    let applied = false;
    const server = await scripted((_, n) => {
      if (n === 1) return { calls: [call('create_entry', DRAGON)] };
      // The person applies the proposal while the model is still answering.
      const chat = readAssistantChat(doc, 'lorebook:eldoria');
      const a = lorebookAssistant({
        doc,
        bookId: 'eldoria',
        prompts,
        language: 'en',
        clock: Date.now,
        newId: randomUUID,
      })!;
      void decideProposal(doc, chat.subject, a.tools, chat.proposals[0]!.id, 'apply').then(
        (r) => (applied = r.ok),
      );
      return { text: 'Proposed.' };
    });
    const { run } = turn(doc, openai(server), 'Add dragons.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    expect(applied).toBe(true);
    expect(readAssistantChat(doc, 'lorebook:eldoria').proposals[0]?.status).toBe('applied');
    expect(entryIds(doc)).toEqual(['Velmar', 'Dragons']);
  });

  it('[AS2] a model that keeps calling tools stops at the step cap', async () => {
    const server = await scripted(() => ({ calls: [call('list_entries', {})] }));
    const doc = library();
    const { run } = turn(doc, openai(server), 'Loop.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    expect(result.stopped).toBe('step-cap');
    expect(server.requests).toHaveLength(MAX_ASSISTANT_STEPS);
  });

  it('[AS5] cut twice, the reply is stored marked as cut', async () => {
    const server = await scripted(() => ({ text: 'Long', finishReason: 'length' }));
    const doc = library();
    const { run } = turn(doc, openai(server), 'Write a lot.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    expect(result.stopped).toBe('cut');
    expect(server.requests).toHaveLength(2);
    expect(result.chat.messages.at(-1)).toMatchObject({ role: 'assistant', cut: true });
  });
});

describe('the JSON fallback (WebLLM, no tool calls)', () => {
  it('[AS6] calls come as zod-checked JSON, results go back as a user message', async () => {
    const engine = createScriptedWebllmEngine((_, n) =>
      n === 1
        ? 'not json at all'
        : n === 2
          ? JSON.stringify({ say: 'Adding.', calls: [{ tool: 'create_entry', args: DRAGON }] })
          : JSON.stringify({ say: 'Proposed.' }),
    );
    const model = createWebllmChatModel({
      engine,
      model: 'Llama-3.2-1B-Instruct-q4f32_1-MLC',
      wording: english,
    });
    const doc = library();
    const { a, run } = turn(doc, model, 'Add dragons.');
    const result = await run;
    if (!result.ok) throw new Error(result.detail);
    expect(engine.calls[0]?.params.response_format?.type).toBe('json_object');
    expect(engine.calls[0]?.params.messages[0]?.content).toContain('create_entry');
    // The refused answer was asked for again with the reason.
    expect(engine.calls[1]?.params.messages.at(-1)?.content).toContain('not the JSON object asked for');
    expect(engine.calls[2]?.params.messages.at(-1)).toMatchObject({ role: 'user' });
    expect(engine.calls[2]?.params.messages.at(-1)?.content).toMatch(
      /^Result of call .*Waiting for the person's approval/,
    );
    expect(entryIds(doc)).toEqual(['Velmar']);
    expect((await decideProposal(doc, a.subject, a.tools, result.chat.proposals[0]!.id, 'apply')).ok).toBe(
      true,
    );
    expect(entryIds(doc)).toEqual(['Velmar', 'Dragons']);
    expect(result.chat.messages.filter((m) => m.role === 'assistant').map((m) => m.text)).toEqual([
      'Adding.',
      'Proposed.',
    ]);
  });
});
