// A roll as the document keeps it: the dice a character's `roll` tool made while it wrote its turn,
// stored with the turn so the result stands (DI5). Synced state is untrusted: a stored roll is read
// only when it adds up (each face within its sides, the total their sum plus the modifier).
import { z } from 'zod';

/** Bounds that keep a roll readable in a turn: at most 20 dice, 2 to 1000 sides, a modifier within ±1000. */
export const DICE_LIMITS = { count: 20, sides: 1000, modifier: 1000 } as const;

/** The rolls one turn may hold: a character rolls for a few uncertain actions, not for every word. */
export const MAX_TURN_ROLLS = 3;

export const diceSpecSchema = z.strictObject({
  count: z.number().int().min(1).max(DICE_LIMITS.count),
  sides: z.number().int().min(2).max(DICE_LIMITS.sides),
  modifier: z.number().int().min(-DICE_LIMITS.modifier).max(DICE_LIMITS.modifier),
});
export type DiceSpec = z.infer<typeof diceSpecSchema>;

export const notationOf = ({ count, sides, modifier }: DiceSpec): string =>
  `${count}d${sides}${modifier === 0 ? '' : modifier > 0 ? `+${modifier}` : `${modifier}`}`;

export const diceRollSchema = diceSpecSchema
  .extend({
    /** The notation as the program writes it back ("2d6+1"), never the model's words. */
    notation: z.string().max(20),
    /** Each die's face, in the order rolled. */
    dice: z.array(z.number().int().min(1).max(DICE_LIMITS.sides)).max(DICE_LIMITS.count),
    total: z.number().int(),
  })
  .refine(
    (r) =>
      r.notation === notationOf(r) &&
      r.dice.length === r.count &&
      r.dice.every((face) => face <= r.sides) &&
      r.total === r.dice.reduce((sum, face) => sum + face, r.modifier),
    { message: 'the roll does not add up' },
  );
export type DiceRoll = z.infer<typeof diceRollSchema>;

export const turnRollsSchema = z.array(diceRollSchema).max(MAX_TURN_ROLLS);

/** A turn's stored rolls; none when absent or unreadable (a peer's wrong record is not shown as a roll). */
export function readRolls(value: unknown): DiceRoll[] {
  const parsed = turnRollsSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}
