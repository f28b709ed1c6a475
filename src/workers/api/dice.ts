// The part of the worker's API for dice in play ("Roll"). Re-exported by api.ts, the one file the app imports.
import type { DiceRoll } from '../../driver/dice/dice.ts';
import type { Result } from './result.ts';

export type { DiceRoll };

export interface DiceApi {
  /**
   * Rolls `notation` ("2d6+1") with the command's seeded random numbers and answers the roll and how the
   * user's turn tells it; nothing is stored (the page sends the text as the user's turn). A notation
   * that is not a roll answers `invalid`, saying what to write.
   */
  rollDice(storyId: string, notation: string): Promise<Result<{ roll: DiceRoll; text: string }>>;
}
