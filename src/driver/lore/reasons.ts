// Why each candidate of a lore scan fired or did not: the values the request is built from and the
// "test this text" panel explains (codes and data, no words: the UI words them).
import type { SelectiveLogic } from '../doc/lore-book.ts';

/** One entry of one book. */
export interface LoreRef {
  book: string;
  id: string;
}

/** The secondary keys that decided: found (and-any, and-all) or absent (not-any, not-all). */
export interface SecondaryMatch {
  logic: SelectiveLogic;
  keys: string[];
}

export const FireKind = {
  constant: 'constant',
  key: 'key',
  sticky: 'sticky',
  recursion: 'recursion',
} as const;
export type FireKind = (typeof FireKind)[keyof typeof FireKind];

/** `level`: the scan pass, 0 the first; recursive passes are 1, 2, … */
export type FireReason =
  | { kind: typeof FireKind.constant }
  /** A primary key found in the scanned window. */
  | { kind: typeof FireKind.key; key: string; secondary: SecondaryMatch | null; level: number }
  /** Carried by sticky from the fresh firing at message count `since`: no keys, no roll. */
  | { kind: typeof FireKind.sticky; since: number }
  /** A primary key found in the content of `by`, an entry fired in an earlier pass. */
  | {
      kind: typeof FireKind.recursion;
      key: string;
      secondary: SecondaryMatch | null;
      level: number;
      by: LoreRef;
    };

/** Whether this firing starts the entry's timed effects (the caller stores its count): not a sticky carry. */
export function firedFreshly(why: FireReason): boolean {
  switch (why.kind) {
    case FireKind.constant:
    case FireKind.key:
    case FireKind.recursion:
      return true;
    case FireKind.sticky:
      return false;
    default:
      return why satisfies never;
  }
}

export const SkipKind = {
  disabled: 'disabled',
  characterFilter: 'character-filter',
  delay: 'delay',
  cooldown: 'cooldown',
  noKeys: 'no-keys',
  noMatch: 'no-match',
  secondary: 'secondary',
  probability: 'probability',
  group: 'group',
  budget: 'budget',
  delayedUntilRecursion: 'delayed-until-recursion',
  recursionExcluded: 'recursion-excluded',
} as const;
export type SkipKind = (typeof SkipKind)[keyof typeof SkipKind];

/** How an inclusion group chose against an entry. */
export const GroupLoss = {
  /** A sticky member is carried; the others give way. */
  sticky: 'sticky',
  /** The group already holds an entry: fired in an earlier pass, or kept by another of its groups. */
  earlier: 'earlier',
  /** Group scoring: fewer keys matched than the best. */
  score: 'score',
  /** Prioritised members (groupOverride): the highest order wins. */
  priority: 'priority',
  /** A roll weighted by groupWeight. */
  weight: 'weight',
} as const;
export type GroupLoss = (typeof GroupLoss)[keyof typeof GroupLoss];

export type SkipReason =
  | { kind: typeof SkipKind.disabled }
  /** The scanned character is not among the names (or, with exclude, is). */
  | { kind: typeof SkipKind.characterFilter; exclude: boolean }
  /** Not before the transcript holds `until` messages. */
  | { kind: typeof SkipKind.delay; until: number }
  | { kind: typeof SkipKind.cooldown; until: number }
  /** Not constant and no key to match. */
  | { kind: typeof SkipKind.noKeys }
  | { kind: typeof SkipKind.noMatch }
  /** A primary key matched (`key`) but the secondary keys' logic refused. */
  | { kind: typeof SkipKind.secondary; key: string; logic: SelectiveLogic }
  /** Fired, then lost its roll: `roll` in [0, 100) was not under `probability`. */
  | { kind: typeof SkipKind.probability; roll: number; probability: number }
  /** Lost inclusion group `group` to `to` (null: no member of it was kept in this pass). */
  | { kind: typeof SkipKind.group; group: string; to: LoreRef | null; how: GroupLoss }
  /** Fired, but its `tokens` did not fit after `spent` of `budget`; the scan stopped there. */
  | { kind: typeof SkipKind.budget; tokens: number; spent: number; budget: number }
  /** Waits for recursion level `level`, which no pass reached. */
  | { kind: typeof SkipKind.delayedUntilRecursion; level: number }
  /** Its key was found only in the content of `by`, and it may not be fired by other entries. */
  | { kind: typeof SkipKind.recursionExcluded; key: string; by: LoreRef };
