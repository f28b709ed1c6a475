// English prose heuristics: find the subject of each clause outside quotes and what the answer makes
// that subject do. Only a listed verb or phrase rejects; anything else is left for the user to judge.

import {
  AUTHORED_VERB_KIND,
  CAUGHT_PERCEPTS,
  COPULAS,
  EMOTIONS,
  FEELING_FILLERS,
  HYPOTHETICAL_MODALS,
  INTENSIFIERS,
  IRREGULAR_FORMS,
  PERCEPTION_VERBS,
  REACTION_STATES,
  SKIPPED_BEFORE_VERB,
  THOUGHT_STATES,
} from './english-words.ts';
import { excerptAt } from './quotes.ts';
import { cachedRegExp, escapeRegExp } from './regexp.ts';
import {
  ANY_RESPONSE,
  AuthoredKind,
  type AuthoringScope,
  type Finding,
  type ProseRules,
  type Span,
} from './types.ts';

const BREAK = String.raw`^|[.!?;:,()\u2014\u2013\n"\u201d\u00bb\u2019]\s*|\s-\s*`;
const MAIN_OPENERS = 'and|then|but|so|or|yet|now|suddenly|instantly|immediately|finally|instead';
const SUBORDINATE_OPENERS = 'as|while|whilst|when|before|after|until|till|because|once';
/** Where a new clause (and so possibly a new subject) begins: any clause, or a main clause only. */
const CLAUSE_START = {
  any: String.raw`(?:${BREAK}|\b(?:${MAIN_OPENERS}|${SUBORDINATE_OPENERS})\s+)`,
  main: String.raw`(?:${BREAK}|\b(?:${MAIN_OPENERS})\s+)`,
} as const;
type Clauses = keyof typeof CLAUSE_START;
const CLAUSE_TAIL = /[.!?;,:\n"\u201c\u201d()\u2014]/;
/** How far past the subject to look for its verb. */
const MAX_TOKENS = 8;
/** How far past a named subject a second verb joined by "and" may sit: "Wren feels afraid and backs away". */
const MAX_CONJOINED_TOKENS = 16;
/** How far past "feel" an emotion word may sit: "you feel a sudden pang of fear". */
const MAX_FEELING_DISTANCE = 5;

/** "Before you can run, …" names what did not get to happen. */
const BEFORE_ONE_CAN = /\bbefore\s+$/i;

const BODY_REACTIONS: readonly RegExp[] = [
  /\byour\s+(?:heart|pulse)\s+(?:\w+ly\s+)?(?:pound|race|hammer|thud|thump|skip|leap|sink|sank|quicken|jump|lurch|stop|flutter|beat|drop)\w*/i,
  /(?:^|[.,;!?\u2014]\s*|\bwith\s+)((?:your\s+)?heart\s+(?:pounding|racing|hammering|thudding|thumping|in\s+your\s+throat))/im,
  /\byour\s+(?:breath|breathing)\s+(?:catch|caught|hitch|quicken|stop)\w*/i,
  /\b(?:hold|holds|holding|held)\s+your\s+breath\b/i,
  /\byour\s+eyes\s+(?:widen|go\s+wide|narrow|well)\w*/i,
  /\byour\s+(?:jaw|mouth)\s+(?:drop|fall|hang|goes\s+dry)\w*/i,
  /\byour\s+(?:stomach|gut)\s+(?:drop|sink|sank|churn|knot|twist|lurch|tighten)\w*/i,
  /\byour\s+blood\s+(?:runs?|ran|turns?|turned)\s+cold\b/i,
  /\byour\s+(?:hands?|knees|legs|fingers|lips|voice)\s+(?:shake|shook|tremble|buckle|clench|tighten|quiver|falter|crack|reach|fly|flies|dart|fumble)\w*/i,
  /\byour\s+(?:cheeks|face)\s+(?:flush|burn|redden|pale|heat)\w*/i,
];

const PRIVATE_MIND_VERBS: ReadonlySet<string> = new Set(
  'think wonder muse ponder realize realise hope wish'.split(' '),
);
const MIND_ADVERBS = String.raw`(?:(?:silently|privately|secretly|inwardly|quietly)\s+)?`;
const THINKING_ASIDE = new RegExp(
  String.raw`,\s*${MIND_ADVERBS}(thinking|wondering|musing|pondering|realizing|realising)\s+(?=[a-z])`,
  'i',
);
const THINKING_TO_SELF = /\b(?:think|thinks|thinking|thought)\s+to\s+(?:her|him|them|it)sel(?:f|ves)\b/i;

/** Every clause-initial occurrence of `subject` (a regex alternative) in masked text. */
function subjectSpans(masked: string, subject: string, after: string, clauses: Clauses = 'any'): Span[] {
  const pattern = cachedRegExp(
    `en subject\u0000${subject}\u0000${after}\u0000${clauses}`,
    () => new RegExp(`${CLAUSE_START[clauses]}(${subject})(?=${after})`, 'gim'),
  );
  return [...masked.matchAll(pattern)].map((m) => {
    const end = m.index + m[0].length;
    return { start: end - (m[1] ?? '').length, end };
  });
}

function tokensFrom(masked: string, from: number, limit = MAX_TOKENS): string[] {
  let end = from;
  while (end < masked.length && !CLAUSE_TAIL.test(masked.charAt(end))) end++;
  return masked
    .slice(from, end)
    .split(/\s+/)
    .map((t) =>
      t
        .toLowerCase()
        .replace(/\u2019/g, "'")
        .replace(/^[^a-z']+|[^a-z']+$/g, ''),
    )
    .filter((t) => t !== '')
    .slice(0, limit);
}

/** Candidate base forms of an inflected word: "stepped" → step, "hides" → hide, "froze" → freeze. */
export function baseForms(word: string): string[] {
  const forms = new Set<string>([word]);
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular !== undefined) forms.add(irregular);
  const addStem = (stem: string): void => {
    if (stem.length < 2) return;
    forms.add(stem).add(`${stem}e`);
    if (/(\w)\1$/.test(stem)) forms.add(stem.slice(0, -1));
  };
  if (/i(?:es|ed)$/.test(word)) forms.add(`${word.slice(0, -3)}y`);
  if (word.endsWith('es')) addStem(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss')) forms.add(word.slice(0, -1));
  if (word.endsWith('ed')) addStem(word.slice(0, -2));
  if (word.endsWith('ing')) addStem(word.slice(0, -3));
  return [...forms];
}

export const isAdverb = (word: string): boolean => word.length > 4 && word.endsWith('ly');
const authoredKindOf = (forms: string[]): AuthoredKind | undefined =>
  forms.map((f) => AUTHORED_VERB_KIND.get(f)).find((k) => k !== undefined);

/** After "you are": an emotion, a frozen reaction, a conviction, or an action in progress. */
function judgeState(rest: string[], doneOnly: boolean): AuthoredKind | null {
  for (const word of rest) {
    if (doneOnly && HYPOTHETICAL_MODALS.has(word)) return null;
    if (INTENSIFIERS.has(word) || COPULAS.has(word) || word === 'not' || isAdverb(word)) continue;
    if (EMOTIONS.has(word)) return AuthoredKind.feeling;
    if (REACTION_STATES.has(word)) return AuthoredKind.reaction;
    if (THOUGHT_STATES.has(word)) return AuthoredKind.thought;
    // "you are running" authors; "you are pushed" is done to the subject and does not
    return word.endsWith('ing') ? (authoredKindOf(baseForms(word)) ?? null) : null;
  }
  return null;
}

/** A perception verb passes, except "feel" + emotion and "catch" + something other than a percept. */
function judgePerception(forms: string[], rest: string[]): AuthoredKind | null {
  if (forms.includes('catch')) {
    return rest.slice(0, 3).some((w) => CAUGHT_PERCEPTS.has(w)) ? null : AuthoredKind.reaction;
  }
  if (!forms.includes('feel')) return null;
  for (const word of rest.slice(0, MAX_FEELING_DISTANCE)) {
    if (EMOTIONS.has(word)) return AuthoredKind.feeling;
    if (!FEELING_FILLERS.has(word) && !isAdverb(word)) return null;
  }
  return null;
}

function judgeClause(tokens: string[], doneOnly: boolean): AuthoredKind | null {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    if (doneOnly && HYPOTHETICAL_MODALS.has(word)) return null;
    if (COPULAS.has(word)) return judgeState(tokens.slice(i + 1), doneOnly);
    const forms = baseForms(word);
    if (forms.some((f) => PERCEPTION_VERBS.has(f))) return judgePerception(forms, tokens.slice(i + 1));
    const kind = authoredKindOf(forms);
    if (kind !== undefined) return kind;
    if (!SKIPPED_BEFORE_VERB.has(word) && !isAdverb(word)) return null;
  }
  return null;
}

