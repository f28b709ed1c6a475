// Sticky, cooldown and delay of one entry, as a function of when it last fired freshly on this path and
// how many messages the participant's transcript holds now (SillyTavern's "timed effects", which it
// keeps as chat metadata; here the caller keeps the firing count and the rule is recomputed).

/** The key of `lastFired`: an entry of a book. */
export function timedKey(book: string, id: string): string {
  return `${book}\u0000${id}`;
}

/** What a timed effect does to an entry in this scan. */
export const TimedState = {
  free: 'free',
  sticky: 'sticky',
  cooldown: 'cooldown',
  delay: 'delay',
} as const;
export type TimedStateKind = (typeof TimedState)[keyof typeof TimedState];

export type Timed =
  | { kind: typeof TimedState.free }
  /** Carried: fires again without keys or a roll, since the fresh firing at `since`. */
  | { kind: typeof TimedState.sticky; since: number }
  /** May not fire before the transcript holds `until` messages. */
  | { kind: typeof TimedState.cooldown; until: number }
  | { kind: typeof TimedState.delay; until: number };

export interface TimedSettings {
  sticky: number;
  cooldown: number;
  delay: number;
}

const FREE: Timed = { kind: TimedState.free };

/**
 * With f the count of the last fresh firing and n the count now, d = n − f: sticky for 1 ≤ d ≤ sticky,
 * then cooldown for the next `cooldown` messages (right after the firing when not sticky); delay while
 * n < delay. d ≤ 0 means the path has not advanced past that firing (the same request rebuilt, or a
 * firing that is not before now): no effect, as SillyTavern drops effects when the chat does not advance.
 */
export function timedState(effects: TimedSettings, lastFired: number | undefined, now: number): Timed {
  if (effects.delay > 0 && now < effects.delay) return { kind: TimedState.delay, until: effects.delay };
  if (lastFired === undefined || now <= lastFired) return FREE;
  const since = now - lastFired;
  if (since <= effects.sticky) return { kind: TimedState.sticky, since: lastFired };
  const coolEnd = effects.sticky + effects.cooldown;
  if (effects.cooldown > 0 && since <= coolEnd)
    return { kind: TimedState.cooldown, until: lastFired + coolEnd + 1 };
  return FREE;
}
