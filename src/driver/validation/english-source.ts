// Reading an English projection against its source (V8–V10): which words carry content, whether the
// source holds them, and the marks of earlier events retold. Framing and function words never count.

import { PERCEPTION_VERBS } from './english-words.ts';
import { baseForms, isAdverb } from './english.ts';
import { cachedRegExp, escapeRegExp } from './regexp.ts';
import { spansBetween } from './shape.ts';
import type { SourceReading, Span } from './types.ts';

const words = (list: string): ReadonlySet<string> => new Set(list.trim().split(/\s+/));

const FUNCTION_WORDS = words(`a an the this that these those there here it its i me my mine myself you
  your yours yourself he him his himself she her hers herself they them their theirs themselves we us our
  who whom whose which what where when why how and or but nor so yet then than as at by for from in into
  onto on off of to toward towards up down out over under through across around about above below behind
  beside between beyond near past along against within without with upon after before while until again is
  are was were be been being am have has had do does did will would can could shall should may might must
  not no just only also very too some any something someone somebody anything anyone nothing everything
  all each every both either neither one other another own same such more most much many few little lot
  back away still even ever now once if because though although whether like way s t ll d re ve m`);

/**
 * What a projector says of how the target perceives, and the plain nouns it renders a source by ("a
 * voice", "a figure", "footsteps"): a paraphrase of the source needs them, so they never count.
 */
const FRAMING_WORDS = words(`sound noise voice footstep movement motion shape figure shadow silhouette
  person people man woman stranger hand face eye head gaze corner side moment sudden quiet loud faint soft
  low muffled distant nearby close direction sight glimpse hint trace shout cry scream yell whisper murmur
  rustle creak thud thump crash bang clatter look`);

/** Openers of a part told as what happens next ("Then the roof collapses"). */
const NEXT_WORDS = 'then|afterwards|afterward|later|moments later|soon after';
const NEXT_EVENT = new RegExp(String.raw`[,;\u2014]?\s*\b(?:${NEXT_WORDS})\b`, 'gi');
const OPENS_NEXT = new RegExp(String.raw`^[\s,;\u2014]*(?:${NEXT_WORDS})\b`, 'i');
const PART_END = /[.!?\n]+/g;

/** Characters a source word and an answer word may share at the start to count as one word's forms. */
const SHARED_STEM = 5;

function tokensOf(text: string): string[] {
  return (
    text
      .toLowerCase()
      .replace(/\u2019/g, "'")
      .match(/[a-z0-9]+/g) ?? []
  ).filter((w) => w !== '');
}

const isFraming = (word: string): boolean =>
  FUNCTION_WORDS.has(word) ||
  isAdverb(word) ||
  baseForms(word).some((f) => FRAMING_WORDS.has(f) || PERCEPTION_VERBS.has(f));

const parts = (masked: string): Span[] =>
  spansBetween(masked, [
    ...[...masked.matchAll(PART_END)].map((m) => m.index + m[0].length),
    ...[...masked.matchAll(NEXT_EVENT)].map((m) => m.index),
  ]);

function supportOf(source: string): (word: string) => boolean {
  const forms = new Set(tokensOf(source).flatMap(baseForms));
  const stems = new Set(
    [...forms].filter((w) => w.length >= SHARED_STEM).map((w) => w.slice(0, SHARED_STEM)),
  );
  return (word) =>
    baseForms(word).some((f) => forms.has(f)) ||
    (word.length >= SHARED_STEM && stems.has(word.slice(0, SHARED_STEM)));
}

const RETOLD_TIMES = [
  /\bearlier\s+(?:that|this|in\s+the)\s+(?:night|day|morning|evening|afternoon|week)\b/i,
  // "hours before dawn" tells when, not what happened: "before" counts only with nothing after it.
  /\b(?:hours|days|weeks|months|years)\s+(?:earlier|ago|before(?=\s*(?:[,.;!?]|$)))/im,
  /\bthe\s+(?:night|day|evening|morning)\s+before\b/i,
  /(?<=^|[.!?]\s+)(?:earlier|previously|before\s+that),/im,
];

/** Past participles that do not end in "-ed"; a word ending in "-en" may be a noun ("had seven", "had children"). */
const PARTICIPLES = words(`been done gone seen taken given hidden written eaten fallen forgotten gotten broken
  spoken stolen chosen driven risen woken beaten bitten shaken thrown shown known grown drawn left put set
  sent kept lost found made told said brought bought caught taught thought felt heard held led met paid read
  sold slept stood struck won come run become begun hid fled`);
/** Shorter words ending in "-ed" are not participles: "had red hair". */
const MIN_ED_PARTICIPLE = 5;

/** "Jess had hidden", "she had already left": a participant's deed told as done before now. */
function pastPerfect(masked: string, names: readonly string[]): number | null {
  const subjects = ['he', 'she', 'they', ...names.map(escapeRegExp)].join('|');
  const pattern = cachedRegExp(
    `en past perfect\u0000${subjects}`,
    () =>
      new RegExp(
        String.raw`\b(?:${subjects})\s+had\s+(?:(?:already|earlier|once|secretly|long)\s+)?([a-z]+)`,
        'gi',
      ),
  );
  for (const m of masked.matchAll(pattern)) {
    const verb = (m[1] ?? '').toLowerCase();
    const participle = PARTICIPLES.has(verb) || (verb.endsWith('ed') && verb.length >= MIN_ED_PARTICIPLE);
    if (participle) return m.index;
  }
  return null;
}

export const englishSource: SourceReading = {
  parts,
  opensNextEvent: (part) => OPENS_NEXT.test(part),
  contentOf(text, known) {
    const skip = new Set(known.flatMap(tokensOf));
    return tokensOf(text).filter((w) => !skip.has(w) && !isFraming(w));
  },
  supportOf,
  mentions: (source, name) =>
    cachedRegExp(`en mention\u0000${name}`, () => new RegExp(`\\b${escapeRegExp(name)}\\b`, 'i')).test(
      source,
    ),
  retoldEarlier(masked, names) {
    const at = RETOLD_TIMES.map((p) => p.exec(masked)?.index).find((i) => i !== undefined);
    return at ?? pastPerfect(masked, names);
  },
  minUnsupported: 4,
};