/** A verb agreeing with one named subject ("backs", "turned", "ran"), not an infinitive ("wants to leave and go"). */
const isThirdPersonForm = (word: string): boolean =>
  (word.endsWith('s') && !word.endsWith('ss')) || word.endsWith('ed') || IRREGULAR_FORMS.has(word);

/** What a named subject does in a predicate joined to its first by "and" or "then". */
function conjoinedKind(tokens: string[], doneOnly: boolean): AuthoredKind | null {
  for (let i = 1; i < tokens.length; i++) {
    const word = tokens[i] ?? '';
    if (doneOnly && HYPOTHETICAL_MODALS.has(word)) return null;
    if (word !== 'and' && word !== 'then') continue;
    const rest = tokens.slice(i + 1);
    const verb = rest.find((w) => !SKIPPED_BEFORE_VERB.has(w) && !isAdverb(w));
    if (verb === undefined || !isThirdPersonForm(verb)) continue;
    const kind = judgeClause(rest, doneOnly);
    if (kind !== null) return kind;
  }
  return null;
}

function authoringBy(
  masked: string,
  original: string,
  subject: string,
  scope: AuthoringScope,
  conjoined: boolean,
): Finding | null {
  const after = String.raw`\s|['\u2019](?:re|ve|ll|d)\b`;
  for (const { start, end } of subjectSpans(masked, subject, after, scope.doneOnly ? 'main' : 'any')) {
    const tokens = tokensFrom(masked, end, MAX_CONJOINED_TOKENS);
    if (BEFORE_ONE_CAN.test(masked.slice(0, start)) && /^(?:can|could)$/.test(tokens[0] ?? '')) continue;
    const first = judgeClause(tokens.slice(0, MAX_TOKENS), scope.doneOnly);
    const kind =
      first !== null && scope.kinds.has(first)
        ? first
        : conjoined
          ? conjoinedKind(tokens, scope.doneOnly)
          : null;
    if (kind !== null && scope.kinds.has(kind)) return { kind, excerpt: excerptAt(original, masked, start) };
  }
  return null;
}

