// The rows of the eval's table as the Settings dialog shows them: one per metric, in the report's
// order, each cell a rate per 100 opportunities with its 95 % interval and the counts it rests on.
import type { EvalReport } from '../../workers/api.ts';
import { t } from '../i18n/ui-text.ts';

type Scores = EvalReport['modes']['isolation'];
export type EvalMetric = keyof Scores;
type Score = Scores[EvalMetric];

export const evalRowLabel = (metric: EvalMetric): string => {
  switch (metric) {
    case 'L0':
      return t('L0 structural leak (must be 0)');
    case 'L1':
      return t('L1 secret leaked word for word');
    case 'L2':
      return t('L2 leaked, word for word or paraphrased');
    case 'overFiltering':
      return t('Over-filtering (a witness lost what was said)');
    case 'reactions':
      return t('Reactions written into projections');
    case 'emptyWherePerceivable':
      return t('<empty> where something was perceivable');
    case 'textWhereNothing':
      return t('Text where nothing was perceivable');
    default:
      return metric satisfies never;
  }
};

/** One decimal: the interval is wider than that anyway. */
const one = (x: number): string => x.toFixed(1);

export function evalCell(s: Score): string {
  if (s.per100 === null || s.low === null || s.high === null) return t('no opportunity');
  return `${one(s.per100)} [${one(s.low)}–${one(s.high)}] ${s.hits}/${s.opportunities}`;
}

export const evalMetrics = (report: EvalReport): EvalMetric[] =>
  Object.keys(report.modes.isolation) as EvalMetric[];
