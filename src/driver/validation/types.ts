// Shapes shared by the output validators: what they are told about the scene, and what they say back.
// A rejection's reason is an instruction for the model's retry, in the story's language.

import type { Language } from '../doc/schema.ts';

export interface Rejection {
  ok: false;
  /** Which rule refused the answer, for code and tests; the model reads `reason`. */
  rule: RejectionRule;
  /** What is wrong and what to write instead, addressed to the model that retries, in the story's language. */
  reason: string;
}

export type ScriptVerdict = { ok: true } | Rejection;

export interface ProjectionContext {
  /** Name of the audience the projection is for. */
  target: string;
  /** Name of the participant who authored the source turn. */
  speaker: string;
  /** Every visible participant name, target and speaker included. */
  participants: string[];
  /** The source turn as the projector was given it: what the answer may render and nothing more (V8–V10). */
  source: string;
  language: Language;
}

export type ProjectionVerdict =
  { ok: true; perceived: boolean; /** Trimmed; '' when perceived is false. */ text: string } | Rejection;

export interface ActorContext {
  /** Name of the participant whose turn this is. */
  actor: string;
  /** The other participants' names. */
  others: string[];
  /** The user's name when the user is not the actor: their feelings too are the person's to write (V11). */
  user: string | null;
  language: Language;
}

export type ActorVerdict = { ok: true; text: string } | Rejection;

/** What a prose heuristic found someone authoring that the answer should not contain. */
export const AuthoredKind = {
  reaction: 'reaction',
  speech: 'speech',
  decision: 'decision',
  thought: 'thought',
  feeling: 'feeling',
} as const;
export type AuthoredKind = (typeof AuthoredKind)[keyof typeof AuthoredKind];

/**
 * The rule an answer broke (SPEC V1–V12). A projection that writes the target's response is refused
 * under the kind of response it wrote; an actor that writes another participant's is `acts-for`.
 */
export const RejectionRule = {
  ...AuthoredKind,
  blank: 'blank',
  sentinel: 'sentinel',
  saysNothing: 'says-nothing',
  structured: 'structured',
  severalAudiences: 'several-audiences',
  notTransformed: 'not-transformed',
  privateThought: 'private-thought',
  speaksFor: 'speaks-for',
  actsFor: 'acts-for',
  script: 'script',
  addsAction: 'adds-action',
  addsEvent: 'adds-event',
  retellsEarlier: 'retells-earlier',
  englishWords: 'english-words',
} as const;
export type RejectionRule = (typeof RejectionRule)[keyof typeof RejectionRule];

export interface Finding {
  kind: AuthoredKind;
  /** The offending words, cut from the answer, to quote back in the reason. */
  excerpt: string;
}

/** What an authoring heuristic counts: which kinds of response, and whether only what is told as done. */
export interface AuthoringScope {
  kinds: ReadonlySet<AuthoredKind>;
  /**
   * Only main clauses told as happening: a subject in a subordinate clause ("until Jess turns",
   * 杰丝转身的时候) or under a modal ("Jess might run") is then no objection.
   */
  doneOnly: boolean;
}

/** Everything a projection may not write for its target: any response, in any clause. */
export const ANY_RESPONSE: AuthoringScope = { kinds: new Set(Object.values(AuthoredKind)), doneOnly: false };

/** Prose heuristics for one story language; every method is a "may reject", null means no objection. */
export interface ProseRules {
  /**
   * "You …" as a clause subject doing, saying, deciding, thinking or feeling something: what `scope`
   * counts, all of it by default.
   */
  secondPersonAuthoring(masked: string, original: string, scope?: AuthoringScope): Finding | null;
  /** A named participant as a clause subject doing the same (the target or another participant). */
  namedAuthoring(masked: string, original: string, name: string, scope?: AuthoringScope): Finding | null;
  /** "I …" as the narration subject: the source copied, not transformed. Returns the excerpt. */
  firstPersonNarration(masked: string, original: string): string | null;
  /** Someone's unspoken thought told as fact (", thinking that …"). Returns the excerpt. */
  privateThought(masked: string, original: string, names: string[]): string | null;
  /** The whole answer only says that nothing was perceived. */
  saysNothingHappened(text: string, target: string): boolean;
}

/** A stretch of an answer, as offsets into its masked copy (and so into the original). */
export interface Span {
  start: number;
  end: number;
}

/** How a projection is read against its source in one story language (V8–V10). */
export interface SourceReading {
  /** The answer's parts that may each tell an event: its sentences, split again before a "then". */
  parts(masked: string): Span[];
  /** The part opens on what happens next ("then", 接着). */
  opensNextEvent(part: string): boolean;
  /** What carries content in `text`: no function words, perception framing or the `known` names. */
  contentOf(text: string, known: readonly string[]): string[];
  /** Whether the source holds a content unit, an inflected or closely related form counting. */
  supportOf(source: string): (unit: string) => boolean;
  mentions(source: string, name: string): boolean;
  /** Where earlier events are told as new outside quotations ("Earlier that night", "Jess had hidden"). */
  retoldEarlier(masked: string, names: readonly string[]): number | null;
  /** Unsupported content units a part needs before it counts as an event the source lacks. */
  minUnsupported: number;
}
