// Validation of model answers before they become roleplay text: projections, actor turns, script,
// and the keys of a batched answer.
// Every verdict is a value; a rejection carries an instruction for the model's retry in the story's language.

export { validateActorOutput } from './actor.ts';
export { validateProjection } from './projection.ts';
export { repeatedKeys } from './json-keys.ts';
export { jsonAnswer } from './json-answer.ts';
export { checkScript, MIN_CHECKED_PROSE } from './script.ts';
export {
  type ActorContext,
  type ActorVerdict,
  type ProjectionContext,
  type ProjectionVerdict,
  type Rejection,
  type RejectionRule,
  type ScriptVerdict,
} from './types.ts';
