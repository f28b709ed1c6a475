// Reading a Chinese projection against its source (V8–V10). Chinese has no spaces, so content is
// counted in characters: a character the source holds anywhere counts as held, which errs to accepting.

import { CONNECTIVES, PERCEPTION_PREFIXES } from './chinese-words.ts';
import { spansBetween } from './shape.ts';
import type { SourceReading, Span } from './types.ts';

const HAN = /\p{Script=Han}/gu;
/** Characters that carry grammar, direction or a pronoun rather than what happens. */
const FUNCTION_CHARACTERS = new Set(
  '的了着过得地在是有和与跟把被给向往从到对也都就又还才很更最这那个些一不没你我他她它们上下来去进出里外中时候将让使呢吗吧啊呀么之而及其于以为所起',
);
/** What a projector renders a source by (一阵声音, 烟味, 人影): a paraphrase needs them, so they never count. */
const SENSORY_CHARACTERS = new Set('声音响味动静影');
/** Openers of a part told as what happens next (接着屋顶塌了下来). */
const NEXT_WORDS = '紧接着|接着|然后|随后|过了一会儿|片刻之后|片刻后|不久之后|不久';
const NEXT_EVENT = new RegExp(`[，,]?(?:${NEXT_WORDS})`, 'g');
const OPENS_NEXT = new RegExp(`^[\\s，,]*(?:${NEXT_WORDS})`);
const PART_END = /[。！？!?\n]+/g;
const FRAMING = [...PERCEPTION_PREFIXES, ...CONNECTIVES].sort((a, b) => b.length - a.length);

const RETOLD = [
  /先前|早些时候|早先|此前|事先|在此之前|前一天|前一晚|前一夜|几个小时前|几天前|早在/,
  /之前[^。！？\n]*已经/,
];

const parts = (masked: string): Span[] =>
  spansBetween(masked, [
    ...[...masked.matchAll(PART_END)].map((m) => m.index + m[0].length),
    ...[...masked.matchAll(NEXT_EVENT)].map((m) => m.index),
  ]);

function contentOf(text: string, known: readonly string[]): string[] {
  let rest = text;
  for (const phrase of [...known, ...FRAMING]) rest = rest.split(phrase).join(' ');
  return (rest.match(HAN) ?? []).filter((c) => !FUNCTION_CHARACTERS.has(c) && !SENSORY_CHARACTERS.has(c));
}

export const chineseSource: SourceReading = {
  parts,
  opensNextEvent: (part) => OPENS_NEXT.test(part),
  contentOf,
  supportOf(source) {
    const held = new Set(source.match(HAN) ?? []);
    return (character) => held.has(character);
  },
  mentions: (source, name) => source.includes(name),
  retoldEarlier: (masked) => RETOLD.map((p) => p.exec(masked)?.index).find((i) => i !== undefined) ?? null,
  minUnsupported: 6,
};
