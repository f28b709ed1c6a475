// Dice in play: the roll is the driver's (dice/roll-command.ts), with the command env's seeded random.
import { rollForUser } from '../../driver/dice/roll-command.ts';
import type { DiceApi } from '../api/dice.ts';
import { commandEnv } from './command-env.ts';
import { isFailure, type HostContext } from './context.ts';

export function diceCommands(ctx: HostContext): DiceApi {
  return {
    async rollDice(storyId, notation) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      return rollForUser(story, await commandEnv(ctx, storyId, story), notation);
    },
  };
}
