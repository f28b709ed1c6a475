// Every request an eval makes, with its answer and whom it was for: the record the scores are read
// from (L0, reactions) and the file a person inspects afterwards.
import { z } from 'zod';
import type { ChatModel, ChatRequest } from '../model.ts';

export const EvalMode = { isolation: 'isolation', shared: 'shared-history' } as const;
export type EvalMode = (typeof EvalMode)[keyof typeof EvalMode];

/** What a request was for: the participant it serves, and for a projection the turn projected. */
export const requestTagSchema = z.discriminatedUnion('op', [
  z.strictObject({ op: z.literal('project'), audience: z.string(), turnId: z.string() }),
  z.strictObject({ op: z.literal('act'), actor: z.string() }),
  z.strictObject({ op: z.literal('remember'), participant: z.string() }),
  z.strictObject({ op: z.literal('select') }),
  z.strictObject({ op: z.literal('judge') }),
]);
export type RequestTag = z.infer<typeof requestTagSchema>;

/** One line of `requests.jsonl`. */
export const tapeEntrySchema = z.strictObject({
  /** Counted from 1 across the whole eval. */
  n: z.number().int().min(1),
  scene: z.string(),
  mode: z.enum([EvalMode.isolation, EvalMode.shared]),
  tag: requestTagSchema,
  messages: z.array(
    z.strictObject({ role: z.enum(['system', 'user', 'assistant', 'tool']), content: z.string() }),
  ),
  /** The answer's text, or the failure's code and detail. */
  answer: z.union([
    z.strictObject({ ok: z.literal(true), text: z.string() }),
    z.strictObject({ ok: z.literal(false), code: z.string(), detail: z.string() }),
  ]),
});
export type TapeEntry = z.infer<typeof tapeEntrySchema>;

export interface Tape {
  entries: TapeEntry[];
  /** A model that records each request under the tag `tagNow()` gives at the time it is asked. */
  record(model: ChatModel, at: { scene: string; mode: EvalMode }, tagNow: () => RequestTag): ChatModel;
}

export function createTape(onEntry?: (entry: TapeEntry) => void): Tape {
  const entries: TapeEntry[] = [];
  return {
    entries,
    record(model, at, tagNow) {
      const recorded: ChatModel = {
        async complete(request: ChatRequest) {
          const tag = tagNow();
          const result = await model.complete(request);
          const entry: TapeEntry = {
            n: entries.length + 1,
            ...at,
            tag,
            // What the model read; where a server was told to keep the prompt is not the request's text.
            messages: request.messages.map(({ role, content }) => ({ role, content })),
            answer: result.ok
              ? { ok: true, text: result.text }
              : { ok: false, code: result.code, detail: result.detail },
          };
          entries.push(entry);
          onEntry?.(entry);
          return result;
        },
      };
      if (model.limits) recorded.limits = model.limits.bind(model);
      return recorded;
    },
  };
}

/** The text a request carried, every message joined. */
export const requestText = (entry: Pick<TapeEntry, 'messages'>): string =>
  entry.messages.map((m) => m.content).join('\n');
