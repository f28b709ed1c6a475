// The World Info scan for one participant's request: which lore entries fire from its own window, in
// passes (recursion through fired content), through inclusion groups, rolls, timed effects and the
// token budget, and why every other entry did not. Placing what fired is the caller's.
import { consider, prepareCandidates, type Candidate, type LoreCandidate } from './candidate.ts';
import { resolveInclusionGroups, type GroupMember } from './inclusion-groups.ts';
import { FireKind, SkipKind, type FireReason, type LoreRef, type SkipReason } from './reasons.ts';
import { createWindowTexts, type ScanText } from './scan-text.ts';
import type { LoreSettings } from '../doc/lore-book.ts';
import { TimedState } from './timed-effects.ts';

export type { LoreCandidate } from './candidate.ts';
export type { FireReason, LoreRef, SkipReason } from './reasons.ts';
export { timedKey } from './timed-effects.ts';

export interface LoreScanInput {
  entries: readonly LoreCandidate[];
  settings: LoreSettings;
  /** The scanned participant's window, oldest first, each message as the prompt shows it ("Mara: …"). */
  messages: readonly string[];
  /** Whose request it is: the name checked against characterFilter. */
  character: string;
  /** How many messages the participant's whole transcript holds now (delay and timed effects count these). */
  messageCount: number;
  /** Per `timedKey(book, id)`: the messageCount at which the entry last fired freshly on this path. */
  lastFired: ReadonlyMap<string, number>;
  /** The lore's token budget, in the units of `tokens`. */
  budget: number;
  tokens: (text: string) => number;
  /** Deterministic random in [0, 1) for one named roll (`probability:<book>/<id>`, `group:<name>`). */
  random: (key: string) => number;
}

export interface LoreScan {
  /** What goes into the request, in insertion order (ascending `order`: higher nearer the end). */
  fired: Array<LoreCandidate & { why: FireReason }>;
  /** Every other candidate, in the order given, with the reason it did not fire. */
  skipped: Array<LoreCandidate & { why: SkipReason }>;
}

/** The roll of a found entry: none without useProbability, at 100 %, or when carried by sticky. */
function rolls(c: Candidate, why: FireReason, random: LoreScanInput['random']): SkipReason | null {
  const { useProbability, probability } = c.entry;
  if (!useProbability || probability >= 100 || why.kind === FireKind.sticky) return null;
  const roll = random(`probability:${c.ref.book}/${c.ref.id}`) * 100;
  return roll < probability ? null : { kind: SkipKind.probability, roll, probability };
}

/**
 * Passes: the first over the window; while recursion is on, each next one over the window and the
 * content of every entry fired so far (but those that prevent recursion), until a pass fires nothing
 * new — then the next delay-until-recursion level opens for one more — or maxRecursionSteps passes ran.
 * Found entries are kept in priority order while they fit the budget; the first that does not stops
 * the whole scan (SillyTavern stops, it does not skip to smaller entries).
 */
export function activateLore(input: LoreScanInput): LoreScan {
  const { settings } = input;
  const verdicts = new Map<number, SkipReason>();
  const fired = new Map<number, { c: Candidate; why: FireReason }>();
  /** Lost a roll, the budget, or a group that stays filled: never considered again in this scan. */
  const settled = new Set<number>();
  const live = prepareCandidates(input, verdicts);
  const windowFor = createWindowTexts(input.messages);
  const recursion: Array<{ by: LoreRef; text: string }> = [];
  const levels = [...new Set(live.map((c) => c.entry.delayUntilRecursion).filter((level) => level > 0))];
  levels.sort((a, b) => a - b);
  let levelAt = 0;
  let spent = 0;
  const isFired = (who: LoreRef) =>
    [...fired.values()].some(({ c }) => c.ref.book === who.book && c.ref.id === who.id);

  for (let pass = 0; ; pass++) {
    const found: Array<GroupMember & { why: FireReason; c: Candidate }> = [];
    for (const c of live) {
      if (fired.has(c.index) || settled.has(c.index)) continue;
      const text: ScanText = { window: windowFor(c.depth), recursion };
      const outcome = consider(c, pass, levels[levelAt] ?? 0, text);
      if (outcome && 'skip' in outcome) verdicts.set(c.index, outcome.skip);
      if (!outcome || !('fire' in outcome)) continue;
      const sticky = c.timed.kind === TimedState.sticky;
      const score = () => c.matcher.score(text);
      found.push({ index: c.index, ref: c.ref, entry: c.entry, sticky, score, why: outcome.fire, c });
    }
    const earlier = [...fired.values()].map(({ c }) => c);
    const groups = resolveInclusionGroups(found, {
      earlier,
      useGroupScoring: settings.useGroupScoring,
      random: input.random,
    });
    for (const [index, why] of groups.lost) verdicts.set(index, why);

    const fresh: Candidate[] = [];
    let overflow = false;
    for (const { c, why } of groups.kept) {
      const lost: SkipReason | null = overflow ? null : rolls(c, why, input.random);
      const tokens: number = lost ? 0 : input.tokens(c.entry.content);
      overflow ||= !lost && spent + tokens > input.budget;
      if (lost || overflow) {
        verdicts.set(c.index, lost ?? { kind: SkipKind.budget, tokens, spent, budget: input.budget });
        settled.add(c.index);
        continue;
      }
      spent += tokens;
      fired.set(c.index, { c, why });
      verdicts.delete(c.index);
      fresh.push(c);
    }

    // A group whose winner fired stays filled: its losers cannot fire later in this scan.
    for (const [index, why] of groups.lost) {
      if (why.kind === SkipKind.group && why.to && isFired(why.to)) settled.add(index);
    }

    if (overflow || !settings.recursive) break;
    if (settings.maxRecursionSteps > 0 && pass + 1 >= settings.maxRecursionSteps) break;
    const recursable = fresh.filter((c) => !c.entry.preventRecursion);
    if (recursable.length > 0)
      recursion.push(...recursable.map((c) => ({ by: c.ref, text: c.entry.content })));
    else if (levelAt + 1 < levels.length) levelAt++;
    else break;
  }

  const firedList = [...fired.values()]
    .sort((a, b) => a.c.entry.order - b.c.entry.order || a.c.index - b.c.index)
    .map(({ c, why }) => ({ ...c.candidate, why }));
  const skipped = input.entries.flatMap((candidate, index) => {
    if (fired.has(index)) return [];
    const why = verdicts.get(index);
    if (!why) throw new Error(`lore scan: no verdict for ${candidate.book}/${candidate.entry.id}`);
    return [{ ...candidate, why }];
  });
  return { fired: firedList, skipped };
}
