// The DriverEnv a command of one story runs with: the story's prompts (shipped → library → preset →
// story) and the actor's sampling (the story's, else its backend profile's), models resolved on first
// use from this device's settings, each profile's max_tokens settings (the story's reply limit first), and a gauge per backend and operation that outlives the command.
import { seededRandom } from '../../driver/dice/seeded-random.ts';
import type { BudgetOp, DriverEnv, Operation } from '../../driver/env.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { readStoryGeneration } from '../../driver/doc/story-doc.ts';
import { actorMaxTokens } from '../../driver/turns/sampling.ts';
import { maxTokensFor, profileFor } from '../store/device-settings.ts';
import type { OpenStory } from '../store/story-store.ts';
import type { HostContext } from './context.ts';
import { lazyModel } from './model-registry.ts';
import { storyPrompts } from './prompt-commands.ts';
import { resolvePrompts } from '../../driver/prompts/resolve.ts';
import { listPromptOverrides } from '../../driver/doc/prompt-overrides.ts';

/** The chronicler uses the projector's backend. */
const backendOf = (op: BudgetOp): Operation => (op === 'chronicler' ? 'projector' : op);

export async function commandEnv(
  ctx: HostContext,
  storyId: string,
  story: OpenStory,
  extra: Pick<DriverEnv, 'signal' | 'onPhase' | 'onToken' | 'window'> = {},
): Promise<DriverEnv> {
  const settings = await ctx.settings.read();
  const profile = (op: BudgetOp) => profileFor(settings, storyId, backendOf(op));
  const model = (op: Operation) => lazyModel(() => ctx.modelFor(storyId, op));
  // The actor's settings: the story's, else its backend's (sampling.ts resolves each one).
  const generation = readStoryGeneration(story.doc);
  const actorBackend = profile('actor');
  const maxTokens = Object.fromEntries(
    (['actor', 'projector', 'selector', 'chronicler'] as const).flatMap((op) => {
      const p = profile(op);
      const backend = p && maxTokensFor(p, op);
      const n = op === 'actor' ? actorMaxTokens(generation, backend) : backend;
      return n === undefined ? [] : [[op, n]];
    }),
  );
  // The roll tool is offered only to a backend that takes tool calls (DI4), which is known once the
  // actor's model is resolved: with the story's dice on, it is resolved now rather than on first use.
  const resolvedActor = generation.characterDice ? await ctx.modelFor(storyId, 'actor') : null;
  const actor = resolvedActor && 'complete' in resolvedActor ? resolvedActor : model('actor');
  return {
    models: { selector: model('selector'), projector: model('projector'), actor },
    prompts: storyPrompts(ctx.prompts, ctx.store.library, story.doc),
    sampling: generation,
    ...(actorBackend?.sampling ? { backendSampling: actorBackend.sampling } : {}),
    clock: ctx.clock,
    newId: ctx.newId,
    // A fresh seed per command: rolls differ from one command to the next, and stay pure in the driver.
    random: seededRandom(crypto.getRandomValues(new Uint32Array(1))[0] ?? 0),
    origin: DocOrigin.driver,
    maxTokens,
    gauges: (op) => ctx.gaugeFor(profile(op), op),
    ...extra,
  };
}

/**
 * The DriverEnv of a library command (no story): the library's prompts over the shipped ones and
 * this device's default backends — as a new story would have them.
 */
export async function libraryEnv(
  ctx: HostContext,
  extra: Pick<DriverEnv, 'signal'> = {},
): Promise<DriverEnv> {
  const settings = await ctx.settings.read();
  const profile = (op: BudgetOp) => profileFor(settings, '', backendOf(op));
  const model = (op: Operation) => lazyModel(() => ctx.modelFor('', op));
  return {
    models: { selector: model('selector'), projector: model('projector'), actor: model('actor') },
    prompts: resolvePrompts({ shipped: ctx.prompts, library: listPromptOverrides(ctx.store.library) })
      .prompts,
    clock: ctx.clock,
    newId: ctx.newId,
    origin: DocOrigin.driver,
    gauges: (op) => ctx.gaugeFor(profile(op), op),
    ...extra,
  };
}
