// The itemisation stored with what a request made: each named part's tokens (through the gauge, as
// the budget counts them), the instructions as what the prompt holds besides, and the window.
import type { Given, RequestPart, Served } from '../doc/given.ts';
import type { Fitted } from '../budget/fit.ts';
import { estimateTokens } from '../budget/tokens.ts';
import type { ParticipantLore } from '../lore/participant-lore.ts';

export function givenOf<T>(
  fitted: Fitted<T>,
  parts: Partial<Record<Exclude<RequestPart, 'instructions'>, string>>,
  batch = false,
): Given {
  const { budget } = fitted;
  const named = Object.entries(parts)
    .filter(([, text]) => text)
    .map(([part, text]) => ({
      part: part as RequestPart,
      tokens: Math.ceil(estimateTokens(text as string) * budget.gauge.factor),
    }));
  const rest = Math.max(0, fitted.promptTokens - named.reduce((n, p) => n + p.tokens, 0));
  return {
    context: budget.context,
    maxTokens: budget.maxTokens,
    source: budget.source,
    parts: [{ part: 'instructions', tokens: rest }, ...named],
    promptTokens: fitted.promptTokens,
    exact: fitted.exact,
    window: { start: fitted.start, entries: fitted.entries },
    ...(batch ? { batch: true } : {}),
  };
}

/** The itemisation with what the server said of the prompt, when it said. */
export const withServed = (given: Given, served: Served | undefined): Given =>
  served ? { ...given, served } : given;

/** The itemisation with the lore the request held (what the participant's later scans time from), when any. */
export function withLore(given: Given, lore: ParticipantLore): Given {
  return lore.scan.fired.length ? { ...given, lore: lore.fired } : given;
}
