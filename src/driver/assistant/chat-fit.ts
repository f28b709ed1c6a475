// An assistant chat fitted into the model's context like every request (budget/fit.ts, B7): the system
// prompt and the tools first; then the newest stretch of the chat that fits, whose start moves in coarse
// steps so consecutive steps share their prefix — its oldest exchanges give way first (a person's
// message with the answers and tool results after it, so a tool result never loses its call), the
// latest always kept; and the answer's room stated as `max_tokens`, giving way below that (B4).
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import {
  ModelFailureCode,
  type ChatMessage,
  type ChatModel,
  type ModelFailure,
  type ToolSpec,
} from '../model.ts';
import { ASSISTANT_MAX_TOKENS, budgetOf, type RequestBudget } from '../budget/request-budget.ts';
import { fitRequest } from '../budget/fit.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { createTokenGauge } from '../budget/token-gauge.ts';

/** The chat's budget for one turn: the model's context, the reply's room (the profile's setting, else ours). */
export async function chatBudget(model: ChatModel, maxTokens?: number): Promise<RequestBudget> {
  const limits = (await model.limits?.()) ?? { contextTokens: null };
  return budgetOf('assistant', limits, maxTokens ?? ASSISTANT_MAX_TOKENS, createTokenGauge());
}

/** The chat after its system message in exchanges: each begins with a user message (the first may not). */
function exchanges(rest: readonly ChatMessage[]): ChatMessage[][] {
  const out: ChatMessage[][] = [];
  for (const m of rest) {
    const last = out.at(-1);
    if (!last || m.role === 'user') out.push([m]);
    else last.push(m);
  }
  return out;
}

/** A message's words for the estimate: its text and the calls it made. */
const spoken = (m: ChatMessage): string =>
  m.content + (m.toolCalls ?? []).map((c) => ` ${c.name} ${c.arguments}`).join('');

export type FittedChat = { ok: true; messages: ChatMessage[]; maxTokens: number } | ModelFailure;

/** `messages` (the system's first) fitted to `budget`, with `tools` sent beside them. */
export async function fitChat(
  budget: RequestBudget,
  messages: readonly ChatMessage[],
  tools: readonly ToolSpec[],
  language: Language,
): Promise<FittedChat> {
  const [system, ...rest] = messages;
  if (!system) return { ok: true, messages: [], maxTokens: budget.maxTokens };
  const units = exchanges(rest);
  // The tools' definitions take prompt room too: counted as one more message beside the chat.
  const toolText = tools.length ? JSON.stringify(tools) : '';
  const counted = (r: ChatMessage[]) =>
    toolText ? [...r, { role: 'system' as const, content: toolText }] : r;
  const fitted = await fitRequest(budget, {
    entries: units.map((u) => u.map(spoken).join('\n')),
    build: (_history, start) => [system, ...units.slice(start).flat()],
    messages: counted,
    stable: estimateMessages([system]) + (toolText ? estimateTokens(toolText) : 0),
    volatile: 0,
    reserve: 0,
  });
  if (!fitted.fits)
    return {
      ok: false,
      code: ModelFailureCode.invalid,
      detail: tr(
        language,
        "The model's context ({context} tokens) is too small for this chat: its instructions and your latest message take about {need}, which leaves no room for an answer. Use a model or a setting with a larger context, or send a shorter message.",
        { context: budget.context, need: fitted.budget.promptTokens },
      ),
    };
  return { ok: true, messages: fitted.request, maxTokens: fitted.budget.maxTokens };
}
