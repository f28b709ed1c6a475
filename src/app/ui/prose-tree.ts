// Prose as players write it, read as Markdown (CommonMark, by mdast-util-from-markdown) into a small
// tree of what the view shows: paragraphs, lists, block quotes, code, emphasis (the roleplay *action*),
// strong, line breaks and quoted speech. Markup never gets through: HTML is not parsed at all (it stays
// text), links and images keep only their words, so model output and imported text are only text.
// Any text renders in bounded depth and linear time: prose-bounds.ts bounds nesting, prose-chunks.ts cuts
// a long text into pieces parsed alone and prose-join.ts joins them, and a node deeper than the tree
// shows becomes its words.
import { fromMarkdown } from 'mdast-util-from-markdown';
import { cjkFriendlyExtension } from 'micromark-extension-cjk-friendly';
import type { Nodes, PhrasingContent, RootContent } from 'mdast';
import { speechRuns } from './prose.ts';
import { boundNesting } from './prose-bounds.ts';
import { proseChunks } from './prose-chunks.ts';
import { joinPiece, type TextBlock } from './prose-join.ts';
import type { ProseBlock, ProseInline } from './prose-nodes.ts';

export type { ProseBlock, ProseInline };

const OPTIONS = {
  extensions: [
    // `*他笑了。*你好` is an action too: CommonMark alone would not close emphasis after 。 before a letter.
    cjkFriendlyExtension(),
    // HTML stays text (so `<b>` shows as typed); an indented line is prose, not code, in a story.
    { disable: { null: ['htmlFlow', 'htmlText', 'codeIndented'] } },
  ],
};

const LINE_BREAK = '\n';
/** Blocks (quotes, lists) nest this deep in the tree at most; deeper, a block is its words. */
const MAX_BLOCK_DEPTH = 32;
/** Emphasis and strong nest this deep at most; deeper, an inline is its words. */
const MAX_INLINE_DEPTH = 16;

/** The words of a node we do not show as such (a link's, an image's alt, anything too deep); iterative. */
function plainText(node: Nodes): string {
  const words: string[] = [];
  const stack: Nodes[] = [node];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if ('children' in next) stack.push(...[...next.children].reverse());
    else if (next.type === 'image' || next.type === 'imageReference') words.push(next.alt ?? '');
    else if ('value' in next) words.push(next.value);
  }
  return words.join('');
}

/** A text with its newlines as line breaks: a single newline is a line break, as players write. */
function textWithBreaks(text: string): ProseInline[] {
  return text.split(LINE_BREAK).flatMap((line, i): ProseInline[] => {
    const piece: ProseInline[] = line ? [{ kind: 'text', text: line, speech: false }] : [];
    return i === 0 ? piece : [{ kind: 'break' }, ...piece];
  });
}

function inline(node: PhrasingContent, depth: number): ProseInline[] {
  switch (node.type) {
    case 'emphasis':
    case 'strong':
      if (depth >= MAX_INLINE_DEPTH) return textWithBreaks(plainText(node));
      return [{ kind: node.type, children: node.children.flatMap((child) => inline(child, depth + 1)) }];
    case 'break':
      return [{ kind: 'break' }];
    case 'inlineCode':
      return [{ kind: 'code', text: node.value }];
    case 'text':
    case 'html':
      return textWithBreaks(node.value);
    default:
      return textWithBreaks(plainText(node));
  }
}

/** The text leaves of a paragraph, in reading order (code spans are never speech). */
function textLeaves(inlines: ProseInline[]): Array<ProseInline & { kind: 'text' }> {
  return inlines.flatMap((node) => {
    if (node.kind === 'text') return [node];
    return node.kind === 'emphasis' || node.kind === 'strong' ? textLeaves(node.children) : [];
  });
}

/** Splits the paragraph's text into speech and narration; a quote may span an emphasis. */
function withSpeech(inlines: ProseInline[]): ProseInline[] {
  const leaves = textLeaves(inlines);
  const split = speechRuns(leaves.map((leaf) => leaf.text));
  const runs = new Map(leaves.map((leaf, i) => [leaf, split[i] ?? []]));
  const rebuild = (nodes: ProseInline[]): ProseInline[] =>
    nodes.flatMap((node): ProseInline[] => {
      if (node.kind === 'text') return (runs.get(node) ?? []).map((run) => ({ kind: 'text', ...run }));
      if (node.kind === 'emphasis' || node.kind === 'strong')
        return [{ ...node, children: rebuild(node.children) }];
      return [node];
    });
  return rebuild(inlines);
}

function block(node: RootContent, depth: number): ProseBlock[] {
  const inner = (child: RootContent): ProseBlock[] => block(child, depth + 1);
  if (depth >= MAX_BLOCK_DEPTH)
    return [{ kind: 'paragraph', children: withSpeech(textWithBreaks(plainText(node))) }];
  switch (node.type) {
    case 'paragraph':
    case 'heading':
      return [{ kind: node.type, children: withSpeech(node.children.flatMap((child) => inline(child, 0))) }];
    case 'blockquote':
      return [{ kind: 'quote', children: node.children.flatMap(inner) }];
    case 'list':
      return [
        {
          kind: 'list',
          ordered: node.ordered === true,
          start: node.start ?? 1,
          items: node.children.map((item) => item.children.flatMap(inner)),
        },
      ];
    case 'code':
      return [{ kind: 'code-block', text: node.value }];
    case 'thematicBreak':
      return [{ kind: 'rule' }];
    case 'definition':
      return [];
    default:
      return [{ kind: 'paragraph', children: withSpeech(textWithBreaks(plainText(node))) }];
  }
}

/** The blocks of one bounded piece of Markdown. */
function parsed(markdown: string): ProseBlock[] {
  return fromMarkdown(markdown, OPTIONS).children.flatMap((node) => block(node, 0));
}

/** The blocks of `markdown`, as the view shows them; its pieces joined as one parse would have them. */
export function proseTree(markdown: string): ProseBlock[] {
  const blocks: ProseBlock[] = [];
  const joined = new Set<TextBlock>();
  for (const chunk of proseChunks(boundNesting(markdown)))
    joinPiece(blocks, parsed(chunk.text), chunk, joined);
  // Speech is marked again once over each joined paragraph: a quote may span the cut.
  for (const paragraph of joined) paragraph.children = withSpeech(paragraph.children);
  return blocks;
}
