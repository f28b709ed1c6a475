// A scan's candidates made ready (gated by enabled, character filter and timed effects; keys compiled;
// put in priority order) and what one of them does in one pass: fire, why not, or nothing new to say.
import { passesCharacterFilter } from './character-filter.ts';
import { createEntryMatcher, type EntryMatcher } from './entry-match.ts';
import { FireKind, SkipKind, type FireReason, type LoreRef, type SkipReason } from './reasons.ts';
import type { ScanText } from './scan-text.ts';
import type { LoreEntry, LoreSettings } from '../doc/lore-book.ts';
import { TimedState, timedKey, timedState, type Timed } from './timed-effects.ts';

/** An entry with the id of its book. */
export interface LoreCandidate {
  book: string;
  entry: LoreEntry;
}

/** What gating and compiling need of the scan's input. */
export interface CandidateInput {
  entries: readonly LoreCandidate[];
  settings: LoreSettings;
  character: string;
  messageCount: number;
  lastFired: ReadonlyMap<string, number>;
}

export interface Candidate {
  index: number;
  candidate: LoreCandidate;
  entry: LoreEntry;
  ref: LoreRef;
  timed: Timed;
  depth: number;
  matcher: EntryMatcher;
}

export type Outcome = { fire: FireReason } | { skip: SkipReason } | null;

/** Disabled, filtered out, delayed or cooling down: a reason; otherwise its timed state. */
function gate(candidate: LoreCandidate, input: CandidateInput): { skip: SkipReason } | { timed: Timed } {
  const { entry } = candidate;
  if (!entry.enabled) return { skip: { kind: SkipKind.disabled } };
  if (!passesCharacterFilter(entry.characterFilter, input.character)) {
    return { skip: { kind: SkipKind.characterFilter, exclude: entry.characterFilter.exclude } };
  }
  const timed = timedState(
    entry,
    input.lastFired.get(timedKey(candidate.book, entry.id)),
    input.messageCount,
  );
  switch (timed.kind) {
    case TimedState.delay:
      return { skip: { kind: SkipKind.delay, until: timed.until } };
    case TimedState.cooldown:
      return { skip: { kind: SkipKind.cooldown, until: timed.until } };
    case TimedState.sticky:
    case TimedState.free:
      return { timed };
    default:
      return timed satisfies never;
  }
}

/** In a pass: sticky ones, then constants (SillyTavern's docs), then higher order, then as given. */
function byPriority(a: Candidate, b: Candidate): number {
  const sticky = Number(b.timed.kind === TimedState.sticky) - Number(a.timed.kind === TimedState.sticky);
  const constant = Number(b.entry.constant) - Number(a.entry.constant);
  return sticky || constant || b.entry.order - a.entry.order || a.index - b.index;
}

export function consider(c: Candidate, pass: number, openLevel: number, text: ScanText): Outcome {
  if (c.timed.kind === TimedState.sticky) return { fire: { kind: FireKind.sticky, since: c.timed.since } };
  const level = c.entry.delayUntilRecursion;
  if (level > 0 && (pass === 0 || level > openLevel))
    return { skip: { kind: SkipKind.delayedUntilRecursion, level } };
  if (pass > 0 && c.entry.excludeRecursion) {
    // Not fired by other entries; say so only when their content is what it would have fired on.
    const match = c.matcher.match(text);
    if (!match.ok || !match.source) return null;
    return { skip: { kind: SkipKind.recursionExcluded, key: match.key, by: match.source } };
  }
  if (c.entry.constant) return { fire: { kind: FireKind.constant } };
  const match = c.matcher.match(text);
  if (!match.ok) {
    switch (match.reason) {
      case 'no-keys':
        return { skip: { kind: SkipKind.noKeys } };
      case 'no-match':
        return { skip: { kind: SkipKind.noMatch } };
      case 'secondary':
        return { skip: { kind: SkipKind.secondary, key: match.key, logic: match.logic } };
      default:
        return match satisfies never;
    }
  }
  const { key, secondary } = match;
  if (!match.source) return { fire: { kind: FireKind.key, key, secondary, level: pass } };
  return { fire: { kind: FireKind.recursion, key, secondary, level: pass, by: match.source } };
}

export function prepareCandidates(input: CandidateInput, verdicts: Map<number, SkipReason>): Candidate[] {
  const { settings } = input;
  const live: Candidate[] = [];
  input.entries.forEach((candidate, index) => {
    const gated = gate(candidate, input);
    if ('skip' in gated) {
      verdicts.set(index, gated.skip);
      return;
    }
    const { entry } = candidate;
    const matcher = createEntryMatcher(entry, {
      caseSensitive: entry.caseSensitive ?? settings.caseSensitive,
      matchWholeWords: entry.matchWholeWords ?? settings.matchWholeWords,
    });
    const ref = { book: candidate.book, id: entry.id };
    const depth = entry.scanDepth ?? settings.scanDepth;
    live.push({ index, candidate, entry, ref, timed: gated.timed, depth, matcher });
  });
  return live.sort(byPriority);
}
