// Any text renders in bounded depth and linear work: nesting past MAX_NESTING shows as text, a long text
// is parsed in chunks of bounded size (no parse sees more than CHUNK_CHARS but a fenced code block), and
// unclosed quotation marks are looked for to the end once. Counted, not timed: the timing is in
// tests/bench/prose.ts.
import { describe, expect, it, vi } from 'vitest';
import type { ProseBlock, ProseInline } from '../../src/app/ui/prose-tree.ts';

const parses = vi.hoisted(() => ({ lengths: [] as number[], closes: 0 }));
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
vi.mock('../../src/driver/i18n/lists.ts', async (original) => {
  const real = await original<typeof import('../../src/driver/i18n/lists.ts')>();
  return {
    ...real,
    closesQuotation: (text: string, index: number, closer: string) => {
      parses.closes++;
      return real.closesQuotation(text, index, closer);
    },
  };
});

const { proseTree } = await import('../../src/app/ui/prose-tree.ts');
const { speechRuns } = await import('../../src/app/ui/prose.ts');
const { MAX_NESTING } = await import('../../src/app/ui/prose-bounds.ts');
const { CHUNK_CHARS } = await import('../../src/app/ui/prose-chunks.ts');

function depth(blocks: ProseBlock[]): number {
  const inline = (node: ProseInline): number =>
    'children' in node ? 1 + Math.max(0, ...node.children.map(inline)) : 0;
  const block = (node: ProseBlock): number => {
    if (node.kind === 'quote') return 1 + depth(node.children);
    if (node.kind === 'list') return 1 + Math.max(0, ...node.items.map(depth));
    return node.kind === 'paragraph' || node.kind === 'heading'
      ? Math.max(0, ...node.children.map(inline))
      : 0;
  };
  return Math.max(0, ...blocks.map(block));
}

function words(blocks: ProseBlock[]): string {
  const inline = (node: ProseInline): string =>
    node.kind === 'break' ? '\n' : 'children' in node ? node.children.map(inline).join('') : node.text;
  const block = (node: ProseBlock): string => {
    if (node.kind === 'paragraph' || node.kind === 'heading') return node.children.map(inline).join('');
    if (node.kind === 'quote') return words(node.children);
    if (node.kind === 'list') return node.items.map(words).join('');
    return node.kind === 'code-block' ? node.text : '';
  };
  return blocks.map(block).join('');
}

describe('prose bounds', () => {
  it('3 KB of > nest MAX_NESTING quotes deep, the rest as text', () => {
    const tree = proseTree('>'.repeat(3000));
    expect(depth(tree)).toBe(MAX_NESTING);
    expect(words(tree)).toBe('>'.repeat(3000 - MAX_NESTING));
  });

  it('6 KB of "- " before a word nest MAX_NESTING lists deep, the rest as text', () => {
    const tree = proseTree('- '.repeat(3000) + 'x');
    expect(depth(tree)).toBe(MAX_NESTING);
    // A line this long is parsed in pieces: the spaces at the cuts are not kept.
    expect(words(tree).replaceAll(' ', '')).toBe('-'.repeat(3000 - MAX_NESTING) + 'x');
  });

  it('a line of - - - stays a rule however long', () => {
    expect(proseTree('- '.repeat(3000))).toEqual([{ kind: 'rule' }]);
  });

  it('100 KB of nested quotes, lists and emphasis, and a list indented deeper each line, stay shallow', () => {
    const mixed = '> - 1. * '.repeat(11_000) + '*a '.repeat(200) + 'b' + ' c*'.repeat(200);
    const indented = Array.from({ length: 300 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n');
    for (const text of [mixed, indented]) {
      expect(text.length).toBeGreaterThan(80_000);
      const tree = proseTree(text);
      expect(depth(tree)).toBeLessThanOrEqual(2 * 32);
      expect(words(tree)).toContain(text === indented ? 'level 299' : 'b');
    }
  });

  it('160 KB of Chinese actions is parsed in chunks of at most CHUNK_CHARS, as one paragraph', () => {
    const text = '*他笑了。*“你好，”她说。'.repeat(4000);
    parses.lengths = [];
    const tree = proseTree(text);
    expect(parses.lengths.length).toBeGreaterThan(1);
    expect(Math.max(...parses.lengths)).toBeLessThanOrEqual(CHUNK_CHARS);
    expect(tree).toHaveLength(1);
    expect(words(tree)).toBe(text.replaceAll('*', ''));
    const speech = (tree[0]?.kind === 'paragraph' ? tree[0].children : []).filter(
      (node) => node.kind === 'text' && node.speech,
    );
    expect(speech).toHaveLength(4000);
  });

  it('paragraphs are gathered into chunks, a fenced code block is never cut', () => {
    const code = '```\n' + 'line\n\n'.repeat(1000) + '```';
    const unit = ['one *two*', 'x'.repeat(1500), code, 'after'].join('\n\n');
    const text = [unit, unit, unit].join('\n\n');
    parses.lengths = [];
    const tree = proseTree(text);
    expect(tree.filter((node) => node.kind === 'code-block')).toHaveLength(3);
    expect(tree.filter((node) => node.kind === 'paragraph')).toHaveLength(9);
  });

  it('many unclosed quotation marks are looked through a bounded number of times', () => {
    parses.closes = 0;
    const pieces = ['“他笑了'.repeat(5000)];
    expect(speechRuns(pieces)[0]).toEqual([{ text: pieces[0], speech: false }]);
    expect(parses.closes).toBeLessThanOrEqual(2 * pieces[0]!.length);
  });
});
