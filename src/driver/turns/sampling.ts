// The sampling each operation's request carries. The helpers keep temperatures of their own, which
// no preset or story changes; the actor, the only creative call, carries the story's temperature and
// top-p when the story has them set, and otherwise the backend's defaults.
import { BudgetOp, type DriverEnv } from '../env.ts';
import type { ChatRequest } from '../model.ts';

/**
 * The selector picks one name from an enum: low keeps it on the plausible next speaker, and above
 * zero lets two equally plausible ones alternate instead of one always winning the tie.
 */
export const SELECTOR_TEMPERATURE = 0.2;

/**
 * The projector is a faithful filter: it retells one source as one audience perceives it and must
 * add nothing (no reaction, no invention), so it stays cool whatever the story's creative
 * temperature; a little above zero keeps its prose from going stiff and repetitive.
 */
export const PROJECTOR_TEMPERATURE = 0.3;

/** The chronicler records what was perceived and quotes it: as cool as a filter, and as faithful. */
export const CHRONICLER_TEMPERATURE = 0.2;

export type RequestSampling = Pick<ChatRequest, 'temperature' | 'top_p'>;

export function samplingFor(env: Pick<DriverEnv, 'sampling'>, op: BudgetOp): RequestSampling {
  switch (op) {
    case BudgetOp.chronicler:
      return { temperature: CHRONICLER_TEMPERATURE };
    case BudgetOp.selector:
      return { temperature: SELECTOR_TEMPERATURE };
    case BudgetOp.projector:
      return { temperature: PROJECTOR_TEMPERATURE };
    case BudgetOp.actor: {
      const { actorTemperature, actorTopP } = env.sampling ?? {};
      return {
        ...(actorTemperature !== undefined ? { temperature: actorTemperature } : {}),
        ...(actorTopP !== undefined ? { top_p: actorTopP } : {}),
      };
    }
  }
}
