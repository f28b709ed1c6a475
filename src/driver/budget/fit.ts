// Fitting a request to its budget: the history window is chosen against a budget that depends only on
// the request's stable parts and a fixed reserve for its volatile tail, so it moves in coarse steps
// (window.ts) and consecutive requests share their prefix. A tail bigger than its reserve takes the
// extra room from the oldest turns of that one request; an exact counter, where the backend has one,
// has the last word.
import type { ChatMessage } from '../model.ts';
import { estimateMessages, estimateTokens } from './tokens.ts';
import { estimatedRoom, type RequestBudget } from './request-budget.ts';
import { windowStart } from './window.ts';

/** Budgets are rounded down to this many estimated tokens: a tiny change of the gauge moves no window. */
const BUDGET_STEP = 32;
/**
 * Exact counts asked whatever they find (each drops turns in proportion to the excess); past them, the
 * counting goes on only while the prompt is still over and a turn is left to drop, so a request with
 * turns to spare never takes its answer's room (which a selector's short answer cannot give).
 */
const MAX_EXACT_TRIES = 4;
/** Between two history entries in a prompt (formatTranscript joins them with a blank line). */
const SEPARATOR_TOKENS = 1;
/** What is kept of an entry too long for any window: its end, after this mark. */
export const CUT_MARK = '…';

export interface HistoryFit<T> {
  /** The history entries, oldest first, formatted as the prompt shows them. */
  entries: readonly string[];
  /** The request for the window `entries[start…]` (the entries may have been cut to fit). */
  build(history: readonly string[], start: number): T;
  messages(request: T): readonly ChatMessage[];
  /** Estimated tokens of the request without any history and without its volatile tail. */
  stable: number;
  /** This request's volatile tail (memories, the new source…), in estimated tokens. */
  volatile: number;
  /** What the budget keeps for a volatile tail whatever this one's size, so windows do not move with it. */
  reserve: number;
  /** At most this much history (estimated tokens), whatever the room. */
  cap?: number;
  /**
   * Where the window starts when it is shared with the participant's other requests (pov-window.ts);
   * unset, this request's own coarse step. Either way a tail over its reserve drops more for this one.
   */
  start?: number;
}

export interface Fitted<T> {
  request: T;
  /** Index of the first history entry in the request. */
  start: number;
  /** The whole request's estimate (the gauge learns from what the server then reports). */
  estimate: number;
  /**
   * The budget the request goes with: the given one, or, when even the shortest history leaves the
   * prompt over its room, one whose answer room (`max_tokens`) gave way to it.
   */
  budget: RequestBudget;
  /** False when not even that leaves the answer MIN_ANSWER_TOKENS: the context is too small to ask. */
  fits: boolean;
  /** The prompt's tokens: counted by the backend when `exact`, else the estimate through the gauge. */
  promptTokens: number;
  exact: boolean;
  /** How many history entries the window holds. */
  entries: number;
}

/** The least answer room worth asking for: a sentence or two. */
export const MIN_ANSWER_TOKENS = 48;

/**
 * The most history (estimated tokens) a request holds on a server that keeps fewer prompts than the
 * story has participants (`RequestBudget.shortWindows`): a change of point of view reads a window again (the actor's after the selector, the person's
 * after the actor), and on a local GPU about 1,500 tokens read take a second. What is older comes back
 * as memories (M1). A few turns of a few paragraphs each.
 */
export const SHORT_WINDOW_TOKENS = 1024;

/** The window's budget, in estimated tokens: what the stable parts and the reserve leave (and the caps). */
export function historyRoom(
  budget: RequestBudget,
  fit: Pick<HistoryFit<unknown>, 'stable' | 'reserve' | 'cap'>,
): number {
  const room = Math.min(
    estimatedRoom(budget) - fit.stable - fit.reserve,
    fit.cap ?? Infinity,
    budget.shortWindows ? SHORT_WINDOW_TOKENS : Infinity,
  );
  return Math.max(0, Math.floor(room / BUDGET_STEP) * BUDGET_STEP);
}

