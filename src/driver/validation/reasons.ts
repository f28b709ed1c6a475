// The retry instructions: each rejection tells the model, in English, what was wrong and what to
// write instead, quoting the offending words so the retry can find them.

import { StoryLanguage, type AuthoredKind, type Finding, type Rejection } from './types.ts';

const reject = (reason: string): Rejection => ({ ok: false, reason });

const KIND_WORDS: Readonly<Record<AuthoredKind, string>> = {
  reaction: 'reaction',
  speech: 'speech',
  decision: 'decision',
  thought: 'thoughts',
  feeling: 'feelings',
};

const perceiveOnly = (t: string): string =>
  `Describe only what ${t} perceives; do not write ${t}'s actions, speech, thoughts or feelings.`;

export const projectionReasons = {
  blank: (t: string) =>
    reject(`The answer is blank. Write what ${t} perceives, or exactly <empty> if ${t} perceives nothing.`),
  mixedSentinel: (t: string) =>
    reject(
      `The answer mixes <empty> with other text. If ${t} perceives nothing, answer exactly <empty> and ` +
        `nothing else; otherwise write only what ${t} perceives, without <empty>.`,
    ),
  structured: (t: string) =>
    reject(
      `The answer is structured data (JSON or a code block), but plain text was asked for. Write what ` +
        `${t} perceives as plain prose, or exactly <empty>.`,
    ),
  severalAudiences: (t: string, names: readonly string[]) =>
    reject(
      `The answer contains outputs for several audiences (${names.join(', ')}). Write one answer, only ` +
        `for ${t}, as plain prose without name labels.`,
    ),
  saysNothing: (t: string, answer: string) =>
    reject(
      `The answer only says that nothing was perceived ("${answer}"). When ${t} perceives nothing, ` +
        `answer exactly <empty> and nothing else.`,
    ),
  copiedSource: (t: string, speaker: string, excerpt: string, language: StoryLanguage) =>
    reject(
      `The answer is still ${speaker}'s first-person text ("${excerpt}"). Rewrite it as what ${t} ` +
        `perceives, in the second person (for example ${
          language === StoryLanguage.zh ? `"你看见${speaker}……"` : `"You see ${speaker} …"`
        }), or answer <empty> if ${t} perceives nothing.`,
    ),
  targetAuthored: (t: string, finding: Finding) =>
    reject(
      `The answer writes ${t}'s own ${KIND_WORDS[finding.kind]} ("${finding.excerpt}"). ${perceiveOnly(t)}` +
        (finding.kind === 'feeling'
          ? ' Physical sensations ("You feel the floor tremble") are fine; emotions are not.'
          : ''),
    ),
  privateThought: (t: string, excerpt: string) =>
    reject(
      `The answer reveals an unspoken thought ("${excerpt}"). ${t} perceives only what can be seen, ` +
        `heard, smelled, tasted or felt: describe visible actions and words said aloud, not anyone's ` +
        `private thoughts.`,
    ),
};

const ownTurnOnly = (a: string): string =>
  `Write only ${a}'s own turn in the first person: ${a}'s actions, speech and thoughts.`;

export const actorReasons = {
  blank: (a: string) => reject(`The answer is blank. ${ownTurnOnly(a)}`),
  sentinel: (a: string) =>
    reject(
      `The answer uses <empty>, but an actor always authors something. ${ownTurnOnly(a)} Even a ` +
        `small gesture or a pause is a turn.`,
    ),
  structured: (a: string) =>
    reject(
      `The answer is structured data (JSON or a code block), but plain text was asked for. ` + ownTurnOnly(a),
    ),
  speaksFor: (a: string, other: string, line: string) =>
    reject(
      `The answer speaks for ${other} ("${line}"). ${ownTurnOnly(a)} Other participants write their ` +
        `own words and actions.`,
    ),
  actsForOthers: (a: string, excerpt: string) =>
    reject(
      `The answer writes another participant's response ("${excerpt}"). ${ownTurnOnly(a)} Leave ` +
        `everyone else's reactions to them.`,
    ),
};
