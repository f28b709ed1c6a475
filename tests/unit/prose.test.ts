// Prose as the transcript reads it: the player's Markdown into blocks and inlines, *actions* as
// emphasis, quoted speech marked (across an emphasis too, Chinese quotes included), a single newline a
// line break, and HTML, links and images only ever text.
import { describe, expect, it } from 'vitest';
import { proseTree, type ProseBlock, type ProseInline } from '../../src/app/ui/prose-tree.ts';
import { speechRuns } from '../../src/app/ui/prose.ts';

const plain = (text: string): ProseInline => ({ kind: 'text', text, speech: false });
const speech = (text: string): ProseInline => ({ kind: 'text', text, speech: true });
const action = (...children: ProseInline[]): ProseInline => ({ kind: 'emphasis', children });
const paragraph = (...children: ProseInline[]): ProseBlock => ({ kind: 'paragraph', children });
const BREAK: ProseInline = { kind: 'break' };

/** Every word the tree shows, in order, as one string. */
const words = (blocks: ProseBlock[]): string => {
  const inline = (node: ProseInline): string =>
    node.kind === 'break' ? '\n' : 'children' in node ? node.children.map(inline).join('') : node.text;
  const block = (node: ProseBlock): string => {
    if (node.kind === 'paragraph' || node.kind === 'heading') return node.children.map(inline).join('');
    if (node.kind === 'quote') return node.children.map(block).join('');
    if (node.kind === 'list') return node.items.flatMap((item) => item.map(block)).join('');
    return node.kind === 'code-block' ? node.text : '';
  };
  return blocks.map(block).join('\n');
};

describe('proseTree', () => {
  it('keeps plain text as one paragraph, and nothing as nothing', () => {
    expect(proseTree('You hear a knock.')).toEqual([paragraph(plain('You hear a knock.'))]);
    expect(proseTree('')).toEqual([]);
  });

  it('reads *actions* as emphasis and **bold** as strong, without their asterisks', () => {
    expect(proseTree('*She smiles.* Then **nothing**.')).toEqual([
      paragraph(
        action(plain('She smiles.')),
        plain(' Then '),
        { kind: 'strong', children: [plain('nothing')] },
        plain('.'),
      ),
    ]);
    expect(proseTree('*他笑了。*你好')).toEqual([paragraph(action(plain('他笑了。')), plain('你好'))]);
  });

  it('makes a single newline a line break, and a blank line a new paragraph', () => {
    expect(proseTree('One line\nthe next\n\nAnother')).toEqual([
      paragraph(plain('One line'), BREAK, plain('the next')),
      paragraph(plain('Another')),
    ]);
  });

  it('reads lists, block quotes, code spans and fenced code', () => {
    expect(proseTree('- bread\n- salt\n\n3. three\n4. four')).toEqual([
      {
        kind: 'list',
        ordered: false,
        start: 1,
        items: [[paragraph(plain('bread'))], [paragraph(plain('salt'))]],
      },
      {
        kind: 'list',
        ordered: true,
        start: 3,
        items: [[paragraph(plain('three'))], [paragraph(plain('four'))]],
      },
    ]);
    expect(proseTree('> She wrote: *come*')).toEqual([
      { kind: 'quote', children: [paragraph(plain('She wrote: '), action(plain('come')))] },
    ]);
    expect(proseTree('Type `*not an action*`\n\n```\nlet x = "1";\n```')).toEqual([
      paragraph(plain('Type '), { kind: 'code', text: '*not an action*' }),
      { kind: 'code-block', text: 'let x = "1";' },
    ]);
  });

  it('keeps an indented line as prose, not code', () => {
    expect(proseTree('    She waits.')).toEqual([paragraph(plain('She waits.'))]);
  });

  it('marks quoted speech and keeps the quotes, in every story language', () => {
    expect(proseTree('She asks, "Who goes there?" and waits.')).toEqual([
      paragraph(plain('She asks, '), speech('"Who goes there?"'), plain(' and waits.')),
    ]);
    expect(proseTree('她说：「你好。」“再见。”')).toEqual([
      paragraph(plain('她说：'), speech('「你好。」“再见。”')),
    ]);
    expect(proseTree('‘I don’t know,’ she says.')).toEqual([
      paragraph(speech('‘I don’t know,’'), plain(' she says.')),
    ]);
  });

  it('nests speech in an action and an action in speech', () => {
    expect(proseTree('*She shouts "Run!"*')).toEqual([
      paragraph(action(plain('She shouts '), speech('"Run!"'))),
    ]);
    expect(proseTree('"I *really* mean it."')).toEqual([
      paragraph(speech('"I '), action(speech('really')), speech(' mean it."')),
    ]);
  });

  it('leaves spaced asterisks and unclosed quotes as they are', () => {
    expect(proseTree('2 * 3 = 6')).toEqual([paragraph(plain('2 * 3 = 6'))]);
    expect(proseTree('*unfinished')).toEqual([paragraph(plain('*unfinished'))]);
    expect(proseTree('He said "wait')).toEqual([paragraph(plain('He said "wait'))]);
  });

  it('keeps HTML as the text it is, and links and images as their words', () => {
    const html = '<img src=x onerror=alert(1)>\n<script>alert(1)</script> <b>bold</b>';
    expect(proseTree(html)).toEqual([
      paragraph(plain('<img src=x onerror=alert(1)>'), BREAK, plain('<script>alert(1)</script> <b>bold</b>')),
    ]);
    expect(words(proseTree('[the map](javascript:alert(1)) ![a lamp](x.png) <http://x.test>'))).toBe(
      'the map a lamp http://x.test',
    );
  });
});

describe('speechRuns', () => {
  it('splits pieces of one paragraph where a quotation opens and closes', () => {
    expect(speechRuns(['He said "so', 'on" and left'])).toEqual([
      [
        { text: 'He said ', speech: false },
        { text: '"so', speech: true },
      ],
      [
        { text: 'on"', speech: true },
        { text: ' and left', speech: false },
      ],
    ]);
  });
});
