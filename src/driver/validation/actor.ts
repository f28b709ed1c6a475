// Validates an actor answer: the selected participant's own first-person turn. It may hold private
// thoughts; it may not be empty, speak for another participant, or write their reactions.

import { proseRulesFor } from './language-rules.ts';
import { maskQuotes } from './quotes.ts';
import { actorReasons } from './reasons.ts';
import { checkScript } from './script.ts';
import { containsSentinel, isBlank, labelledLines, looksStructured } from './shape.ts';
import type { ActorContext, ActorVerdict } from './types.ts';

export function validateActorOutput(text: string, ctx: ActorContext): ActorVerdict {
  const { actor } = ctx;
  const why = actorReasons(ctx.language);
  if (isBlank(text)) return why.blank(actor);
  const answer = text.trim();
  if (containsSentinel(answer)) return why.sentinel(actor);
  if (looksStructured(answer)) return why.structured(actor);
  const spokenFor = labelledLines(answer, ctx.others)[0];
  if (spokenFor !== undefined) return why.speaksFor(actor, spokenFor.name, spokenFor.line);
  const script = checkScript(answer, ctx.language);
  if (!script.ok) return script;

  const masked = maskQuotes(answer);
  const forOthers = proseRulesFor(ctx.language).secondPersonAuthoring(masked, answer);
  if (forOthers !== null) return why.actsForOthers(actor, forOthers.excerpt);
  return { ok: true, text: answer };
}
