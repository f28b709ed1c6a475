// "Roll" in play: the dice rolled with the env's random numbers and told as the user's turn, in the
// story's language. Nothing is stored here: the caller sends the text as the user's turn, where it stands.
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import { parseDice, rollDice, rollText, type DiceRoll } from './dice.ts';

export function rollForUser(
  story: Story,
  env: DriverEnv,
  notation: string,
): DriverResult<{ roll: DiceRoll; text: string }> {
  const language = story.views.meta().language;
  if (!env.random)
    return {
      ok: false,
      code: 'invalid',
      detail: tr(language, 'Dice need a source of random numbers, and none was given.'),
    };
  const parsed = parseDice(notation, language);
  if (!parsed.ok) return parsed;
  const roll = rollDice(parsed.spec, env.random);
  return { ok: true, roll, text: rollText(roll, language) };
}
