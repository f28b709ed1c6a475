// A rate with its Wilson 95 % score interval: honest for small counts and for 0 or all hits, where the
// normal approximation gives an interval of width zero.
import { z } from 'zod';

/** The normal quantile of a two-sided 95 % interval. */
const Z95 = 1.959963984540054;

export const scoreSchema = z.strictObject({
  hits: z.number().int().min(0),
  opportunities: z.number().int().min(0),
  /** Hits per 100 opportunities; null when there was no opportunity. */
  per100: z.number().min(0).max(100).nullable(),
  /** The interval's bounds, per 100; null when there was no opportunity. */
  low: z.number().min(0).max(100).nullable(),
  high: z.number().min(0).max(100).nullable(),
});
export type Score = z.infer<typeof scoreSchema>;

export function wilson(hits: number, opportunities: number): Score {
  if (!Number.isInteger(hits) || !Number.isInteger(opportunities) || hits < 0 || hits > opportunities)
    throw new Error(`wilson: ${hits} hits of ${opportunities} opportunities`);
  if (opportunities === 0) return { hits, opportunities, per100: null, low: null, high: null };
  const n = opportunities;
  const p = hits / n;
  const z2 = Z95 * Z95;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z95 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  // At 0 (or all) hits the bound is exactly 0 (or 100); computed, rounding leaves a hair beside it.
  const low = hits === 0 ? 0 : (centre - half) * 100;
  const high = hits === n ? 100 : (centre + half) * 100;
  return { hits, opportunities, per100: p * 100, low, high };
}
