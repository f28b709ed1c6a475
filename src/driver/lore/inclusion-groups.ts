// Inclusion groups: of the entries a pass found that share a group, one is kept — a sticky one, else
// (after group scoring) the prioritised one of highest order, else one drawn by group weight.
import { GroupLoss, SkipKind, type LoreRef, type SkipReason } from './reasons.ts';
import type { LoreEntry } from '../doc/lore-book.ts';

export interface GroupMember {
  /** The candidate's index in the scan: its identity. */
  index: number;
  ref: LoreRef;
  entry: LoreEntry;
  /** Carried by sticky: it wins its groups outright. */
  sticky: boolean;
  /** Its group score (computed only for groups that score). */
  score: () => number;
}

export interface GroupResolution<M extends GroupMember> {
  /** The members no group removed, in the order given. */
  kept: M[];
  lost: Map<number, SkipReason>;
}

export interface GroupContext {
  /** Entries fired in earlier passes: a group they are in is already filled. */
  earlier: ReadonlyArray<{ ref: LoreRef; entry: LoreEntry }>;
  useGroupScoring: boolean;
  random: (key: string) => number;
}

function weightedDraw(
  group: string,
  pool: readonly GroupMember[],
  random: GroupContext['random'],
): GroupMember {
  const total = pool.reduce((sum, member) => sum + member.entry.groupWeight, 0);
  const roll = random(`group:${group}`) * total;
  let reached = 0;
  for (const member of pool) {
    reached += member.entry.groupWeight;
    if (roll < reached) return member;
  }
  return pool.at(-1) as GroupMember;
}

/** The highest order among prioritised members; the first given on a tie. */
function prioritised(pool: readonly GroupMember[]): GroupMember | null {
  let best: GroupMember | null = null;
  for (const member of pool) {
    if (member.entry.groupOverride && (!best || member.entry.order > best.entry.order)) best = member;
  }
  return best;
}

/**
 * Groups are settled in the order their first member appears. An entry in several groups that was kept
 * by one of them fills the others too (SillyTavern could drop it from one after another had kept it).
 */
export function resolveInclusionGroups<M extends GroupMember>(
  members: readonly M[],
  context: GroupContext,
): GroupResolution<M> {
  const lost = new Map<number, SkipReason>();
  const winners = new Set<number>();
  const names = [...new Set(members.flatMap((member) => member.entry.groups))];
  const lose = (member: GroupMember, group: string, to: LoreRef | null, how: GroupLoss) =>
    lost.set(member.index, { kind: SkipKind.group, group, to, how });

  for (const group of names) {
    const alive = members.filter((member) => member.entry.groups.includes(group) && !lost.has(member.index));
    if (alive.length === 0) continue;
    // Sticky members stay (all of them, as in SillyTavern); the rest give way.
    const sticky = alive.filter((member) => member.sticky);
    if (sticky.length > 0) {
      for (const member of alive)
        if (!member.sticky) lose(member, group, (sticky[0] as GroupMember).ref, GroupLoss.sticky);
      for (const member of sticky) winners.add(member.index);
      continue;
    }
    const filled = context.earlier.find((fired) => fired.entry.groups.includes(group));
    if (filled) {
      for (const member of alive) lose(member, group, filled.ref, GroupLoss.earlier);
      continue;
    }
    const kept = alive.find((member) => winners.has(member.index));
    if (kept) {
      for (const member of alive) if (member !== kept) lose(member, group, kept.ref, GroupLoss.earlier);
      continue;
    }
    let pool = alive;
    const scoring = context.useGroupScoring || alive.some((member) => member.entry.useGroupScoring === true);
    const outscored: GroupMember[] = [];
    if (scoring && alive.length > 1) {
      const scores = alive.map((member) => member.score());
      const best = Math.max(...scores);
      alive.forEach((member, i) => {
        const scored = member.entry.useGroupScoring ?? context.useGroupScoring;
        if (scored && (scores[i] as number) < best) outscored.push(member);
      });
      pool = alive.filter((member) => !outscored.includes(member));
    }
    const priority = pool.length > 1 ? prioritised(pool) : null;
    const winner =
      pool.length === 1 ? (pool[0] as GroupMember) : (priority ?? weightedDraw(group, pool, context.random));
    const how = priority ? GroupLoss.priority : GroupLoss.weight;
    winners.add(winner.index);
    for (const member of pool) if (member !== winner) lose(member, group, winner.ref, how);
    for (const member of outscored) lose(member, group, winner.ref, GroupLoss.score);
  }
  return { kept: members.filter((member) => !lost.has(member.index)), lost };
}
