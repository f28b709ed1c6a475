// Which suffix of a transcript fits a history budget, chosen so that it moves in coarse steps: the
// window grows turn by turn until the next turn would overflow, then its start jumps forward until
// what is kept fills only part of the budget. Consecutive requests therefore share their history, and
// with it the prompt's prefix, until the next step. The start is a function of the costs and the
// budget alone (no stored state): every request, on any device, finds the same one.

/** After a step the window keeps this share of its budget, leaving room to grow again. */
export const WINDOW_FILL = 0.6;

/**
 * The index of the first entry of the window over entries costing `costs` (in order), for a history
 * budget of `budget`. Replays the window's growth from the first entry; never before `from`.
 */
export function windowStart(costs: readonly number[], budget: number, from = 0): number {
  let start = from;
  let total = 0;
  for (let i = from; i < costs.length; i++) {
    total += costs[i] as number;
    if (total <= budget) continue;
    // Overflow: drop the oldest entries until what is kept fits the fill (never the newest one).
    const keep = budget * WINDOW_FILL;
    while (start < i && total > keep) total -= costs[start++] as number;
  }
  return start;
}
