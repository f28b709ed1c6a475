// A change whose Apply runs a model command answers later (the session doctor's fixes): Apply and
// automatic mode await it, a failure leaves the proposal pending with its reason and writes nothing,
// and what the chat gained while it ran is kept.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { z } from 'zod';
import {
  appendToAssistantChat,
  readAssistantChat,
  type Proposal,
} from '../../src/driver/doc/assistant-chats.ts';
import { decideProposal, setAutomatic } from '../../src/driver/assistant/decisions.ts';
import { runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { ChangeAction, writeTool, type AssistantTool } from '../../src/driver/assistant/tools.ts';
import type { ChatModel } from '../../src/driver/model.ts';

/** A tool that writes `value` into the doc's `written` map after a pause, or fails after it. */
function slowTool(doc: Y.Doc, outcome: { fail?: string }, during?: () => void): AssistantTool {
  return writeTool({
    name: 'slow_write',
    description: 'Writes after a pause.',
    args: z.object({ value: z.string() }),
    propose: ({ value }) => ({
      ok: true,
      change: {
        action: ChangeAction.edit,
        heading: 'entry',
        label: 'x',
        before: '',
        after: value,
        apply: async () => {
          await new Promise((resolve) => setTimeout(resolve, 20));
          during?.();
          if (outcome.fail) return { ok: false, error: outcome.fail };
          doc.getMap('written').set('x', value);
          return { ok: true };
        },
      },
    }),
  });
}

const pending = (id: string): Proposal => ({
  id,
  callId: 'c1',
  tool: 'slow_write',
  args: { value: 'new' },
  action: 'edit',
  label: 'x',
  before: '',
  after: 'new',
  status: 'pending',
});

describe('a change applied asynchronously', () => {
  it('[DR1] a failing async Apply leaves the proposal pending with its reason and writes nothing', async () => {
    const doc = new Y.Doc();
    appendToAssistantChat(doc, 's', { messages: [], proposals: [pending('p1')] });
    const tools = [slowTool(doc, { fail: 'The backend is not reachable.' })];
    const decided = await decideProposal(doc, 's', tools, 'p1', 'apply');
    expect(decided).toMatchObject({ ok: false, code: 'refused', detail: 'The backend is not reachable.' });
    expect(readAssistantChat(doc, 's').proposals[0]).toMatchObject({
      status: 'pending',
      problem: 'The backend is not reachable.',
    });
    expect(doc.getMap('written').size).toBe(0);
  });

  it('[DR1] an async Apply is awaited, and a message stored while it ran is kept', async () => {
    const doc = new Y.Doc();
    appendToAssistantChat(doc, 's', { messages: [], proposals: [pending('p1')] });
    const meanwhile = () =>
      appendToAssistantChat(doc, 's', {
        messages: [{ id: 'm1', role: 'user', text: 'Still there?', at: 1 }],
        proposals: [],
      });
    const decided = await decideProposal(doc, 's', [slowTool(doc, {}, meanwhile)], 'p1', 'apply');
    expect(decided.ok).toBe(true);
    expect(doc.getMap('written').get('x')).toBe('new');
    const chat = readAssistantChat(doc, 's');
    expect(chat.proposals[0]?.status).toBe('applied');
    expect(chat.messages.map((m) => m.text)).toEqual(['Still there?']);
  });

  it('[DR1] automatic mode awaits an async Apply before the model is asked again', async () => {
    const doc = new Y.Doc();
    setAutomatic(doc, 's', true);
    let calls = 0;
    let writtenBeforeSecondCall: unknown;
    const model: ChatModel = {
      toolCalls: true,
      async complete() {
        calls++;
        if (calls === 1)
          return {
            ok: true,
            text: '',
            finishReason: 'tool_calls',
            toolCalls: [{ id: 'c1', name: 'slow_write', arguments: '{"value":"auto"}' }],
          };
        writtenBeforeSecondCall = doc.getMap('written').get('x');
        return { ok: true, text: 'Done.', finishReason: 'stop' };
      },
    };
    const result = await runAssistantTurn(
      {
        doc,
        subject: 's',
        model,
        prompts: new Map(),
        language: 'en',
        system: 'system',
        tools: [slowTool(doc, {})],
        clock: () => 1,
        newId: (() => {
          let n = 0;
          return () => `id-${++n}`;
        })(),
      },
      'Write it.',
    );
    expect(result.ok).toBe(true);
    expect(writtenBeforeSecondCall).toBe('auto');
    expect(readAssistantChat(doc, 's').proposals[0]?.status).toBe('applied');
  });
});
