// One model call with validation: a refused answer is asked for again with the reason, a bounded
// number of times; after that the failure is returned and nothing is stored. Prose cut at its length
// limit is asked to go on first (cut-answer.ts), and said to be cut when it still is.
import type { Language } from '../doc/schema.ts';
import { DEFAULT_RETRIES, type DriverEnv, type DriverResult, type TokenSource } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatMessage, ChatModel, ChatRequest } from '../model.ts';
import type { Fitted } from '../budget/fit.ts';
import { estimateMessages } from '../budget/tokens.ts';
import { PromptProblem, renderPrompt } from '../prompts/render.ts';
import type { Served } from '../doc/given.ts';
import { goOnWhileCut } from './cut-answer.ts';

export type Verdict<T> = { ok: true; value: T } | { ok: false; reason: string };

export interface Generation<T> {
  model: ChatModel;
  /** The story's language: the retry prompt's and the failure's (the reasons come in it already). */
  language: Language;
  /** The request as fitted to its budget: its `max_tokens` is stated, and the gauge learns from `usage`. */
  fitted: Fitted<ChatRequest>;
  validate: (text: string) => Verdict<T>;
  /** Streams the answer's tokens to env.onToken under this source, when env.onToken is set. */
  stream?: Omit<TokenSource, 'attempt'>;
  /** Whose prompt it is, for servers that keep prompts (`ChatRequest.cacheKey`, `cacheGuest`). */
  cacheKey?: string;
  cacheGuest?: boolean;
  /**
   * The answer is prose (an actor's turn, a perception): cut at its length limit, it is asked to go on
   * (B6). A JSON answer is never continued: cut, it does not parse and is refused.
   */
  prose?: boolean;
}

export async function generateValidated<T>(
  env: DriverEnv,
  { model, language, fitted, validate, stream, cacheKey, cacheGuest, prose }: Generation<T>,
): Promise<DriverResult<{ value: T; model?: string; served?: Served; cut?: true }>> {
  const { request, budget } = fitted;
  if (!fitted.fits)
    return {
      ok: false,
      code: 'context-too-small',
      detail: tr(
        language,
        "The model's context ({context} tokens) is too small for this request: with only the newest turn of the story it takes about {need}, which leaves no room for an answer. Use a model or a setting with a larger context, or shorten the card or that turn.",
        { context: budget.context, need: budget.promptTokens },
      ),
    };
  const retries = env.retries ?? DEFAULT_RETRIES;
  let messages = request.messages;
  let lastReason = '';
  // Each answer streamed counts: a retry's text, or a continuation's (which shows the text so far
  // first), replaces what was streamed before it.
  let round = 0;
  const ask = (sent: ChatMessage[], room: number, shown = '') => {
    const onToken = env.onToken;
    const source = stream && { ...stream, attempt: round++ };
    if (onToken && source && shown) onToken(source, language === 'zh' ? shown : `${shown} `);
    return model.complete({
      ...request,
      messages: sent,
      max_tokens: room,
      ...(onToken && source ? { stream: true, onToken: (d: string) => onToken(source, d) } : {}),
      ...(env.signal ? { signal: env.signal } : {}),
      ...(cacheKey ? { cacheKey } : {}),
      ...(cacheGuest ? { cacheGuest } : {}),
    });
  };
  for (let attempt = 0; attempt <= retries; attempt++) {
    const answer = await ask(messages, budget.maxTokens);
    if (!answer.ok) return answer;
    if (answer.usage) budget.gauge.learn(estimateMessages(messages), answer.usage.promptTokens);
    const whole = prose
      ? await goOnWhileCut(answer, { messages, budget, language, prompts: env.prompts, ask })
      : { ok: true as const, text: answer.text, cut: false };
    if (!whole.ok) return whole;
    const verdict = validate(whole.text);
    if (verdict.ok)
      return {
        ok: true,
        value: verdict.value,
        ...(answer.model ? { model: answer.model } : {}),
        ...(answer.usage?.cachedTokens !== undefined
          ? { served: { promptTokens: answer.usage.promptTokens, cachedTokens: answer.usage.cachedTokens } }
          : {}),
        ...(whole.cut ? { cut: true as const } : {}),
      };
    lastReason = verdict.reason;
    // The refused text itself is not sent back: it was never perceived by anyone, and the reason
    // says what to change. The retry extends the last message, so the cached prefix still holds.
    const retry = renderPrompt(env.prompts, language, 'roleplay/retry', { reason: verdict.reason });
    const last = request.messages[request.messages.length - 1];
    messages = last
      ? [...request.messages.slice(0, -1), { role: last.role, content: `${last.content}\n\n${retry}` }]
      : [{ role: 'user', content: retry }];
  }
  return {
    ok: false,
    code: 'invalid',
    detail: tr(
      language,
      "The model's answer was refused {count} times. Last reason: {reason} Try again, edit the prompt, or use another model.",
      { count: retries + 1, reason: lastReason },
    ),
  };
}

/** Runs an operation and turns a prompt problem into a failure the user can act on. */
export async function guardPrompts<T>(run: () => Promise<DriverResult<T>>): Promise<DriverResult<T>> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof PromptProblem) return { ok: false, code: 'prompt', detail: e.message };
    throw e;
  }
}
