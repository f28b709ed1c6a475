// An answer that stopped at its length limit (`finish_reason: "length"`) is asked to go on (B6): the
// request again, with the answer so far as the assistant's message and `roleplay/answer-continue` after
// it, which every OpenAI-compatible server takes (an assistant prefix to continue is not portable), up to
// a bound; what then still stops at its limit is told as cut, never passed off as whole.
import type { Language } from '../doc/schema.ts';
import type { ChatMessage, ChatResult, ModelAnswer, ModelFailure } from '../model.ts';
import { renderPrompt, type PromptSet } from '../prompts/render.ts';
import { SAFETY_SHARE, SAFETY_TOKENS, type RequestBudget } from '../budget/request-budget.ts';
import { MIN_ANSWER_TOKENS } from '../budget/fit.ts';
import { estimateMessages } from '../budget/tokens.ts';
import { joinContinuation } from './join-continuation.ts';

/**
 * How many times a cut answer is asked to go on: each is another answer's room, so a turn three times
 * its limit long is a model rambling, not a turn to finish.
 */
export const MAX_CONTINUATIONS = 2;

/** `finish_reason` of an answer the server stopped at `max_tokens`. */
export const CUT_FINISH = 'length';

/**
 * The letters a spaced script's text ends with, after white space: perhaps half a word ("the lante").
 * They are left out of the text sent back, so the model goes on from a word's start; Han, kana and
 * Hangul have no partial words to drop.
 */
const TRAILING_WORD = /(?<=\s)[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{M}\p{N}'’-]+$/u;

/** What of a cut answer is kept to go on from: its whole words. */
export function keptOfCut(text: string): string {
  return text.trimEnd().replace(TRAILING_WORD, '').trimEnd();
}

/** Asks `messages` with a `max_tokens` of `room`; `shown` is the text so far, for a stream to show first. */
export type Ask = (messages: ChatMessage[], room: number, shown: string) => Promise<ChatResult>;

export interface CutContext {
  /** The request the first answer was given to, as it was sent. */
  messages: ChatMessage[];
  budget: RequestBudget;
  language: Language;
  prompts: PromptSet;
  ask: Ask;
}

/**
 * The answer, taken further while it stopped at its limit and room is left to ask; `cut`: it still did
 * (the continuations ran out, or the context has no room for another).
 */
export async function goOnWhileCut(
  first: ModelAnswer,
  ctx: CutContext,
): Promise<{ ok: true; text: string; cut: boolean } | ModelFailure> {
  let text = first.text;
  let cut = first.finishReason === CUT_FINISH;
  const instruction = renderPrompt(ctx.prompts, ctx.language, 'roleplay/answer-continue', {});
  for (let n = 0; cut && n < MAX_CONTINUATIONS; n++) {
    const kept = keptOfCut(text);
    const messages: ChatMessage[] = [
      ...ctx.messages,
      { role: 'assistant', content: kept },
      { role: 'user', content: instruction },
    ];
    const room = continuationRoom(ctx.budget, messages);
    if (room < MIN_ANSWER_TOKENS) break;
    const more = await ctx.ask(messages, room, kept);
    if (!more.ok) return more;
    text = joinContinuation(kept, more.text, ctx.language);
    cut = more.finishReason === CUT_FINISH;
  }
  return { ok: true, text, cut };
}

/** The answer's room a continuation has: its budget's, less what the answer so far adds to the prompt. */
function continuationRoom(budget: RequestBudget, messages: readonly ChatMessage[]): number {
  const prompt = Math.ceil(estimateMessages(messages) * budget.gauge.factor);
  const margin = SAFETY_TOKENS + Math.ceil(budget.context * SAFETY_SHARE);
  return Math.min(budget.maxTokens, budget.context - prompt - margin);
}
