// Refuses a projection that goes on with the scene instead of rendering its one source turn (V8–V10):
// another participant acting though the source has them do nothing, an event the source does not hold,
// or earlier events told as perceived now. Read against the source; where unsure, it accepts.

import { proseRulesFor, sourceReadingFor } from './language-rules.ts';
import { clipped, maskQuotes } from './quotes.ts';
import {
  AuthoredKind,
  RejectionRule,
  type AuthoringScope,
  type ProjectionContext,
  type SourceReading,
  type Span,
} from './types.ts';

/** What another participant may not be written doing unless the source has it: what V5 counts for an actor. */
const DEEDS: AuthoringScope = {
  kinds: new Set([AuthoredKind.reaction, AuthoredKind.speech, AuthoredKind.decision]),
  doneOnly: true,
};

/**
 * The share of a part opening on "then" whose content the source must lack for it to be an added
 * event. A part opening otherwise must lack all of it: one word of the source in it makes it a
 * rendering with a detail of the projector's own ("something small and rusty" for a key).
 */
const UNSUPPORTED_SHARE = 0.75;

export type Continuation =
  | { rule: typeof RejectionRule.addsAction; name: string; excerpt: string }
  | { rule: typeof RejectionRule.addsEvent | typeof RejectionRule.retellsEarlier; excerpt: string };

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The part's words, without the punctuation a split left at its edges. */
const partText = (answer: string, part: Span): string =>
  clipped(answer.slice(part.start, part.end).replace(/^[\s,;\u2014，、]+|[\s.!?。！？]+$/gu, ''));

/** Another participant as the subject of a deed the source (outside its quotations) does not tell. */
function addedDeed(
  answer: string,
  masked: string,
  ctx: ProjectionContext,
  reading: SourceReading,
): Continuation | null {
  const told = maskQuotes(ctx.source);
  const held = reading.supportOf(told);
  const rules = proseRulesFor(ctx.language);
  const others = ctx.participants.filter((n) => !sameName(n, ctx.speaker) && !sameName(n, ctx.target));
  for (const name of others) {
    const deed = rules.namedAuthoring(masked, answer, name, DEEDS);
    if (deed === null) continue;
    const content = reading.contentOf(deed.excerpt, [ctx.speaker, ctx.target, name]);
    const supported = content.filter(held).length;
    if (!reading.mentions(told, name) || supported * 2 < content.length) {
      return { rule: RejectionRule.addsAction, name, excerpt: deed.excerpt };
    }
  }
  return null;
}

/** A part after the answer first renders the source whose content the source lacks. */
function addedEvent(
  answer: string,
  masked: string,
  parts: Span[],
  ctx: ProjectionContext,
  reading: SourceReading,
): string | null {
  const held = reading.supportOf(ctx.source);
  let rendered = false;
  for (const part of parts) {
    const content = reading.contentOf(answer.slice(part.start, part.end), [ctx.speaker, ctx.target]);
    const unsupported = content.filter((unit) => !held(unit)).length;
    const lacking = reading.opensNextEvent(masked.slice(part.start, part.end))
      ? content.length * UNSUPPORTED_SHARE
      : content.length;
    if (rendered && unsupported >= reading.minUnsupported && unsupported >= lacking) {
      return partText(answer, part);
    }
    // A scene-setting line before the source is rendered may hold what the audience already knew.
    if (unsupported < content.length) rendered = true;
  }
  return null;
}

export function sceneContinuation(
  answer: string,
  masked: string,
  ctx: ProjectionContext,
): Continuation | null {
  const reading = sourceReadingFor(ctx.language);
  const parts = reading.parts(masked);
  const retold = reading.retoldEarlier(masked, ctx.participants);
  if (retold !== null) {
    const part = parts.find((p) => p.start <= retold && retold < p.end);
    const excerpt = partText(answer, part ?? { start: retold, end: answer.length });
    return { rule: RejectionRule.retellsEarlier, excerpt };
  }
  const deed = addedDeed(answer, masked, ctx, reading);
  if (deed !== null) return deed;
  const event = addedEvent(answer, masked, parts, ctx, reading);
  return event === null ? null : { rule: RejectionRule.addsEvent, excerpt: event };
}
