// The prose group of `npm run bench`: how long the transcript's Markdown rendering (proseTree, the tree
// ProseText shows) takes on ordinary turns and on the hostile ones of issue 39 (3 KB of `>`, 6 KB of
// `- `, 160 KB of Chinese actions, an unclosed quotation mark). Figures, not assertions: the bounds
// themselves are tested by count in tests/unit/prose-bounds.test.ts and prose-chunks.test.ts.
import { proseTree } from '../../src/app/ui/prose-tree.ts';
import { runGroup } from './group.ts';
import { median, now, progress, round } from './stats.ts';

/** Runs per text after one to warm up: the median is reported. */
const RUNS = 5;
const KB = 1024;

/** `unit` repeated to at least `bytes` of UTF-8: "160 KB" as the issue counts it. */
const toBytes = (unit: string, bytes: number): string =>
  unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
/** `unit` repeated to `chars` characters, cut at a unit's end. */
const toChars = (unit: string, chars: number): string => unit.repeat(Math.floor(chars / unit.length));

const ENGLISH =
  '*She sets the lamp down and looks at the door.* "Nobody comes this way after dark," she says. ' +
  'The wind pulls at the shutters; somewhere below, a dog barks twice and is quiet. ';
const CHINESE =
  '*她把灯放下，看着门口。*“天黑以后没人走这条路，”她说。风吹得窗板作响，楼下有狗叫了两声，又安静了。';

/** The texts, by the name the report shows. */
export const PROSE_TEXTS = {
  english2000: toChars(ENGLISH, 2000),
  chinese2000: toChars(CHINESE, 2000),
  chineseActions160KB: toBytes('*他笑了。*“你好，”她说。', 160 * KB),
  quotedActions160KB: toBytes('*“你好”*', 160 * KB),
  quotes3000: '>'.repeat(3000),
  dashes6KB: '- '.repeat(3000) + 'x',
  unclosedQuote160KB: '“' + toBytes('他笑了，她转身走向门口。', 160 * KB),
} as const;

await runGroup('prose', async () => {
  const figures: Record<string, { chars: number; ms: number }> = {};
  for (const [name, text] of Object.entries(PROSE_TEXTS)) {
    proseTree(text);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = now();
      proseTree(text);
      times.push(now() - start);
    }
    figures[name] = { chars: text.length, ms: round(median(times), 2) };
    progress(`prose ${name}: ${text.length} characters, ${figures[name].ms} ms`);
  }
  return figures;
});
