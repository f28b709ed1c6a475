// The JSON-schema fallback for backends without tool calls (WebLLM, servers that refuse `tools`): the
// tools are described in the system prompt and the model answers one JSON object, checked with zod,
// `{say?, calls?: [{tool, args}]}`; tool results come back as a user message.
import { z } from 'zod';
import type { JsonSchemaFormat, ToolCall, ToolSpec } from '../model.ts';
import { jsonAnswer } from '../validation/index.ts';

export const fallbackAnswerSchema = z.object({
  say: z.string().optional(),
  calls: z
    .array(z.object({ tool: z.string().min(1), args: z.record(z.string(), z.unknown()).default({}) }))
    .optional(),
});

export const FALLBACK_FORMAT: JsonSchemaFormat = {
  type: 'json_schema',
  json_schema: {
    name: 'assistant_turn',
    schema: z.toJSONSchema(fallbackAnswerSchema, { io: 'input' }) as Record<string, unknown>,
  },
};

/** Told after the system prompt: the tools as a JSON answer calls them (built from the specs). */
export function fallbackBrief(tools: readonly ToolSpec[]): string {
  const list = tools
    .map((t) => `- ${t.name}: ${t.description}\n  args: ${JSON.stringify(t.parameters)}`)
    .join('\n');
  return [
    'Answer with one JSON object and nothing else: {"say": "text for the person", "calls": [{"tool": "name", "args": {…}}]}.',
    'Leave out "calls" when you call no tool; the results of your calls come back in the next message.',
    'Tools:',
    list,
  ].join('\n');
}

/** The answer's text and calls, or why it is not the JSON asked for. */
export function readFallbackAnswer(
  text: string,
  callId: (index: number) => string,
): { ok: true; say: string; calls: ToolCall[] } | { ok: false; reason: string } {
  const parsed = fallbackAnswerSchema.safeParse(jsonAnswer(text.trim())?.json);
  if (!parsed.success)
    return {
      ok: false,
      reason: 'The answer is not the JSON object asked for: {"say"?: string, "calls"?: [{"tool", "args"}]}.',
    };
  const calls = (parsed.data.calls ?? []).map((c, i) => ({
    id: callId(i),
    name: c.tool,
    arguments: JSON.stringify(c.args),
  }));
  return { ok: true, say: parsed.data.say ?? '', calls };
}
