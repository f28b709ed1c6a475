// Dice (`roleplay/dice`): a roll in the usual notation ("2d6+1", "d20", "3d8-2") computed by the program,
// never by a model, with the random numbers the caller gives (DriverEnv.random), so a roll can be
// replayed from its seed in a test and is never a model's guess. The roll is told as a sentence in the
// story's language; stored as the user's turn, it stands: nothing later rolls it again.
import { z } from 'zod';
import type { Language } from '../doc/schema.ts';
import type { DriverFailure } from '../env.ts';
import { tr } from '../i18n/messages.ts';

/** Bounds that keep a roll readable in a turn: at most 20 dice, 2 to 1000 sides, a modifier within ±1000. */
export const DICE_LIMITS = { count: 20, sides: 1000, modifier: 1000 } as const;

const NOTATION = /^(\d*)d(\d+)(?:([+-])(\d+))?$/i;

export const diceSpecSchema = z.strictObject({
  count: z.number().int().min(1).max(DICE_LIMITS.count),
  sides: z.number().int().min(2).max(DICE_LIMITS.sides),
  modifier: z.number().int().min(-DICE_LIMITS.modifier).max(DICE_LIMITS.modifier),
});
export type DiceSpec = z.infer<typeof diceSpecSchema>;

export interface DiceRoll extends DiceSpec {
  /** The notation as the program writes it back ("2d6+1"). */
  notation: string;
  /** Each die's face, in the order rolled. */
  dice: number[];
  total: number;
}

export const notationOf = ({ count, sides, modifier }: DiceSpec): string =>
  `${count}d${sides}${modifier === 0 ? '' : modifier > 0 ? `+${modifier}` : `${modifier}`}`;

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

/** The roll as the user's turn tells it: what was rolled, each die, the modifier, the total. */
export function rollText(roll: DiceRoll, language: Language): string {
  const sum = roll.dice
    .map(String)
    .join(' + ')
    .concat(roll.modifier === 0 ? '' : ` ${roll.modifier > 0 ? '+' : '−'} ${Math.abs(roll.modifier)}`);
  const shown = roll.dice.length === 1 && roll.modifier === 0 ? String(roll.total) : `${sum} = ${roll.total}`;
  return tr(language, 'I roll {notation}: {shown}.', { notation: roll.notation, shown });
}
