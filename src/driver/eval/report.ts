// The result of an eval, as `--json` prints it and the Settings dialog shows it: a score per metric
// and mode, how far it got, and what failed. Validated by its own schema (tests check the output).
import { z } from 'zod';
import { METRICS, type Metric, type Tally } from './metrics.ts';
import { EvalMode } from './tape.ts';
import { scoreSchema, wilson, type Score } from './wilson.ts';

export const EVAL_REPORT_FORMAT = 'rashomon.eval-report';

const scoresSchema = z.strictObject(
  Object.fromEntries(METRICS.map((m) => [m, scoreSchema])) as Record<Metric, typeof scoreSchema>,
);

export const evalReportSchema = z.strictObject({
  format: z.literal(EVAL_REPORT_FORMAT),
  version: z.literal(1),
  model: z.string(),
  judgeModel: z.string(),
  /** True when the run was stopped: the figures are those of the scenes played whole. */
  stopped: z.boolean(),
  /** Why the run ended early because the backend cannot be used (unreachable, key, model, prompt); null when it did not. */
  fatal: z.string().nullable(),
  scenes: z.strictObject({ total: z.number().int().min(0), played: z.number().int().min(0) }),
  /** Scenes that stopped early on a model failure (their figures count up to there). */
  failures: z.array(z.strictObject({ scene: z.string(), mode: z.string(), detail: z.string() })),
  /** Texts the judge could not answer for: left out of L2's opportunities. */
  judgeFailures: z.number().int().min(0),
  requests: z.number().int().min(0),
  modes: z.strictObject({ [EvalMode.isolation]: scoresSchema, [EvalMode.shared]: scoresSchema }),
});
export type EvalReport = z.infer<typeof evalReportSchema>;
export type ModeScores = Record<Metric, Score>;

export const scoresOf = (tally: Tally): ModeScores =>
  Object.fromEntries(METRICS.map((m) => [m, wilson(tally[m].hits, tally[m].opportunities)])) as ModeScores;
