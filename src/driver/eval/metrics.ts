// What an eval counts, per mode: each metric is hits over opportunities (wilson.ts turns it into a
// rate with an interval). The ids are the report's keys and the table's rows.
export const METRICS = [
  /** A request carried a canary its participant neither holds, heard said aloud, nor was shown. */
  'L0',
  /** A canary, verbatim, in a projection to or a turn written by someone not entitled to it. */
  'L1',
  /** The same, verbatim or paraphrased, as the judge reads it. */
  'L2',
  /** A witness's projection of words said aloud in front of it dropped the canary they carried. */
  'overFiltering',
  /** A projection answer wrote the target's own reaction, speech, decision, thought or feeling. */
  'reactions',
  /** `<empty>` for a turn the scene marks perceivable. */
  'emptyWherePerceivable',
  /** Text for a turn the scene marks as perceivable by no one (a private thought only). */
  'textWhereNothing',
] as const;
export type Metric = (typeof METRICS)[number];

export interface Count {
  hits: number;
  opportunities: number;
}
export type Tally = Record<Metric, Count>;

export const emptyTally = (): Tally =>
  Object.fromEntries(METRICS.map((m) => [m, { hits: 0, opportunities: 0 }])) as Tally;

export function addTally(into: Tally, more: Tally): void {
  for (const m of METRICS) {
    into[m].hits += more[m].hits;
    into[m].opportunities += more[m].opportunities;
  }
}
