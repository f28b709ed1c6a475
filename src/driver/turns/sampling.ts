// The sampling each operation's request carries. The helpers keep temperatures of their own, which
// no preset, story or backend changes; the actor, the only creative call, carries each of temperature,
// top-p and stop strings from the story when it sets it, else from the backend profile, else none
// (the server's own default). Its reply limit is resolved the same way (`actorMaxTokens`).
import { BudgetOp, type BackendSampling, type DriverEnv } from '../env.ts';
import type { ChatRequest } from '../model.ts';
import type { StoryGeneration } from '../doc/schema.ts';

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

export type RequestSampling = Pick<ChatRequest, 'temperature' | 'top_p' | 'stop'>;

/** The actor's sampling: each setting the story's, else the backend's, else left out. */
export function actorSampling(story: StoryGeneration = {}, backend: BackendSampling = {}): RequestSampling {
  const temperature = story.actorTemperature ?? backend.temperature;
  const topP = story.actorTopP ?? backend.topP;
  const stop = story.actorStop ?? backend.stop;
  return {
    ...(temperature !== undefined ? { temperature } : {}),
    ...(topP !== undefined ? { top_p: topP } : {}),
    ...(stop?.length ? { stop } : {}),
  };
}

/** The actor's reply limit: the story's, else the backend's; undefined leaves the driver's default. */
export function actorMaxTokens(story: StoryGeneration, backend: number | undefined): number | undefined {
  return story.actorMaxTokens ?? backend;
}

export function samplingFor(
  env: Pick<DriverEnv, 'sampling' | 'backendSampling'>,
  op: BudgetOp,
): RequestSampling {
  switch (op) {
    case BudgetOp.chronicler:
      return { temperature: CHRONICLER_TEMPERATURE };
    case BudgetOp.selector:
      return { temperature: SELECTOR_TEMPERATURE };
    case BudgetOp.projector:
      return { temperature: PROJECTOR_TEMPERATURE };
    case BudgetOp.actor:
      return actorSampling(env.sampling, env.backendSampling);
  }
}
