// The eval's report as a table for the terminal: one row per metric, isolation beside shared history,
// each a rate per 100 opportunities with its 95 % interval and the counts it rests on.
import { METRICS, type Metric } from '../driver/eval/metrics.ts';
import type { EvalReport } from '../driver/eval/report.ts';
import type { Score } from '../driver/eval/wilson.ts';

const LABELS: Record<Metric, string> = {
  L0: 'L0 structural leak (must be 0)',
  L1: 'L1 canary leaked verbatim',
  L2: 'L2 leaked, verbatim or paraphrased',
  overFiltering: 'over-filtering (witness lost it)',
  reactions: 'reactions authored in projections',
  emptyWherePerceivable: '<empty> where something was perceivable',
  textWhereNothing: 'text where nothing was perceivable',
};

const LABEL_WIDTH = Math.max(...Object.values(LABELS).map((l) => l.length)) + 2;
const CELL_WIDTH = 28;
const one = (x: number) => x.toFixed(1);

export function scoreCell(s: Score): string {
  if (s.per100 === null || s.low === null || s.high === null) return '— (no opportunity)';
  return `${one(s.per100)} [${one(s.low)}–${one(s.high)}] ${s.hits}/${s.opportunities}`;
}

export function evalTable(report: EvalReport, requestsDir: string): string {
  const head = [
    `rashomon eval: ${report.model} (judge ${report.judgeModel}), ${report.scenes.played} of ${report.scenes.total} scenes${report.stopped ? ' (stopped)' : ''}, ${report.requests} requests`,
    `per 100 opportunities [95 % Wilson interval] hits/opportunities`,
    '',
    `${''.padEnd(LABEL_WIDTH)}${'isolation (Rashomon)'.padEnd(CELL_WIDTH)}shared history (baseline)`,
  ];
  const rows = METRICS.map(
    (m) =>
      `${LABELS[m].padEnd(LABEL_WIDTH)}${scoreCell(report.modes.isolation[m]).padEnd(CELL_WIDTH)}${scoreCell(report.modes['shared-history'][m])}`,
  );
  const notes = [
    ...(report.fatal !== null ? [`ended early, the model cannot be used: ${report.fatal}`] : []),
    ...(report.failures.length
      ? [
          `${report.failures.length} scene run(s) stopped early on a model failure; the first: ${report.failures[0]?.scene} (${report.failures[0]?.mode}): ${report.failures[0]?.detail}`,
        ]
      : []),
    ...(report.judgeFailures
      ? [`the judge could not answer for ${report.judgeFailures} text(s): left out of L2`]
      : []),
    `requests kept in ${requestsDir}`,
  ];
  return [...head, ...rows, '', ...notes].join('\n');
}
