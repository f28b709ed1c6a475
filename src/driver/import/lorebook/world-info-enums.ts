// SillyTavern's numeric World Info enumerations and ours, both ways: selective logic, position and role.
// Positions we have no place for (the Author's Note, the example messages, outlets) go to the nearest
// of ours, and the reader says which.
import {
  LorePosition,
  LoreRole,
  SelectiveLogic,
  type LorePosition as Position,
  type LoreRole as Role,
  type SelectiveLogic as Logic,
} from '../../doc/lore-book.ts';

/** SillyTavern's `world_info_logic`: 0 AND ANY, 1 NOT ALL, 2 NOT ANY, 3 AND ALL. */
export const ST_LOGIC: readonly Logic[] = [
  SelectiveLogic.andAny,
  SelectiveLogic.notAll,
  SelectiveLogic.notAny,
  SelectiveLogic.andAll,
];

/** SillyTavern's `world_info_position`, with where each goes here. */
export const StPosition = {
  beforeChar: 0,
  afterChar: 1,
  authorsNoteTop: 2,
  authorsNoteBottom: 3,
  atDepth: 4,
  examplesTop: 5,
  examplesBottom: 6,
  outlet: 7,
} as const;
export type StPosition = (typeof StPosition)[keyof typeof StPosition];

/**
 * The Author's Note sits in the chat a few messages from its end, so entries above or below it go in
 * at depth (their own depth: SillyTavern's default for both is 4); the example messages follow the
 * card, so entries around them go after it; an outlet is shown only where a prompt names it, and
 * Rashomon's prompts name none, so it is told after the card.
 */
export function positionFromSt(position: StPosition): Position {
  switch (position) {
    case StPosition.beforeChar:
      return LorePosition.beforeCard;
    case StPosition.afterChar:
    case StPosition.examplesTop:
    case StPosition.examplesBottom:
    case StPosition.outlet:
      return LorePosition.afterCard;
    case StPosition.authorsNoteTop:
    case StPosition.authorsNoteBottom:
    case StPosition.atDepth:
      return LorePosition.atDepth;
    default:
      return position satisfies never;
  }
}

export function positionToSt(position: Position): StPosition {
  switch (position) {
    case LorePosition.beforeCard:
      return StPosition.beforeChar;
    case LorePosition.afterCard:
      return StPosition.afterChar;
    case LorePosition.atDepth:
      return StPosition.atDepth;
    default:
      return position satisfies never;
  }
}

/** The Character Card V2 book's spelling of the two positions it knows. */
export const V2_POSITION: Readonly<Record<string, StPosition>> = {
  before_char: StPosition.beforeChar,
  after_char: StPosition.afterChar,
};

/** SillyTavern's `extension_prompt_roles`: 0 system, 1 user, 2 assistant. */
export const ST_ROLE: readonly Role[] = [LoreRole.system, LoreRole.user, LoreRole.assistant];
