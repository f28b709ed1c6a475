// Dice (`roleplay/dice`): a roll in the usual notation ("2d6+1", "d20", "3d8-2") computed by the program,
// never by a model, with the random numbers the caller gives (DriverEnv.random), so a roll can be
// replayed from its seed in a test and is never a model's guess. The roll is told as a sentence in the
// story's language; stored as the user's turn, it stands: nothing later rolls it again.
import type { Language } from '../doc/schema.ts';
import type { DriverFailure } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import { DICE_LIMITS, diceSpecSchema, notationOf, type DiceRoll, type DiceSpec } from '../doc/turn-rolls.ts';

export { DICE_LIMITS, diceSpecSchema, notationOf, type DiceRoll, type DiceSpec } from '../doc/turn-rolls.ts';

const NOTATION = /^(\d*)d(\d+)(?:([+-])(\d+))?$/i;

/** Reads a notation, spaces ignored; a notation out of bounds or not a roll says what to write instead. */
export function parseDice(text: string, language: Language): { ok: true; spec: DiceSpec } | DriverFailure {
  const match = NOTATION.exec(text.replace(/\s+/g, ''));
  const parsed =
    match &&
    diceSpecSchema.safeParse({
      count: match[1] ? Number(match[1]) : 1,
      sides: Number(match[2]),
      modifier: match[4] ? Number(match[4]) * (match[3] === '-' ? -1 : 1) : 0,
    });
  if (parsed?.success) return { ok: true, spec: parsed.data };
  return {
    ok: false,
    code: 'invalid',
    detail: tr(
      language,
      '"{text}" is not a roll this app makes. Write dice as 2d6+1: up to {count} dice of 2 to {sides} sides, and a modifier up to {modifier}.',
      { text, count: DICE_LIMITS.count, sides: DICE_LIMITS.sides, modifier: DICE_LIMITS.modifier },
    ),
  };
}

/** Rolls `spec` with `random` (uniform in [0, 1)): each die 1..sides. */
export function rollDice(spec: DiceSpec, random: () => number): DiceRoll {
  const dice = Array.from({ length: spec.count }, () => 1 + Math.floor(random() * spec.sides));
  const total = dice.reduce((sum, face) => sum + face, spec.modifier);
  return { ...spec, notation: notationOf(spec), dice, total };
}

/** Each die, the modifier and the total, in numbers: "3 + 4 + 1 = 8" (one plain die: just its face). */
export function shownOf(roll: DiceRoll): string {
  const sum = roll.dice
    .map(String)
    .join(' + ')
    .concat(roll.modifier === 0 ? '' : ` ${roll.modifier > 0 ? '+' : '−'} ${Math.abs(roll.modifier)}`);
  return roll.dice.length === 1 && roll.modifier === 0 ? String(roll.total) : `${sum} = ${roll.total}`;
}

/** The roll as the user's turn tells it: what was rolled, each die, the modifier, the total. */
export function rollText(roll: DiceRoll, language: Language): string {
  return tr(language, 'I roll {notation}: {shown}.', { notation: roll.notation, shown: shownOf(roll) });
}

/**
 * A turn's source as its witnesses' projections are given it: the dice its author rolled told first,
 * as the author's own words ("I roll 1d20: 17."), then what it wrote from them (DI7). A roll holds
 * only numbers and the program's notation, so nothing else of the author's request travels with it.
 */
export function sourceWithRolls(
  turn: { source: string; rolls?: readonly DiceRoll[] },
  language: Language,
): string {
  if (!turn.rolls?.length) return turn.source;
  return `${turn.rolls.map((r) => rollText(r, language)).join(' ')}\n\n${turn.source}`;
}
