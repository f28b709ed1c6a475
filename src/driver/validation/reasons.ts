// The retry instructions: each rejection tells the model, in the story's language, what was wrong and
// what to write instead, quoting the offending words so the retry can find them.

import type { Language } from '../doc/schema.ts';
import { nameList, sentences } from '../i18n/lists.ts';
import { tr } from '../i18n/messages.ts';
import { RejectionRule, type AuthoredKind, type Finding, type Rejection } from './types.ts';

const reject = (rule: RejectionRule, reason: string): Rejection => ({ ok: false, rule, reason });

function ownKind(language: Language, kind: AuthoredKind, target: string): string {
  switch (kind) {
    case 'reaction':
      return tr(language, "{target}'s own reaction", { target });
    case 'speech':
      return tr(language, "{target}'s own speech", { target });
    case 'decision':
      return tr(language, "{target}'s own decision", { target });
    case 'thought':
      return tr(language, "{target}'s own thoughts", { target });
    case 'feeling':
      return tr(language, "{target}'s own feelings", { target });
    default:
      return kind satisfies never;
  }
}

const structured = (language: Language) =>
  tr(language, 'The answer is structured data (JSON or a code block), but plain text was asked for.');

function makeProjectionReasons(language: Language) {
  const l = language;
  return {
    blank: (target: string) =>
      reject(
        RejectionRule.blank,
        tr(
          l,
          'The answer is blank. Write what {target} perceives, or exactly <empty> if {target} perceives nothing.',
          { target },
        ),
      ),
    mixedSentinel: (target: string) =>
      reject(
        RejectionRule.sentinel,
        tr(
          l,
          'The answer mixes <empty> with other text. If {target} perceives nothing, answer exactly <empty> and nothing else; otherwise write only what {target} perceives, without <empty>.',
          { target },
        ),
      ),
    structured: (target: string) =>
      reject(
        RejectionRule.structured,
        sentences(
          l,
          structured(l),
          tr(l, 'Write what {target} perceives as plain prose, or exactly <empty>.', { target }),
        ),
      ),
    severalAudiences: (target: string, names: readonly string[]) =>
      reject(
        RejectionRule.severalAudiences,
        tr(
          l,
          'The answer contains outputs for several audiences ({names}). Write one answer, only for {target}, as plain prose without name labels.',
          { names: nameList(l, names), target },
        ),
      ),
    saysNothing: (target: string, answer: string) =>
      reject(
        RejectionRule.saysNothing,
        tr(
          l,
          'The answer only says that nothing was perceived ("{answer}"). When {target} perceives nothing, answer exactly <empty> and nothing else.',
          { answer, target },
        ),
      ),
    copiedSource: (target: string, speaker: string, excerpt: string) =>
      reject(
        RejectionRule.notTransformed,
        tr(
          l,
          'The answer is still {speaker}\'s first-person text ("{excerpt}"). Rewrite it as what {target} perceives, in the second person (for example "You see {speaker} …"), or answer <empty> if {target} perceives nothing.',
          { speaker, excerpt, target },
        ),
      ),
    targetAuthored: (target: string, finding: Finding) =>
      reject(
        finding.kind,
        sentences(
          l,
          tr(l, 'The answer writes {what} ("{excerpt}").', {
            what: ownKind(l, finding.kind, target),
            excerpt: finding.excerpt,
          }),
          tr(
            l,
            "Describe only what {target} perceives; do not write {target}'s actions, speech, thoughts or feelings.",
            { target },
          ),
          ...(finding.kind === 'feeling'
            ? [tr(l, 'Physical sensations ("You feel the floor tremble") are fine; emotions are not.')]
            : []),
        ),
      ),
    addsAction: (target: string, speaker: string, name: string, excerpt: string) =>
      reject(
        RejectionRule.addsAction,
        tr(
          l,
          'The answer has {name} act or speak ("{excerpt}"), but in the source turn {name} does no such thing. Write only what {target} perceives of {speaker}\'s turn; other participants write their own actions in their own turns.',
          { name, excerpt, target, speaker },
        ),
      ),
    addsEvent: (target: string, speaker: string, excerpt: string) =>
      reject(
        RejectionRule.addsEvent,
        tr(
          l,
          'The answer adds something the source turn does not contain ("{excerpt}"). Write only what {target} perceives of {speaker}\'s turn; do not go on with the scene.',
          { excerpt, target, speaker },
        ),
      ),
    retellsEarlier: (target: string, excerpt: string) =>
      reject(
        RejectionRule.retellsEarlier,
        tr(
          l,
          'The answer tells earlier events as if {target} perceived them now ("{excerpt}"). Write only what {target} perceives as this turn happens.',
          { excerpt, target },
        ),
      ),
    privateThought: (target: string, excerpt: string) =>
      reject(
        RejectionRule.privateThought,
        tr(
          l,
          'The answer reveals an unspoken thought ("{excerpt}"). {target} perceives only what can be seen, heard, smelled, tasted or felt: describe visible actions and words said aloud, not anyone\'s private thoughts.',
          { excerpt, target },
        ),
      ),
  };
}

export type ProjectionReasons = ReturnType<typeof makeProjectionReasons>;

function makeActorReasons(language: Language) {
  const l = language;
  const ownTurnOnly = (actor: string) =>
    tr(l, "Write only {actor}'s own turn in the first person: {actor}'s actions, speech and thoughts.", {
      actor,
    });
  return {
    blank: (actor: string) =>
      reject(RejectionRule.blank, sentences(l, tr(l, 'The answer is blank.'), ownTurnOnly(actor))),
    sentinel: (actor: string) =>
      reject(
        RejectionRule.sentinel,
        sentences(
          l,
          tr(l, 'The answer uses <empty>, but an actor always authors something.'),
          ownTurnOnly(actor),
          tr(l, 'Even a small gesture or a pause is a turn.'),
        ),
      ),
    structured: (actor: string) =>
      reject(RejectionRule.structured, sentences(l, structured(l), ownTurnOnly(actor))),
    speaksFor: (actor: string, other: string, line: string) =>
      reject(
        RejectionRule.speaksFor,
        sentences(
          l,
          tr(l, 'The answer speaks for {other} ("{line}").', { other, line }),
          ownTurnOnly(actor),
          tr(l, 'Other participants write their own words and actions.'),
        ),
      ),
    actsForOthers: (actor: string, excerpt: string) =>
      reject(
        RejectionRule.actsFor,
        sentences(
          l,
          tr(l, 'The answer writes another participant\'s response ("{excerpt}").', { excerpt }),
          ownTurnOnly(actor),
          tr(l, "Leave everyone else's reactions to them."),
        ),
      ),
  };
}

// Built once per language: every answer checked would otherwise make them again.
const PROJECTION: Readonly<Record<Language, ProjectionReasons>> = {
  en: makeProjectionReasons('en'),
  zh: makeProjectionReasons('zh'),
};
const ACTOR: Readonly<Record<Language, ReturnType<typeof makeActorReasons>>> = {
  en: makeActorReasons('en'),
  zh: makeActorReasons('zh'),
};

/** Why a projection answer was refused, in the story's language. */
export const projectionReasons = (language: Language): ProjectionReasons => PROJECTION[language];

/** Why an actor answer was refused, in the story's language. */
export const actorReasons = (language: Language) => ACTOR[language];
