// The parsed pieces of one long text (prose-chunks.ts) put together as one parse would have them: a
// line cut in two is one paragraph again wherever it was (in a quote, a list item, nested), the next
// line of a quote goes on in the quote and the next item of a list in the list, and a list and its
// item go on past a blank line. Each join walks the right edge of the tree only, so joining stays linear.
import type { ProseBlock, ProseInline } from './prose-nodes.ts';
import type { ProseChunk } from './prose-chunks.ts';

/** A block of inline text: the paragraphs a join extends. */
export type TextBlock = Extract<ProseBlock, { children: ProseInline[] }>;

/** The paragraph a text's next words would continue: the last one, however deep in quotes and lists. */
function lastParagraph(block: ProseBlock | undefined): TextBlock | null {
  for (let at = block; at !== undefined;) {
    if (at.kind === 'paragraph') return at;
    if (at.kind === 'quote') at = at.children.at(-1);
    else if (at.kind === 'list') at = at.items.at(-1)?.at(-1);
    else return null;
  }
  return null;
}

/**
 * `first`, which began on the line after `last` ended, put into `last` if one parse would have: a line
 * of text continues the paragraph before it (lazily inside a quote or list item), a quote's line goes
 * on in the quote, a list's item in the list. Whether it was.
 */
function joinLine(last: ProseBlock, first: ProseBlock, joined: Set<TextBlock>): boolean {
  if (first.kind === 'paragraph') {
    const paragraph = lastParagraph(last);
    if (paragraph === null) return false;
    paragraph.children.push({ kind: 'break' }, ...first.children);
    joined.add(paragraph);
    return true;
  }
  if (last.kind === 'quote' && first.kind === 'quote') {
    appendLines(last.children, first.children, joined);
    return true;
  }
  if (last.kind === 'list' && first.kind === 'list' && last.ordered === first.ordered) {
    last.items.push(...first.items);
    return true;
  }
  return false;
}

/** The blocks of a piece that began on a new line of the block before it, each joined while one goes in. */
function appendLines(blocks: ProseBlock[], next: ProseBlock[], joined: Set<TextBlock>): void {
  let at = 0;
  // A line that went on in a quote keeps it open, so a quote's line after it goes on in it too.
  for (let last = blocks.at(-1); last !== undefined && at < next.length; last = blocks.at(-1)) {
    if (!joinLine(last, next[at]!, joined)) break;
    at++;
  }
  blocks.push(...next.slice(at));
}

/**
 * Appends the blocks of a piece to the blocks so far as its join says; a paragraph that took words from
 * the piece is added to `joined` (its speech is marked again once all is joined: a quote may span it).
 */
export function joinPiece(
  blocks: ProseBlock[],
  next: ProseBlock[],
  chunk: Pick<ProseChunk, 'join' | 'space'>,
  joined: Set<TextBlock>,
): void {
  const [first, ...rest] = next;
  const last = blocks.at(-1);
  if (first === undefined || last === undefined) {
    blocks.push(...next);
    return;
  }
  switch (chunk.join) {
    case 'none':
      blocks.push(...next);
      return;
    case 'block':
      // A blank line between two items of a list leaves one (loose) list.
      if (last.kind === 'list' && first.kind === 'list' && last.ordered === first.ordered) {
        last.items.push(...first.items);
        blocks.push(...rest);
      } else blocks.push(...next);
      return;
    case 'item':
      // The piece starts with the item's marker again: its first item's blocks are more of the last item.
      if (last.kind === 'list' && first.kind === 'list' && last.ordered === first.ordered) {
        const [more, ...items] = first.items;
        last.items.at(-1)?.push(...(more ?? []));
        last.items.push(...items);
        blocks.push(...rest);
      } else blocks.push(...next);
      return;
    case 'line':
      appendLines(blocks, next, joined);
      return;
    case 'mid': {
      const paragraph = lastParagraph(last);
      if (paragraph === null || first.kind !== 'paragraph') {
        blocks.push(...next);
        return;
      }
      if (chunk.space) paragraph.children.push({ kind: 'text', text: ' ', speech: false });
      paragraph.children.push(...first.children);
      joined.add(paragraph);
      blocks.push(...rest);
      return;
    }
    default:
      chunk.join satisfies never;
  }
}
