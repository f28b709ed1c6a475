// Every request an eval makes, with its answer and whom it was for: the record the scores are read
// from (L0, reactions) and the file a person inspects afterwards.
import type { ChatMessage, ChatModel, ChatRequest } from '../model.ts';

export const EvalMode = { isolation: 'isolation', shared: 'shared-history' } as const;
export type EvalMode = (typeof EvalMode)[keyof typeof EvalMode];

/** What a request was for: the participant it serves, and for a projection the turn projected. */
export type RequestTag =
  | { op: 'project'; audience: string; turnId: string }
  | { op: 'act'; actor: string }
  | { op: 'remember'; participant: string }
  | { op: 'select' }
  | { op: 'judge' };

export interface TapeEntry {
  /** Counted from 1 across the whole eval. */
  n: number;
  scene: string;
  mode: EvalMode;
  tag: RequestTag;
  messages: ChatMessage[];
  /** The answer's text, or the failure's code and detail. */
  answer: { ok: true; text: string } | { ok: false; code: string; detail: string };
}

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
            messages: request.messages,
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
