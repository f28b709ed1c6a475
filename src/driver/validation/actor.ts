// Validates an actor answer: the selected participant's own first-person turn. It may hold private
// thoughts; it may not be empty, speak for another participant, or write their responses (as "you" or
// by name), nor the user's feelings.

import { proseRulesFor } from './language-rules.ts';
import { maskQuotes } from './quotes.ts';
import { actorReasons } from './reasons.ts';
import { checkScript } from './script.ts';
import { containsSentinel, isBlank, labelledLines, looksStructured } from './shape.ts';
import {
  AuthoredKind,
  type ActorContext,
  type ActorVerdict,
  type AuthoringScope,
  type Finding,
} from './types.ts';

/**
 * What an actor may not write for anyone else (as "you" or by name): what they do, say, react or
 * decide, told as done. Their thoughts and feelings pass as the actor's belief about them ("Jess wants
 * the key"), and so do what they might do and subordinate clauses ("until Jess turns away").
 */
const OTHERS_RESPONSES: AuthoringScope = {
  kinds: new Set([AuthoredKind.reaction, AuthoredKind.speech, AuthoredKind.decision]),
  doneOnly: true,
};

/**
 * The user's feelings, too (V11): the person plays them, so "Wren feels afraid" is the person's to
 * write, not a character's belief. Their thoughts still pass as the actor's guess ("Wren wants the key").
 */
const USER_RESPONSES: AuthoringScope = {
  kinds: new Set([...OTHERS_RESPONSES.kinds, AuthoredKind.feeling]),
  doneOnly: true,
};

export function validateActorOutput(text: string, ctx: ActorContext): ActorVerdict {
  const { actor } = ctx;
  const why = actorReasons(ctx.language);
  if (isBlank(text)) return why.blank(actor);
  const answer = text.trim();
  if (containsSentinel(answer)) return why.sentinel(actor);
  if (looksStructured(answer)) return why.structured(actor);
  const spokenFor = labelledLines(answer, ctx.others)[0];
  if (spokenFor !== undefined) return why.speaksFor(actor, spokenFor.name, spokenFor.line);
  const script = checkScript(answer, ctx.language, [actor, ...ctx.others]);
  if (!script.ok) return script;

  const forOthers = othersResponse(answer, ctx);
  if (forOthers !== null) return why.actsForOthers(actor, forOthers.excerpt);
  return { ok: true, text: answer };
}

/** Another participant, as "you" (the user, when there is one) or by name, written responding outside quotations. */
function othersResponse(answer: string, ctx: ActorContext): Finding | null {
  const rules = proseRulesFor(ctx.language);
  const masked = maskQuotes(answer);
  const scopeOf = (name: string | null) =>
    name !== null && name === ctx.user ? USER_RESPONSES : OTHERS_RESPONSES;
  const asYou = rules.secondPersonAuthoring(masked, answer, scopeOf(ctx.user));
  if (asYou !== null) return asYou;
  for (const name of ctx.others) {
    const byName = rules.namedAuthoring(masked, answer, name, scopeOf(name));
    if (byName !== null) return byName;
  }
  return null;
}