/** The end of `text` that fits `tokens` estimated tokens, after the cut mark. */
function keepEnd(text: string, tokens: number): string {
  let lo = 0;
  let hi = text.length;
  // The shortest cut from the start whose rest fits.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (estimateTokens(CUT_MARK + text.slice(mid)) <= tokens) hi = mid;
    else lo = mid + 1;
  }
  return CUT_MARK + text.slice(lo);
}

/** Where the window of `fit` starts before any tail or exact count is considered: the coarse step. */
export function plannedStart<T>(budget: RequestBudget, fit: HistoryFit<T>): number {
  return plannedWindow(budget, fit).start;
}

/** The window of `fit` as planned: its coarse step, and the room (estimated tokens) it was planned in. */
export function plannedWindow<T>(budget: RequestBudget, fit: HistoryFit<T>): { start: number; room: number } {
  const costs = fit.entries.map((e) => estimateTokens(e) + SEPARATOR_TOKENS);
  const room = historyRoom(budget, fit);
  return { start: windowStart(costs, room), room };
}

export async function fitRequest<T>(budget: RequestBudget, fit: HistoryFit<T>): Promise<Fitted<T>> {
  const costs = fit.entries.map((e) => estimateTokens(e) + SEPARATOR_TOKENS);
  let start = fit.start ?? windowStart(costs, historyRoom(budget, fit));
  const room = estimatedRoom(budget);
  const over = () => fit.stable + fit.volatile + costs.slice(start).reduce((a, b) => a + b, 0) - room;
  // A tail bigger than its reserve: this request alone gives up its oldest turns.
  while (start < costs.length - 1 && over() > 0) start++;
  let history = fit.entries.slice(start);
  const last = history.at(-1);
  if (last !== undefined && over() > 0)
    history = [keepEnd(last, Math.max(0, (costs.at(-1) as number) - over() - SEPARATOR_TOKENS))];
  let request = fit.build(history, start);
  let estimate = estimateMessages(fit.messages(request));
  // What the prompt really takes: counted where the backend can, else the estimate through the gauge.
  let tokens = Math.ceil(estimate * budget.gauge.factor);
  let exact = false;
  for (
    let tries = 0;
    budget.count && (tries < MAX_EXACT_TRIES || (tokens > budget.promptTokens && history.length > 1));
    tries++
  ) {
    const counted = await budget.count(promptText(fit.messages(request)));
    if (counted === null) break;
    budget.gauge.learn(estimate, counted);
    tokens = counted;
    exact = true;
    if (counted <= budget.promptTokens || history.length <= 1) break;
    // Drop turns in proportion to the excess, at least one, never the newest.
    const share = (counted - budget.promptTokens) / counted;
    const drop = Math.min(history.length - 1, Math.max(1, Math.ceil(history.length * share)));
    start += drop;
    history = history.slice(drop);
    request = fit.build(history, start);
    estimate = estimateMessages(fit.messages(request));
    tokens = Math.ceil(estimate * budget.gauge.factor);
    exact = false;
  }
  const measured = { promptTokens: tokens, exact, entries: history.length };
  if (tokens <= budget.promptTokens) return { request, start, estimate, budget, fits: true, ...measured };
  // The stable parts and the newest turn alone are over the room: the answer's room gives way.
  const maxTokens = budget.maxTokens - (tokens - budget.promptTokens);
  return {
    request,
    start,
    estimate,
    budget: { ...budget, maxTokens: Math.max(1, maxTokens), promptTokens: tokens },
    fits: maxTokens >= MIN_ANSWER_TOKENS,
    ...measured,
  };
}

/** A request's prompt as one text, as an exact counter is given it. */
const promptText = (messages: readonly ChatMessage[]): string => messages.map((m) => m.content).join('\n');
