// "Who was there" for an imported group chat (GC3–GC5): the chat's turns cut into stretches, each
// naming the members absent from it. An absent member is no audience of that stretch's turns (P3): it
// perceived none of them, so it gets no view and its later turns are projected from what it did perceive.
import { z } from 'zod';

/** What the app may send (GC5): far past any table a person fills in by hand. */
const MAX_STRETCHES = 10_000;
/** A group is its members; SillyTavern groups hold a handful, this is far past any. */
const MAX_MEMBERS = 1_000;

/** A stretch begins at the turn of this 0-based index (the chat's messages that became turns). */
export const stretchSchema = z.object({
  from: z.number().int().min(0),
  /** Members (characters, by their name in the story) who were not there. */
  absent: z.array(z.string().min(1)).max(MAX_MEMBERS),
});

/** Stretches in order: the first begins at 0, each later one after the one before. */
export const whoWasThereSchema = z
  .object({ stretches: z.array(stretchSchema).min(1).max(MAX_STRETCHES) })
  .refine((p) => p.stretches[0]?.from === 0, { message: 'the first stretch begins at the first turn' })
  .refine((p) => p.stretches.every((s, i, all) => i === 0 || s.from > (all[i - 1]?.from ?? 0)), {
    message: 'stretches begin in order, each after the one before',
  });
export type WhoWasThere = z.infer<typeof whoWasThereSchema>;
export type Stretch = z.infer<typeof stretchSchema>;

/**
 * A member is taken as joining late when another member had spoken this many times before its first
 * message: in a group's first round every member there usually speaks (SillyTavern posts each one's
 * greeting), so a member first heard after a few rounds came later. A shy member is a false alarm
 * the person clears in the review.
 */
export const LATE_AFTER_MESSAGES = 3;

export interface WhoWasThereInput {
  /** Who wrote each turn, in order (the user's name for the user's turns). */
  speakers: readonly string[];
  /** The characters, in order of the table's columns. */
  members: readonly string[];
  /** Members the group file says are muted (`disabled_members`), by their name in the story. */
  muted: readonly string[];
}

/**
 * The review's starting point: everyone there throughout, but a member joining late (absent before its
 * first message) and a muted one (absent after its last message; throughout when it never spoke).
 */
export function defaultWhoWasThere({ speakers, members, muted }: WhoWasThereInput): WhoWasThere {
  const absentBefore = new Map<string, number>();
  const absentFrom = new Map<string, number>();
  const counts = new Map<string, number>();
  const first = new Map<string, number>();
  const last = new Map<string, number>();
  speakers.forEach((s, i) => {
    if (!first.has(s)) {
      const most = Math.max(
        0,
        ...[...counts.entries()].filter(([n]) => members.includes(n)).map(([, c]) => c),
      );
      if (members.includes(s) && most >= LATE_AFTER_MESSAGES) absentBefore.set(s, i);
      first.set(s, i);
    }
    counts.set(s, (counts.get(s) ?? 0) + 1);
    last.set(s, i);
  });
  for (const m of muted) {
    const end = last.get(m);
    const from = end === undefined ? 0 : end + 1;
    if (from < speakers.length || speakers.length === 0) absentFrom.set(m, from);
  }
  const cuts = new Set([0, ...absentBefore.values(), ...absentFrom.values()]);
  const stretches = [...cuts]
    .filter((c) => c === 0 || c < speakers.length)
    .sort((a, b) => a - b)
    .map((from) => ({
      from,
      absent: members.filter(
        (m) => (absentBefore.get(m) ?? 0) > from || (absentFrom.get(m) ?? Infinity) <= from,
      ),
    }));
  return { stretches };
}

/** The members absent at each turn, one stretch after another (a linear walk, for long chats). */
export function absentByTurn(whoWasThere: WhoWasThere, turns: number): Array<ReadonlySet<string>> {
  const out: Array<ReadonlySet<string>> = [];
  const { stretches } = whoWasThere;
  let k = 0;
  let absent: ReadonlySet<string> = new Set(stretches[0]?.absent ?? []);
  for (let i = 0; i < turns; i++) {
    while (k + 1 < stretches.length && (stretches[k + 1]?.from ?? Infinity) <= i) {
      k++;
      absent = new Set(stretches[k]?.absent ?? []);
    }
    out.push(absent);
  }
  return out;
}
