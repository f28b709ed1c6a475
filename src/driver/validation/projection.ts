// Validates a projection answer: what one target audience perceived of one source turn, or exactly
// <empty>, and nothing the source does not hold (continuation.ts). Where a heuristic cannot decide it
// accepts; the user can still edit the POV in the inspector.

import { proseRulesFor } from './language-rules.ts';
import { maskQuotes } from './quotes.ts';
import { projectionReasons, type ProjectionReasons } from './reasons.ts';
import { checkScript } from './script.ts';
import { sceneContinuation, type Continuation } from './continuation.ts';
import { EMPTY_SENTINEL } from '../doc/schema.ts';
import { containsSentinel, isBlank, isScriptDialogue, labelledLines, looksStructured } from './shape.ts';
import type { ProjectionContext, ProjectionVerdict, Rejection } from './types.ts';

const sameName = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** "Jane: …" plus "Jess: …" lines, or a "Jane: …" line among others: answers for several audiences. */
function labelProblem(answer: string, ctx: ProjectionContext, why: ProjectionReasons): Rejection | null {
  const labelled = labelledLines(answer, ctx.participants);
  const targetSpeech = labelled.find((l) => sameName(l.name, ctx.target) && isScriptDialogue(l));
  if (targetSpeech !== undefined) {
    return why.targetAuthored(ctx.target, { kind: 'speech', excerpt: targetSpeech.line });
  }
  const audiences = [...new Set(labelled.filter((l) => !isScriptDialogue(l)).map((l) => l.name))];
  const lineCount = answer.split('\n').filter((line) => line.trim() !== '').length;
  const targetLabelled = audiences.some((n) => sameName(n, ctx.target));
  if (audiences.length >= 2 || (targetLabelled && lineCount > 1)) {
    return why.severalAudiences(ctx.target, audiences);
  }
  return null;
}

function refusedContinuation(c: Continuation, ctx: ProjectionContext, why: ProjectionReasons): Rejection {
  switch (c.rule) {
    case 'adds-action':
      return why.addsAction(ctx.target, ctx.speaker, c.name, c.excerpt);
    case 'adds-event':
      return why.addsEvent(ctx.target, ctx.speaker, c.excerpt);
    case 'retells-earlier':
      return why.retellsEarlier(ctx.target, c.excerpt);
    default:
      return c satisfies never;
  }
}

export function validateProjection(text: string, ctx: ProjectionContext): ProjectionVerdict {
  const { target } = ctx;
  const why = projectionReasons(ctx.language);
  if (isBlank(text)) return why.blank(target);
  const answer = text.trim();
  if (answer === EMPTY_SENTINEL) return { ok: true, perceived: false, text: '' };
  if (containsSentinel(answer)) return why.mixedSentinel(target);
  if (looksStructured(answer)) return why.structured(target);
  const labels = labelProblem(answer, ctx, why);
  if (labels !== null) return labels;
  const script = checkScript(answer, ctx.language, ctx.participants);
  if (!script.ok) return script;

  const rules = proseRulesFor(ctx.language);
  if (rules.saysNothingHappened(answer, target)) return why.saysNothing(target, answer);
  const masked = maskQuotes(answer);
  const copied = rules.firstPersonNarration(masked, answer);
  if (copied !== null) return why.copiedSource(target, ctx.speaker, copied);
  const authored =
    rules.secondPersonAuthoring(masked, answer) ?? rules.namedAuthoring(masked, answer, target);
  if (authored !== null) return why.targetAuthored(target, authored);
  const others = ctx.participants.filter((n) => !sameName(n, target));
  const mindReading = rules.privateThought(masked, answer, others);
  if (mindReading !== null) return why.privateThought(target, mindReading);
  const continued = sceneContinuation(answer, masked, ctx);
  if (continued !== null) return refusedContinuation(continued, ctx, why);
  return { ok: true, perceived: true, text: answer };
}
