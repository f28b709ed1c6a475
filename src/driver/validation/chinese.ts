// Chinese prose heuristics: find 你, 我 or a name opening a clause outside quotes and read the verb
// right after it. Only a listed prefix rejects; anything else is left for the user to judge.

import {
  ACTION_VERBS_NEEDING_COMPLEMENT,
  AUTHORED_PREFIXES,
  COMPLEMENTS,
  CONNECTIVES,
  EMOTIONS,
  FEELING_PERCEPTIONS,
  FRAMING_CONNECTIVES,
  PERCEPTION_PREFIXES,
  SKIPPED_BEFORE_VERB,
  SUBORDINATE_ENDINGS,
} from './chinese-words.ts';
import { excerptAt } from './quotes.ts';
import { cachedRegExp, escapeRegExp } from './regexp.ts';
import { ANY_RESPONSE, AuthoredKind, type AuthoringScope, type Finding, type ProseRules } from './types.ts';

const BREAK = `(?:^|[，。！？；：、,.!?;:…—\\s"”」』）)])`;
/** Where a new clause (and so possibly a new subject) begins: any clause, or one told as done. */
const CLAUSE_START = {
  any: `${BREAK}(?:${CONNECTIVES.join('|')})*`,
  main: `${BREAK}(?:${CONNECTIVES.filter((c) => !FRAMING_CONNECTIVES.has(c)).join('|')})*`,
} as const;
type Clauses = keyof typeof CLAUSE_START;
const CLAUSE_END = /[，。！？；：、,.!?;:\n]/;
/** How far past 感到 an emotion word may sit: 你感到一阵莫名的恐惧. */
const MAX_FEELING_DISTANCE = 10;

const BODY_REACTIONS: readonly RegExp[] = [
  /你的心(?:脏)?(?:猛地|猛然|怦怦|砰砰|扑通|狂跳|一沉|一紧|一颤|一跳|提到|悬)/,
  /你的(?:双腿|腿|双手|手|膝盖)(?:发软|一软|发抖|颤抖|直抖)/,
  /你的脸(?:一红|红了|发烫|涨红|刷地)/,
  /你的(?:呼吸|心跳)(?:一滞|停滞|急促|加速|加快)/,
  /你的(?:眼睛|双眼)(?:瞪大|睁大|一亮)/,
];
const MIND_READING =
  /心想|心里想|心中想|暗想|暗自想|暗暗想|心里盘算|心中盘算|暗自庆幸|心里暗|心中暗|暗忖|心道|在心里/;

function subjectEnds(masked: string, subject: string, clauses: Clauses = 'any'): number[] {
  const pattern = cachedRegExp(
    `zh subject\u0000${subject}\u0000${clauses}`,
    () => new RegExp(`${CLAUSE_START[clauses]}(${subject})`, 'gm'),
  );
  return [...masked.matchAll(pattern)].map((m) => m.index + m[0].length);
}

/** The clause from `from` to its end (the next clause mark). */
function clauseFrom(text: string, from: number): string {
  let end = from;
  while (end < text.length && !CLAUSE_END.test(text.charAt(end))) end++;
  return text.slice(from, end);
}

function judgeFeeling(rest: string): AuthoredKind | null {
  const window = clauseFrom(rest.slice(0, MAX_FEELING_DISTANCE), 0);
  return EMOTIONS.some((e) => window.includes(e)) ? AuthoredKind.feeling : null;
}

/** Reads what follows the subject: skips adverbs, passes perception, rejects listed verbs. */
function judgeClause(rest: string): AuthoredKind | null {
  let at = 0;
  for (;;) {
    const here = rest.slice(at);
    const percept = PERCEPTION_PREFIXES.find((p) => here.startsWith(p));
    if (percept !== undefined) {
      return FEELING_PERCEPTIONS.has(percept) ? judgeFeeling(here.slice(percept.length)) : null;
    }
    const authored = AUTHORED_PREFIXES.find(([p]) => here.startsWith(p));
    if (authored !== undefined) return authored[1];
    const first = here.charAt(0);
    if (ACTION_VERBS_NEEDING_COMPLEMENT.has(first) && COMPLEMENTS.has(here.charAt(1))) {
      return AuthoredKind.reaction;
    }
    const adverb = SKIPPED_BEFORE_VERB.find((a) => here.startsWith(a));
    if (adverb === undefined) return null;
    at += adverb.length;
  }
}

