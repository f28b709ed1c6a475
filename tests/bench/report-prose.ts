// The prose group's table (tests/bench/prose.ts): how long rendering a turn's Markdown takes, by text.
import { fmt, type Section } from './report-sections.ts';
import type { Report } from './report.ts';

/** What each text of the group is, as the table says it. */
const LABELS: Record<string, string> = {
  english2000: 'ordinary English, 2,000 characters',
  chinese2000: 'ordinary Chinese with actions, 2,000 characters',
  chineseActions160KB: 'Chinese, an *action* in every sentence, 160 KB',
  quotedActions160KB: '*“你好”* over and over, 160 KB',
  quotes3000: '3,000 `>`',
  dashes6KB: '6 KB of `- `, then a word',
  unclosedQuote160KB: 'an unclosed “ before 160 KB of Chinese',
};

export function proseSection(r: Report): Section {
  const figures = Object.entries(r.prose).filter(([name]) => name !== 'error') as Array<
    [string, { chars?: number; ms?: number }]
  >;
  return {
    title: "Prose: a turn's Markdown rendered (proseTree, what the transcript shows), in Node",
    head: ['text', 'characters', 'ms'],
    rows: figures.map(([name, f]) => [LABELS[name] ?? name, fmt(f.chars), fmt(f.ms, 2)]),
    note: `median of 5 runs after one; ${typeof r.prose.error === 'string' ? r.prose.error : 'before issue 39 the 160 KB of Chinese actions took 26 s and 3 KB of > overflowed the stack'}`,
  };
}
