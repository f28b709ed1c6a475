// The preset assistant's loop against a real HTTP server speaking OpenAI tool calls: a prompt write
// waits for Apply, Reject writes nothing, automatic mode applies, a deleted prompt goes to the trash
// and comes back, writes the story check refuses (unknown variable, not a roleplay/ prompt, empty,
// sampling out of range) reach the model as tool errors with nothing written, and a rules prompt's
// change carries a warning.
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { randomUUID } from 'node:crypto';
import { startToolServer, type ToolReply } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { createOpenAIChatModel } from '../../src/backends/openai/chat-model.ts';
import { english } from '../../src/backends/wording.ts';
import { putPreset, readPreset } from '../../src/driver/doc/library-presets.ts';
import { listTrash } from '../../src/driver/doc/library-trash.ts';
import { presetAssistant } from '../../src/driver/assistant/preset/preset-assistant.ts';
import { runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { decideProposal, restoreTrashed, setAutomatic } from '../../src/driver/assistant/decisions.ts';

const prompts = shippedPrompts();
const servers: OpenAIServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

const STYLE = 'Write in short, vivid sentences.';
function library(): Y.Doc {
  const doc = new Y.Doc();
  const saved = putPreset(doc, {
    id: 'noir',
    title: 'Noir',
    sampling: { characters: 0.8 },
    prompts: new Map([['en/roleplay/style', STYLE]]),
  });
  if (!saved.ok) throw new Error(saved.detail);
  return doc;
}

const call = (name: string, args: object, id = `call-${name}`) => ({
  id,
  name,
  arguments: JSON.stringify(args),
});

async function scripted(first: ToolReply): Promise<OpenAIServer> {
  const server = await startToolServer((_body, n) => (n === 1 ? first : { text: 'Done: check it.' }));
  servers.push(server);
  return server;
}

async function turn(doc: Y.Doc, server: OpenAIServer, text: string) {
  const a = presetAssistant({
    doc,
    presetId: 'noir',
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

const prompt = (doc: Y.Doc, path: string) => readPreset(doc, 'noir')?.prompts.get(path);
const toolAnswer = (server: OpenAIServer) =>
  server.requests[1]?.body.messages.find((m) => m.role === 'tool')?.content ?? '';

describe('the preset assistant over OpenAI tool calls', () => {
  it('[AS7] a prompt write is proposed with its diff and written only on Apply', async () => {
    const server = await scripted({
      calls: [call('write_prompt', { path: 'en/roleplay/style', text: 'Write like rain on a window.' })],
    });
    const doc = library();
    const { a, result } = await turn(doc, server, 'Make it moodier.');
    const sent = server.requests[0]?.body.tools as Array<{ function: { name: string } }>;
    expect(sent.map((t) => t.function.name)).toEqual([
      'list_prompts',
      'read_prompt',
      'write_prompt',
      'delete_prompt',
      'set_sampling',
    ]);
    expect(server.requests[0]?.body.messages[0]?.content).toContain('The preset: Noir');
    const [proposal] = result.chat.proposals;
    expect(proposal).toMatchObject({
      status: 'pending',
      action: 'edit',
      label: 'en/roleplay/style',
      before: STYLE,
      after: 'Write like rain on a window.',
    });
    expect(proposal?.warning).toBeUndefined();
    expect(prompt(doc, 'en/roleplay/style')).toBe(STYLE);
    expect((await decideProposal(doc, a.subject, a.tools, proposal!.id, 'apply')).ok).toBe(true);
    expect(prompt(doc, 'en/roleplay/style')).toBe('Write like rain on a window.');
  });

  it('[AS7] list_prompts tells the model which language a prose prompt still lacks', async () => {
    const server = await scripted({ calls: [call('list_prompts', {})] });
    await turn(library(), server, 'What is missing?');
    const listed = JSON.parse(toolAnswer(server)) as Record<string, unknown>;
    expect(listed).toMatchObject({
      title: 'Noir',
      prompts: [{ path: 'en/roleplay/style', rules: false, chars: STYLE.length }],
      languages: ['en', 'zh'],
      missingLanguages: { 'roleplay/style': ['zh'] },
    });
  });

  it('[AS7] Reject leaves the preset unchanged', async () => {
    const server = await scripted({
      calls: [call('write_prompt', { path: 'zh/roleplay/style', text: '句子要短。' })],
    });
    const doc = library();
    const { a, result } = await turn(doc, server, 'Add Chinese.');
    expect((await decideProposal(doc, a.subject, a.tools, result.chat.proposals[0]!.id, 'reject')).ok).toBe(
      true,
    );
    expect([...readPreset(doc, 'noir')!.prompts.keys()]).toEqual(['en/roleplay/style']);
  });

  it('[AS7] automatic mode applies a sampling change as proposed', async () => {
    const server = await scripted({ calls: [call('set_sampling', { topP: 0.9 })] });
    const doc = library();
    setAutomatic(doc, 'preset:noir', true);
    const { result } = await turn(doc, server, 'Suggest top-p 0.9.');
    expect(result.chat.proposals[0]).toMatchObject({ status: 'applied', action: 'settings' });
    expect(readPreset(doc, 'noir')?.sampling).toEqual({ characters: 0.8, topP: 0.9 });
  });

  it('[AS7] a deleted prompt goes to the trash and is restored', async () => {
    const server = await scripted({ calls: [call('delete_prompt', { path: 'en/roleplay/style' })] });
    const doc = library();
    const { a, result } = await turn(doc, server, 'Drop the style.');
    expect(prompt(doc, 'en/roleplay/style')).toBe(STYLE);
    expect((await decideProposal(doc, a.subject, a.tools, result.chat.proposals[0]!.id, 'apply')).ok).toBe(
      true,
    );
    expect(prompt(doc, 'en/roleplay/style')).toBeUndefined();
    const [trashed] = listTrash(doc, a.subject);
    expect(trashed).toMatchObject({ kind: 'preset-prompt', path: 'en/roleplay/style', text: STYLE });
    expect(restoreTrashed(doc, trashed!.id, randomUUID).ok).toBe(true);
    expect(prompt(doc, 'en/roleplay/style')).toBe(STYLE);
    expect(listTrash(doc, a.subject)).toEqual([]);
  });

  const refused: Array<[string, string, object, RegExp]> = [
    [
      'a variable the prompt is not given',
      'write_prompt',
      { path: 'en/roleplay/style', text: 'Be ${name}.' },
      /unknown variable \$\{name\}/,
    ],
    [
      'a prompt outside roleplay/',
      'write_prompt',
      { path: 'en/lorebook/persona', text: 'You edit presets.' },
      /only roleplay\/ prompts/,
    ],
    [
      'a prompt the package does not ship',
      'write_prompt',
      { path: 'en/roleplay/villain', text: 'Be bad.' },
      /not a prompt the package ships/,
    ],
    ['an empty prompt', 'write_prompt', { path: 'en/roleplay/style', text: '  ' }, /empty/],
    ['a temperature out of range', 'set_sampling', { characters: 5 }, /Invalid arguments: characters/],
  ];
  for (const [what, tool, args, error] of refused)
    it(`[AS7] ${what} is refused to the model and nothing is written`, async () => {
      const server = await scripted({ calls: [call(tool, args)] });
      const doc = library();
      const before = JSON.stringify([...readPreset(doc, 'noir')!.prompts, readPreset(doc, 'noir')!.sampling]);
      const { result } = await turn(doc, server, 'Go.');
      expect(result.chat.proposals).toEqual([]);
      expect(toolAnswer(server)).toMatch(error);
      expect(toolAnswer(server)).toContain('Nothing was written.');
      expect(JSON.stringify([...readPreset(doc, 'noir')!.prompts, readPreset(doc, 'noir')!.sampling])).toBe(
        before,
      );
    });

  it('[AS7] a rules prompt write is proposed with a warning', async () => {
    const server = await scripted({
      calls: [call('write_prompt', { path: 'en/roleplay/retry', text: 'Try again: ${reason}' })],
    });
    const doc = library();
    const { result } = await turn(doc, server, 'Shorten the retry prompt.');
    expect(result.chat.proposals[0]).toMatchObject({ action: 'create', label: 'en/roleplay/retry' });
    expect(result.chat.proposals[0]?.warning).toMatch(/roleplay\/retry is a rules prompt/);
  });
});
