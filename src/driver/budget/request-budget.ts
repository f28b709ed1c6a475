// What one request may hold: the model's context less the answer's room (`max_tokens`, stated on
// every request) and a margin, in the estimate's units through the backend's gauge. Where nothing
// tells the context, a small local model's is assumed, so a request never overflows by surprise.
import type { BudgetOp, DriverEnv } from '../env.ts';
import type { ChatModel, ContextSource } from '../model.ts';
import { createTokenGauge, type TokenGauge } from './token-gauge.ts';

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
  op: BudgetOp;
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

/** The budget of a request of `op` to `model`, in a story of `participants` present (each with a prompt of its own). */
export async function requestBudget(
  env: DriverEnv,
  op: BudgetOp,
  model: ChatModel,
  participants = 1,
): Promise<RequestBudget> {
  const limits = (await model.limits?.()) ?? { contextTokens: null };
  const context = limits.contextTokens ?? ASSUMED_CONTEXT_TOKENS;
  // Never more than half the context for the answer: a huge setting would leave no room to ask.
  const maxTokens = Math.max(
    1,
    Math.min(env.maxTokens?.[op] ?? DEFAULT_MAX_TOKENS[op], Math.floor(context / 2)),
  );
  const promptTokens = Math.max(0, context - maxTokens - SAFETY_TOKENS - Math.ceil(context * SAFETY_SHARE));
  return {
    op,
    context,
    source: limits.contextTokens === null ? 'assumed' : (limits.source ?? 'server'),
    maxTokens,
    promptTokens,
    gauge: env.gauges?.(op) ?? createTokenGauge(),
    ...(limits.countTokens ? { count: limits.countTokens.bind(limits) } : {}),
    ...(limits.promptSlots !== undefined && limits.promptSlots < Math.max(2, participants)
      ? { shortWindows: true }
      : {}),
  };
}

/** The budget's prompt room in estimate units (what `estimateTokens` counts). */
export const estimatedRoom = (budget: RequestBudget): number =>
  Math.floor(budget.promptTokens / budget.gauge.factor);
