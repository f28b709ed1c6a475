// A long text parsed in pieces (prose-chunks.ts) and joined again (prose-join.ts) gives the tree one
// parse of the whole would: a long line cut inside a block quote or a list item stays in it, the lines
// and items after a cut stay in their quote and list, and a block holding a code fence is cut around the
// fence too, so no parse sees more than CHUNK_CHARS of prose.
import { describe, expect, it, vi } from 'vitest';
import type { ProseBlock, ProseInline } from '../../src/app/ui/prose-tree.ts';

const parses = vi.hoisted(() => ({ lengths: [] as number[], whole: false }));
vi.mock('mdast-util-from-markdown', async (original) => {
  const real = await original<typeof import('mdast-util-from-markdown')>();
  return {
    ...real,
    fromMarkdown: (value: string, options: never) => {
      parses.lengths.push(value.length);
      return real.fromMarkdown(value, options);
    },
  };
});
// `whole` parses the text in one piece: the tree a chunked parse must give.
vi.mock('../../src/app/ui/prose-chunks.ts', async (original) => {
  const real = await original<typeof import('../../src/app/ui/prose-chunks.ts')>();
  return {
    ...real,
    proseChunks: (text: string) =>
      parses.whole ? [{ text, join: 'none', space: false }] : real.proseChunks(text),
  };
});

import { mulberry32, type Rng } from '../support/prng.ts';

const { proseTree } = await import('../../src/app/ui/prose-tree.ts');
const { CHUNK_CHARS } = await import('../../src/app/ui/prose-chunks.ts');

/** The tree with adjacent text runs of the same kind as one: where a text was cut is not what it shows. */
function normal(blocks: ProseBlock[]): ProseBlock[] {
  const inlines = (nodes: ProseInline[]): ProseInline[] =>
    nodes.reduce<ProseInline[]>((out, node) => {
      const last = out.at(-1);
      if (node.kind === 'text' && last?.kind === 'text' && last.speech === node.speech)
        out[out.length - 1] = { ...last, text: last.text + node.text };
      else out.push('children' in node ? { ...node, children: inlines(node.children) } : node);
      return out;
    }, []);
  return blocks.map((block): ProseBlock => {
    switch (block.kind) {
      case 'paragraph':
      case 'heading':
        return { ...block, children: inlines(block.children) };
      case 'quote':
        return { ...block, children: normal(block.children) };
      case 'list':
        return { ...block, items: block.items.map(normal) };
      default:
        return block;
    }
  });
}

/** The text parsed in pieces, the sizes of the parses, and the text parsed whole. */
function both(text: string): { chunked: ProseBlock[]; lengths: number[]; whole: ProseBlock[] } {
  parses.lengths = [];
  const chunked = normal(proseTree(text));
  const lengths = [...parses.lengths];
  parses.whole = true;
  try {
    return { chunked, lengths, whole: normal(proseTree(text)) };
  } finally {
    parses.whole = false;
  }
}

const sentences = (count: number, word = 'rain'): string =>
  Array.from(
    { length: count },
    (_, i) => `The ${word} fell on the roof ${i} times, "softly," she said.`,
  ).join(' ');
const lines = (count: number, line: (i: number) => string): string =>
  Array.from({ length: count }, (_, i) => line(i)).join('\n');

describe('a long text parsed in pieces', () => {
  it.each([
    ['a quote of one long line', `> ${sentences(120)}`],
    ['a quote of many lines', lines(200, (i) => `> Line ${i} of the letter, "read aloud."`)],
    ['a quote with lazy lines', lines(300, (i) => (i % 2 ? `lazy line ${i}.` : `> quoted line ${i}.`))],
    ['a list item of one long line, then another item', `- ${sentences(120)}\n- the last item`],
    ['a tight list of many items', lines(300, (i) => `- item ${i}, a few words.`)],
    ['an ordered list with a long item', `1. first\n2. ${sentences(120)}\n3. third`],
    ['a list in a quote with a long item', `> - short\n> - ${sentences(120)}\n> - after`],
    ['a loose list across blank lines', lines(250, (i) => `- item ${i}, loosely.\n`)],
    ['Chinese actions in a quote', `> ${'*他笑了。*“你好，”她说。'.repeat(400)}`],
    [
      'a block of lines with a code fence in it',
      `${lines(500, (i) => `Prose ${i}.`)}\n\`\`\`\ncode\n\`\`\`\nAfter.`,
    ],
  ])('[prose] %s: the same tree as one parse, no parse over CHUNK_CHARS', (_, text) => {
    expect(text.length).toBeGreaterThan(2 * CHUNK_CHARS);
    const { chunked, lengths, whole } = both(text);
    expect(lengths.length).toBeGreaterThan(1);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(CHUNK_CHARS);
    expect(chunked).toEqual(whole);
  });

  it('a long line in a quote is one paragraph of one quote', () => {
    const tree = proseTree(`> ${sentences(120)}`);
    expect(tree).toHaveLength(1);
    expect(tree[0]?.kind === 'quote' && tree[0].children.map((block) => block.kind)).toEqual(['paragraph']);
  });

  it('a block with a fence larger than CHUNK_CHARS: the fence parsed alone and whole, the prose in pieces', () => {
    const fence = '```\n' + lines(500, (i) => `code line ${i}`) + '\n```';
    const text = `${lines(150, (i) => `Prose ${i}.`)}\n${fence}\n${lines(150, (i) => `After ${i}.`)}`;
    const { chunked, lengths, whole } = both(text);
    expect(lengths.filter((length) => length > CHUNK_CHARS)).toEqual([fence.length]);
    expect(chunked).toEqual(whole);
    expect(chunked.map((block) => block.kind)).toEqual(['paragraph', 'code-block', 'paragraph']);
  });
});

describe('random long prose', () => {
  const PREFIXES = ['', '', '> ', '> > ', '- ', '1. ', '> - ', '- > ', '  ', '   '];
  const SENTENCES = [
    'The gate creaks.',
    '*She waits.*',
    '"Who is there?" he asks.',
    '“你好。”',
    '*他笑了。*',
  ];
  /** A story-like text of quotes, lists and long lines, over 8 KB. */
  function story(rng: Rng): string {
    const out: string[] = [];
    for (let size = 0; size < 8000;) {
      const words = Array.from({ length: 1 + rng.int(rng.chance(0.2) ? 120 : 8) }, () => rng.pick(SENTENCES));
      const line = rng.pick(PREFIXES) + words.join(' ');
      out.push(line, rng.chance(0.3) ? '\n\n' : '\n');
      size += line.length + 1;
    }
    return out.join('');
  }

  it.each(Array.from({ length: 40 }, (_, seed) => seed))(
    '[prose] seed %i: the same tree as one parse',
    (seed) => {
      const { chunked, lengths, whole } = both(story(mulberry32(seed)));
      expect(Math.max(...lengths)).toBeLessThanOrEqual(CHUNK_CHARS);
      expect(chunked).toEqual(whole);
    },
  );
});
