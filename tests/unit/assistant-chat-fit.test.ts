// An assistant chat is fitted into the model's context like every request (B7): a long chat against a
// small context sends the system prompt and the latest message, drops its oldest exchanges first, never
// a tool result without its call, and states `max_tokens`.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { shippedPrompts } from '../../src/cli/prompt-files.ts';
import { putLorebook } from '../../src/driver/doc/library-worlds.ts';
import { lorebookAssistant } from '../../src/driver/assistant/lorebook/lorebook-assistant.ts';
import { runAssistantTurn } from '../../src/driver/assistant/loop.ts';
import { ASSISTANT_MAX_TOKENS } from '../../src/driver/budget/request-budget.ts';
import { estimateMessages } from '../../src/driver/budget/tokens.ts';
import { createScriptedModel } from '../support/scripted-model.ts';

const CONTEXT = 2048;

function chatWith(model: ReturnType<typeof createScriptedModel>) {
  const doc = new Y.Doc();
  const saved = putLorebook(doc, { id: 'eldoria', name: 'Eldoria', entries: [] });
  if (!saved.ok) throw new Error(saved.detail);
  let id = 0;
  const a = lorebookAssistant({
    doc,
    bookId: 'eldoria',
    prompts: shippedPrompts(),
    language: 'en',
    clock: () => 0,
    newId: () => `id${++id}`,
  })!;
  const send = (text: string) =>
    runAssistantTurn(
      {
        doc,
        subject: a.subject,
        model,
        prompts: shippedPrompts(),
        language: 'en',
        system: a.system,
        tools: a.tools,
        clock: () => 0,
        newId: () => `id${++id}`,
      },
      text,
    );
  return { send, system: a.system };
}

describe('an assistant chat in a small context (B7)', () => {
  it('[B7] the oldest exchanges give way, the system and the latest message stay, and max_tokens is stated', async () => {
    const model = createScriptedModel(
      () => JSON.stringify({ say: 'Noted, and written down in the margin.' }),
      {
        contextTokens: CONTEXT,
      },
    );
    const { send, system } = chatWith(model);
    const lore = 'The cliffs of Velmar hold the oldest dragon nests of the north, cold and high. '.repeat(4);
    for (let n = 1; n <= 20; n++) expect((await send(`Note ${n}: ${lore}`)).ok).toBe(true);
    const last = model.calls.at(-1);
    const sent = last?.messages ?? [];
    expect(sent[0]?.content).toContain(system);
    expect(sent.at(-1)).toMatchObject({ role: 'user', content: `Note 20: ${lore}` });
    expect(sent.some((m) => m.content.startsWith('Note 1:'))).toBe(false);
    // What follows the system begins an exchange: the person's message.
    expect(sent[1]?.role).toBe('user');
    expect(last?.max_tokens).toBeGreaterThan(0);
    expect(last?.max_tokens).toBeLessThanOrEqual(Math.min(ASSISTANT_MAX_TOKENS, CONTEXT / 2));
    expect(estimateMessages(sent) + (last?.max_tokens ?? Infinity)).toBeLessThanOrEqual(CONTEXT);
  });
});