function bodyReaction(masked: string, original: string, scope: AuthoringScope): Finding | null {
  if (!scope.kinds.has(AuthoredKind.reaction)) return null;
  for (const pattern of BODY_REACTIONS) {
    const m = pattern.exec(masked);
    if (m === null) continue;
    const inner = m[1] ?? m[0];
    const start = m.index + m[0].length - inner.length;
    return { kind: AuthoredKind.reaction, excerpt: original.slice(start, start + inner.length) };
  }
  return null;
}

function mindReadingOf(masked: string, original: string, names: string[]): string | null {
  const aside = THINKING_ASIDE.exec(masked) ?? THINKING_TO_SELF.exec(masked);
  if (aside !== null) {
    return excerptAt(original, masked, aside[0].startsWith(',') ? aside.index + 1 : aside.index);
  }
  const subjects = ['he', 'she', 'they', ...names.map(escapeRegExp)].join('|');
  for (const { start, end } of subjectSpans(masked, subjects, String.raw`\s`)) {
    const verb = tokensFrom(masked, end).find(
      (w) => !/^(?:silently|privately|secretly|inwardly|quietly)$/.test(w),
    );
    if (verb !== undefined && baseForms(verb).some((f) => PRIVATE_MIND_VERBS.has(f))) {
      return excerptAt(original, masked, start);
    }
  }
  return null;
}

const QUALIFIER = String.raw`(?:\s+(?:at all|unusual|new|else|out of the ordinary|of note|in particular|whatsoever))?`;
const SENSES = '(?:hear|see|notice|perceive|sense|smell|feel|detect|observe|taste)';
const NEGATION = "(?:do not|don't|does not|doesn't|did not|didn't|cannot|can't|can not|could not|couldn't)";

const NOTHING_HAPPENS =
  /^(?:(?:for now|still|so far|meanwhile),?\s+)?nothing(?:\s+(?:at all|else|much|unusual|new|more))?\s+(?:(?:seems|appears)\s+to\s+(?:have\s+)?)?(?:happens?|happened|has happened|is happening|occurs|occurred|changes|changed)(?:\s+(?:at all|yet|here|for now))?$/;
const NOTHING_AT_ALL =
  /^(?:nothing|none|n\/?a|no perception|nothing perceived|nothing to perceive|no change)$/;

function nothingSentences(target: string): RegExp[] {
  const who = `(?:you|${escapeRegExp(target.toLowerCase())})`;
  return [
    NOTHING_HAPPENS,
    cachedRegExp(
      `en perceives nothing\u0000${target}`,
      () => new RegExp(`^${who}\\s+${SENSES}s?\\s+nothing${QUALIFIER}$`),
    ),
    cachedRegExp(
      `en does not perceive\u0000${target}`,
      () => new RegExp(`^${who}\\s+${NEGATION}\\s+${SENSES}\\s+anything${QUALIFIER}$`),
    ),
    NOTHING_AT_ALL,
  ];
}

export const englishRules: ProseRules = {
  secondPersonAuthoring: (masked, original, scope = ANY_RESPONSE) =>
    authoringBy(masked, original, 'you', scope, false) ?? bodyReaction(masked, original, scope),
  namedAuthoring: (masked, original, name, scope = ANY_RESPONSE) =>
    // "and" joins a second verb to a name only when it agrees with one subject, which "you" never shows.
    authoringBy(masked, original, escapeRegExp(name), scope, true),
  firstPersonNarration(masked, original) {
    const span = subjectSpans(masked, 'I', String.raw`\s|['\u2019](?:m|ve|ll|d)\b`)[0];
    return span === undefined ? null : excerptAt(original, masked, span.start);
  },
  privateThought: mindReadingOf,
  saysNothingHappened(text, target) {
    const sentences = text
      .toLowerCase()
      .replace(/[*_()[\]]/g, '')
      .replace(/\u2019/g, "'")
      .split(/[.!?;\n]+/)
      .map((s) => s.trim().replace(/\s+/g, ' '))
      .filter((s) => s !== '');
    const patterns = nothingSentences(target);
    return sentences.length > 0 && sentences.every((s) => patterns.some((p) => p.test(s)));
  },
};
