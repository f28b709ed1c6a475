// How an assistant turn ends when it does not simply answer, against a real server speaking OpenAI
// tool calls: stopped by the person (the partial reply kept and marked, proposals kept, the chat goes
// on), refused `tools` (the turn asked again with the JSON fallback, and told so), and a failed call
// answered again by Retry without storing the person's message twice.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { startToolServer, type ToolScript } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { putLorebook } from '../../src/driver/doc/library-worlds.ts';
import { readAssistantChat } from '../../src/driver/doc/assistant-chats.ts';
import { lorebookAssistant } from '../../src/driver/assistant/lorebook/lorebook-assistant.ts';
import { runAssistantTurn, type AssistantTurnInput } from '../../src/driver/assistant/loop.ts';

const prompts = shippedPrompts();
const servers: OpenAIServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const DRAGON = { title: 'Dragons', keys: ['dragon'], content: 'Dragons nest on the cliffs of Velmar.' };
const createDragon = { id: 'call-1', name: 'create_entry', arguments: JSON.stringify(DRAGON) };

async function setup(script: ToolScript) {
  const server = await startToolServer(script);
  servers.push(server);
  const doc = new Y.Doc();
  const saved = putLorebook(doc, { id: 'eldoria', name: 'Eldoria', entries: [] });
  if (!saved.ok) throw new Error(saved.detail);
  const a = lorebookAssistant({
    doc,
    bookId: 'eldoria',
    prompts,
    language: 'en',
    clock: Date.now,
    newId: randomUUID,
  })!;
  const model = createOpenAIChatModel({
    baseURL: server.baseURL,
    model: 'm',
    wording: english,
    maxRetries: 0,
  });
  const input = (more: Partial<AssistantTurnInput> = {}): AssistantTurnInput => ({
    doc,
    subject: a.subject,
    model,
    prompts,
    language: 'en',
    system: a.system,
    tools: a.tools,
    clock: Date.now,
    newId: randomUUID,
    ...more,
  });
  return { server, doc, a, input, chat: () => readAssistantChat(doc, a.subject) };
}

describe('an assistant turn stopped, refused or failed', () => {
  it('[AM1] Stop aborts the call: the partial reply is kept marked as stopped, proposals stay, the chat goes on', async () => {
    const { server, input, chat } = await setup((body, n) => {
      if (n === 1) return { text: 'Adding. ', calls: [createDragon] };
      if (n === 2) return { text: 'I proposed the dragons and now I', hold: true };
      return { text: 'Going on.' };
    });
    const stop = new AbortController();
    let heard = '';
    const turn = runAssistantTurn(
      input({
        signal: stop.signal,
        onToken: (d) => {
          heard += d;
          if (heard.endsWith('now I')) stop.abort();
        },
      }),
      'Add dragons.',
    );
    const result = await turn;
    if (!result.ok) throw new Error(result.detail);
    expect(result.stopped).toBe('cancelled');
    expect(chat().messages.at(-1)).toMatchObject({
      role: 'assistant',
      text: 'I proposed the dragons and now I',
      stopped: true,
    });
    expect(chat().proposals).toEqual([expect.objectContaining({ label: 'Dragons', status: 'pending' })]);
    const next = await runAssistantTurn(input(), 'Go on.');
    expect(next.ok && next.stopped).toBe('answered');
    // The model reads its stopped reply as it was, and the person's next message after it.
    const sent = server.requests.at(-1)?.body.messages ?? [];
    expect(sent.at(-2)).toMatchObject({ role: 'assistant', content: 'I proposed the dragons and now I' });
    expect(chat().messages.at(-1)).toMatchObject({ role: 'assistant', text: 'Going on.' });
  });

  it('[AM2] a server refusing `tools` (400) gets the turn again as the JSON fallback, once, and it is told', async () => {
    const { server, input, chat } = await setup((body) => {
      if (body.tools)
        return { status: 400, error: 'registry.ollama.ai/library/gemma2:2b does not support tools' };
      const done = body.messages.at(-1)?.content.startsWith('Result of call');
      const calls = done ? [] : [{ tool: 'create_entry', args: DRAGON }];
      return { text: JSON.stringify({ say: done ? 'Proposed.' : 'Here is one.', calls }) };
    });
    const result = await runAssistantTurn(input(), 'Add dragons.');
    if (!result.ok) throw new Error(result.detail);
    expect(result.toolsRefused).toBe(true);
    expect(server.requests.map((r) => Boolean(r.body.tools))).toEqual([true, false, false]);
    expect(server.requests[1]?.body.response_format).toMatchObject({ type: 'json_schema' });
    expect(chat().proposals).toEqual([expect.objectContaining({ label: 'Dragons', status: 'pending' })]);
    // The person's message is stored once, not once per try.
    expect(chat().messages.filter((m) => m.role === 'user')).toHaveLength(1);
  });

  it('[AM2] a refusal that is not about tools is a failure, not a fallback', async () => {
    const { server, input } = await setup(() => ({ status: 400, error: 'context length exceeded' }));
    const result = await runAssistantTurn(input(), 'Add dragons.');
    expect(result).toMatchObject({ ok: false, code: 'server' });
    expect(server.requests).toHaveLength(1);
  });

  it('[AM3] a failed call leaves the message unanswered; Retry answers it without storing it twice', async () => {
    let down = true;
    const { input, chat } = await setup(() =>
      down ? { status: 503, error: 'loading model' } : { text: 'Answered at last.' },
    );
    const failed = await runAssistantTurn(input(), 'Add dragons.');
    expect(failed).toMatchObject({ ok: false, code: 'server' });
    expect(chat().messages.map((m) => [m.role, m.text])).toEqual([['user', 'Add dragons.']]);
    down = false;
    const retried = await runAssistantTurn(input(), null);
    expect(retried.ok && retried.stopped).toBe('answered');
    expect(chat().messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'Add dragons.'],
      ['assistant', 'Answered at last.'],
    ]);
    // Once answered, there is nothing left to retry.
    expect(await runAssistantTurn(input(), null)).toMatchObject({ ok: false, code: 'invalid' });
  });
});