/**
 * What the clause after a comma does when it opens on a verb, going on with the subject before it
 * (杰丝感到害怕，往后退去); one opening on a subject of its own (，我…) is not read.
 */
function nextClauseKind(masked: string, clauseEnd: number): AuthoredKind | null {
  return /[，,]/.test(masked.charAt(clauseEnd)) ? judgeClause(masked.slice(clauseEnd + 1)) : null;
}

function authoringBy(
  masked: string,
  original: string,
  subject: string,
  literal: string,
  scope: AuthoringScope,
  conjoined: boolean,
): Finding | null {
  for (const end of subjectEnds(masked, subject, scope.doneOnly ? 'main' : 'any')) {
    if (subject === '你' && /^[们的]/.test(masked.slice(end))) continue;
    const clause = clauseFrom(masked, end);
    if (scope.doneOnly && SUBORDINATE_ENDINGS.some((e) => clause.endsWith(e))) continue;
    const first = judgeClause(masked.slice(end));
    // Only a subject shown doing or feeling something carries on past the comma.
    const kind =
      first === null || scope.kinds.has(first) || !conjoined
        ? first
        : nextClauseKind(masked, end + clause.length);
    if (kind !== null && scope.kinds.has(kind)) {
      return { kind, excerpt: excerptAt(original, masked, end - literal.length) };
    }
  }
  return null;
}

function bodyReaction(masked: string, original: string, scope: AuthoringScope): Finding | null {
  if (!scope.kinds.has(AuthoredKind.reaction)) return null;
  for (const pattern of BODY_REACTIONS) {
    const m = pattern.exec(masked);
    if (m !== null) return { kind: AuthoredKind.reaction, excerpt: excerptAt(original, masked, m.index) };
  }
  return null;
}

const SENSES = '(?:听到|听见|看到|看见|注意到|察觉到|感觉到|发现|感知到|察觉)';
const PUNCTUATION = /[\s*_()（）[\]【】…—"“”「」]/g;

function nothingSentences(target: string): RegExp[] {
  const who = `(?:你|${escapeRegExp(target)})`;
  return [
    /^(?:这时|此时|此刻|周围|四周)?(?:什么|任何事情?)(?:也|都)没有?发生过?$/,
    /^并?没有?(?:任何事情?|什么事?)?发生$/,
    /^(?:无事发生|一切如常|一切照旧|一切平静如常|一切都很平静|一切都没有变化)$/,
    cachedRegExp(
      `zh perceives nothing\u0000${target}`,
      () => new RegExp(`^${who}?(?:什么|任何东西|任何声音|任何动静)(?:也|都)没有?${SENSES}(?:什么)?$`),
    ),
    cachedRegExp(
      `zh does not perceive\u0000${target}`,
      () => new RegExp(`^${who}并?没有?${SENSES}(?:任何|什么)(?:东西|动静|异常|声音|事情?)?$`),
    ),
    /^(?:无|没有|空|无感知)$/,
  ];
}

export const chineseRules: ProseRules = {
  secondPersonAuthoring: (masked, original, scope = ANY_RESPONSE) =>
    authoringBy(masked, original, '你', '你', scope, false) ?? bodyReaction(masked, original, scope),
  namedAuthoring: (masked, original, name, scope = ANY_RESPONSE) =>
    authoringBy(masked, original, escapeRegExp(name), name, scope, true),
  firstPersonNarration(masked, original) {
    const end = subjectEnds(masked, '我')[0];
    return end === undefined ? null : excerptAt(original, masked, end - 1);
  },
  privateThought(masked, original) {
    const m = MIND_READING.exec(masked);
    return m === null ? null : excerptAt(original, masked, m.index);
  },
  saysNothingHappened(text, target) {
    const sentences = text
      .split(/[。！？!?；;，,\n]+/)
      .map((s) => s.replace(PUNCTUATION, ''))
      .filter((s) => s !== '');
    const patterns = nothingSentences(target);
    return sentences.length > 0 && sentences.every((s) => patterns.some((p) => p.test(s)));
  },
};
