// Tool calls over OpenAI's chat completions: our messages and tools as the SDK's params, and the
// calls an answer makes read back — whole, or gathered from a stream's deltas (each call arrives in
// pieces by index: first its id and name, then its arguments a few characters at a time).
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { ChatMessage, ToolCall, ToolSpec } from '../../driver/model.ts';

export function toMessageParams(messages: readonly ChatMessage[]): ChatCompletionMessageParam[] {
  return messages.map((m): ChatCompletionMessageParam => {
    switch (m.role) {
      case 'tool':
        return { role: 'tool', content: m.content, tool_call_id: m.toolCallId ?? '' };
      case 'assistant':
        return m.toolCalls?.length
          ? {
              role: 'assistant',
              content: m.content || null,
              tool_calls: m.toolCalls.map((c) => ({
                id: c.id,
                type: 'function',
                function: { name: c.name, arguments: c.arguments },
              })),
            }
          : { role: 'assistant', content: m.content };
      case 'system':
      case 'user':
        return { role: m.role, content: m.content };
      default:
        return m.role satisfies never;
    }
  });
}

export const toToolParams = (tools: readonly ToolSpec[]): ChatCompletionTool[] =>
  tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));

const wholeCallSchema = z.object({
  id: z.string().optional(),
  function: z.object({ name: z.string().min(1), arguments: z.string().default('') }),
});

/** The calls of a whole answer's message; ids a server leaves out are made from their position. */
export function readToolCalls(raw: unknown): ToolCall[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry, i) => {
    const call = wholeCallSchema.safeParse(entry);
    if (!call.success) return [];
    return [
      {
        id: call.data.id || `call-${i}`,
        name: call.data.function.name,
        arguments: call.data.function.arguments,
      },
    ];
  });
}

const deltaCallSchema = z.object({
  index: z.number().int().nonnegative().optional(),
  id: z.string().optional(),
  function: z.object({ name: z.string().optional(), arguments: z.string().optional() }).optional(),
});

/** Gathers a stream's tool-call deltas; `calls()` gives the calls with a name, in index order. */
export function createToolCallDeltas() {
  const byIndex = new Map<number, { id: string; name: string; arguments: string }>();
  return {
    add(raw: unknown): void {
      if (!Array.isArray(raw)) return;
      for (const [position, entry] of raw.entries()) {
        const delta = deltaCallSchema.safeParse(entry);
        if (!delta.success) continue;
        const index = delta.data.index ?? position;
        const call = byIndex.get(index) ?? { id: '', name: '', arguments: '' };
        if (delta.data.id) call.id = delta.data.id;
        call.name += delta.data.function?.name ?? '';
        call.arguments += delta.data.function?.arguments ?? '';
        byIndex.set(index, call);
      }
    },
    calls(): ToolCall[] {
      return [...byIndex.entries()]
        .sort(([a], [b]) => a - b)
        .filter(([, c]) => c.name !== '')
        .map(([i, c]) => ({ id: c.id || `call-${i}`, name: c.name, arguments: c.arguments }));
    },
  };
}
