// What one request may hold: the model's context less the answer's room (`max_tokens`, stated on
// every request) and a margin, in the estimate's units through the backend's gauge. Where nothing
// tells the context, a small local model's is assumed, so a request never overflows by surprise.
import type { BudgetOp, DriverEnv } from '../env.ts';
import type { ChatModel, ContextSource, ModelLimits } from '../model.ts';
import { createTokenGauge, type TokenGauge } from './token-gauge.ts';
import { estimateTokens } from './tokens.ts';

/**
 * The answer's room per operation: a character's turn of a few sentences to a short paragraph, one
 * perception of one turn, a name, and a chronicle of several memories and changes with their quotes.
 */
export const DEFAULT_MAX_TOKENS: Record<BudgetOp, number> = {
  actor: 350,
  projector: 250,
  selector: 32,
  chronicler: 500,
};

/** When neither the server nor the person says: what small local models run with (Ollama's default is lower still, and it says so). */
export const ASSUMED_CONTEXT_TOKENS = 8192;

/**
 * Kept free of any prompt: the chat template's rounding, and the reason a refused answer is asked for
 * again with (it extends the last message of the same request).
 */
export const SAFETY_TOKENS = 96;
/** And a share of the context, for the estimate's own error before the gauge has learned. */
export const SAFETY_SHARE = 0.05;

export interface RequestBudget {
  /** `assistant`: an assistant chat's turn (assistant/chat-fit.ts). */
  op: BudgetOp | 'assistant';
  context: number;
  source: ContextSource | 'assumed';
  maxTokens: number;
  /** Prompt tokens the request may hold (real tokens). */
  promptTokens: number;
  gauge: TokenGauge;
  /** An exact count of a prompt, where the backend has one. */
  count?: (text: string) => Promise<number | null>;
  /**
   * The server keeps fewer prompts than the story has participants (`ModelLimits.promptSlots`): every
   * change of point of view may read a window again, so windows stay short.
   */
  shortWindows?: boolean;
}

/** What an assistant's reply may take: its words and a tool call writing a whole entry or prompt. */
export const ASSISTANT_MAX_TOKENS = 1500;

/** The budget of a request of `op` to `model`, in a story of `participants` present (each with a prompt of its own). */
export async function requestBudget(
  env: DriverEnv,
  op: BudgetOp,
  model: ChatModel,
  participants = 1,
): Promise<RequestBudget> {
  const limits = (await model.limits?.()) ?? { contextTokens: null };
  const wanted = env.maxTokens?.[op] ?? DEFAULT_MAX_TOKENS[op];
  return budgetOf(op, limits, wanted, env.gauges?.(op) ?? createTokenGauge(), participants);
}

/** The budget of a request answering in at most `wanted` tokens to a model whose limits are `limits`. */
export function budgetOf(
  op: RequestBudget['op'],
  limits: ModelLimits,
  wanted: number,
  gauge: TokenGauge,
  participants = 1,
): RequestBudget {
  const context = limits.contextTokens ?? ASSUMED_CONTEXT_TOKENS;
  // Never more than half the context for the answer: a huge setting would leave no room to ask.
  const maxTokens = Math.max(1, Math.min(wanted, Math.floor(context / 2)));
  const promptTokens = Math.max(0, context - maxTokens - SAFETY_TOKENS - Math.ceil(context * SAFETY_SHARE));
  return {
    op,
    context,
    source: limits.contextTokens === null ? 'assumed' : (limits.source ?? 'server'),
    maxTokens,
    promptTokens,
    gauge,
    ...(limits.countTokens ? { count: limits.countTokens.bind(limits) } : {}),
    ...(limits.promptSlots !== undefined && limits.promptSlots < Math.max(2, participants)
      ? { shortWindows: true }
      : {}),
  };
}

/**
 * A perception may run as long as the turn it rewrites, and longer (it names what the source left
 * implied: "you hear a voice call out…"), plus a sentence's floor: below that a long turn's view is cut
 * mid-word (issue 33: 250 tokens against the actor's 350).
 */
export const PROJECTION_ROOM_FACTOR = 1.5;
export const PROJECTION_ROOM_FLOOR = 64;

/** The answer room one perception of `source` needs (real tokens, through the gauge). */
export function projectionAnswerRoom(budget: RequestBudget, source: string): number {
  return (
    Math.ceil(estimateTokens(source) * budget.gauge.factor * PROJECTION_ROOM_FACTOR) + PROJECTION_ROOM_FLOOR
  );
}

/**
 * `budget` with an answer room of at least `tokens` (never more than half the context, as B1 says); the
 * prompt's room shrinks by as much.
 */
export function withAnswerRoom(budget: RequestBudget, tokens: number): RequestBudget {
  const maxTokens = Math.max(budget.maxTokens, Math.min(tokens, Math.floor(budget.context / 2)));
  return {
    ...budget,
    maxTokens,
    promptTokens: Math.max(0, budget.promptTokens - (maxTokens - budget.maxTokens)),
  };
}

/** The budget's prompt room in estimate units (what `estimateTokens` counts). */
export const estimatedRoom = (budget: RequestBudget): number =>
  Math.floor(budget.promptTokens / budget.gauge.factor);
