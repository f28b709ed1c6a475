// A long turn in pieces of bounded size, parsed one by one: Markdown parsing is not linear on some inputs
// (Chinese with many `*` took 26 s for 160 KB), so no parse may see more than CHUNK_CHARS of prose. Each
// piece says how it continues the text before it, so that prose-join.ts puts the parsed pieces together
// as one parse would have them (a cut paragraph inside a quote or a list stays in it).
import { fencedLines } from './prose-bounds.ts';

/** A longer text is parsed in pieces of at most this many characters of prose (a code fence is one piece). */
export const CHUNK_CHARS = 2000;

/**
 * How a piece continues the text before it: `none` (the first), `block` (after a blank line), `item`
 * (after a blank line, indented into the list item before it: the piece starts with that item's
 * marker), `line` (on the next line of the same block), `mid` (inside a line cut in two; `space` if
 * white space was cut).
 */
export type PieceJoin = 'none' | 'block' | 'item' | 'line' | 'mid';

export interface ProseChunk {
  text: string;
  join: PieceJoin;
  space: boolean;
}

/** A list item's marker at the start of a line, with the spaces after it: how far its content is indented. */
const ITEM_START = /^(?:[-*+]|\d{1,9}[.)])(?: {1,4}(?=\S)| ?$)/;
const LEADING_SPACES = /^ */;
const indentOf = (line: string): number => LEADING_SPACES.exec(line)?.[0].length ?? 0;

type Line = { line: string; fenced: boolean };

/** A line that starts a block of its own: not indented into a list item, it ends the item. */
const OWN_BLOCK = /^ {0,3}(?:>|#{1,6}(?:[ \t]|$)|(?:[-*_][ \t]*){3,}$)/;

/**
 * The marker (with its spaces: as wide as its content is indented) of the list item still open after
 * the block, given the one open before it: the last item the block starts at the margin, unless a line
 * after it starts a block of its own less indented than its content.
 */
function itemAfter(lines: readonly Line[], open: string | null): string | null {
  let marker = open;
  for (const { line, fenced } of lines) {
    const item = fenced ? null : ITEM_START.exec(line);
    if (item) marker = item[0];
    else if (marker !== null && indentOf(line) < marker.length && (fenced || OWN_BLOCK.test(line)))
      marker = null;
  }
  return marker;
}

/** A thematic break however long: parsed whole (linear), never cut. */
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** What would start a block at the beginning of a cut line's next piece (it is escaped, so it stays text). */
const BLOCK_START = /^(\s*)(?=[>#]|[-*+][ \t]|[-*+]$|\d{1,9}[.)](?:[ \t]|$)|`{3}|~{3}|(?:[-*_][ \t]*){3,}$)/;

/** The piece with its start escaped if it would start a block: it continues a line. */
function continuing(piece: string): string {
  const start = BLOCK_START.exec(piece);
  if (!start) return piece;
  const at = start[0].length;
  const escapeAt = /^\d/.test(piece.charAt(at)) ? at + (/^\d+/.exec(piece.slice(at))?.[0].length ?? 0) : at;
  return `${piece.slice(0, escapeAt)}\\${piece.slice(escapeAt)}`;
}

/** A sentence's end, with the quotes and brackets that close on it. */
const SENTENCE_END = /[.!?。！？…]["'”’」』)）]*/g;
const EMPHASIS_MARK = /[*_]/;

/**
 * Where to cut a line longer than CHUNK_CHARS: after the last sentence end before the limit where the `*`
 * and `_` so far are even (so an *action* is not cut in two), or at the last space, or at the limit.
 */
function cutAt(text: string, from: number): number {
  const window = text.slice(from, from + CHUNK_CHARS);
  const odd = { '*': false, _: false };
  let counted = 0;
  const evenAt = (at: number): boolean => {
    for (; counted < at; counted++) {
      const mark = window.charAt(counted);
      if (mark === '*' || mark === '_') odd[mark] = !odd[mark];
    }
    return !odd['*'] && !odd._;
  };
  let cut = -1;
  for (const end of window.matchAll(SENTENCE_END)) {
    let after = end.index + end[0].length;
    if (after >= window.length) break;
    if (evenAt(after)) cut = after;
    while (after < window.length && EMPHASIS_MARK.test(window.charAt(after))) after++;
    if (after < window.length && evenAt(after)) cut = after;
  }
  if (cut > 0) return from + cut;
  const space = window.lastIndexOf(' ');
  return space > 0 ? from + space + 1 : from + window.length;
}

/** A line too long to parse whole, in pieces: the first as it is, the others continuing it. */
function cutLine(line: string, join: PieceJoin, chunks: ProseChunk[]): void {
  let space = false;
  for (let from = 0; from < line.length;) {
    const to = line.length - from <= CHUNK_CHARS ? line.length : cutAt(line, from);
    const piece = line.slice(from, to);
    if (from === 0) chunks.push({ text: piece, join, space: false });
    else {
      const text = piece.trimStart();
      chunks.push({ text: continuing(text), join: 'mid', space: space || text.length < piece.length });
    }
    space = /\s$/.test(piece);
    from = to;
  }
}

/**
 * The units a block is cut between: each line, but a fenced code block whole (its parse is linear, and
 * cut it would not be code) and a thematic break whole.
 */
function blockUnits(lines: readonly Line[]): string[] {
  const units: string[] = [];
  let fence: string[] = [];
  for (const { line, fenced } of lines) {
    if (fenced) fence.push(line);
    else {
      if (fence.length > 0) units.push(fence.join('\n'));
      fence = [];
      units.push(line);
    }
  }
  if (fence.length > 0) units.push(fence.join('\n'));
  return units;
}

/** A block longer than CHUNK_CHARS: its lines gathered up to CHUNK_CHARS, a longer line cut. */
function cutBlock(lines: readonly Line[], first: PieceJoin, chunks: ProseChunk[]): void {
  let join = first;
  let gathered: string | null = null;
  const flush = (): void => {
    if (gathered === null) return;
    chunks.push({ text: gathered, join, space: false });
    gathered = null;
    join = 'line';
  };
  for (const unit of blockUnits(lines)) {
    if (gathered !== null && gathered.length + unit.length + 1 > CHUNK_CHARS) flush();
    if (unit.length <= CHUNK_CHARS || unit.includes('\n') || RULE.test(unit)) {
      gathered = gathered === null ? unit : `${gathered}\n${unit}`;
      continue;
    }
    flush();
    cutLine(unit, join, chunks);
    join = 'line';
  }
  flush();
}

/** The blocks of a text: its lines split at blank lines outside fenced code. */
function blankLineBlocks(markdown: string): Line[][] {
  const blocks: Line[][] = [];
  let current: Line[] = [];
  for (const entry of fencedLines(markdown)) {
    if (!entry.fenced && entry.line.trim() === '') {
      if (current.length > 0) blocks.push(current);
      current = [];
    } else current.push(entry);
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

/**
 * The text in pieces to parse one by one: one piece when short; else its blocks (split at blank lines
 * outside fenced code) gathered up to CHUNK_CHARS, a longer block cut between lines, a longer line at a
 * sentence end.
 */
export function proseChunks(markdown: string): ProseChunk[] {
  if (markdown.length <= CHUNK_CHARS) return [{ text: markdown, join: 'none', space: false }];
  const chunks: ProseChunk[] = [];
  let gathered: string | null = null;
  let join: PieceJoin = 'none';
  const flush = (): void => {
    if (gathered !== null) chunks.push({ text: gathered, join, space: false });
    gathered = null;
  };
  // The last list item's marker while a block indented as far as its content would be more of it.
  let item: string | null = null;
  for (let lines of blankLineBlocks(markdown)) {
    const first = lines[0]!;
    const inItem: boolean = item !== null && indentOf(first.line) >= item.length;
    let text = lines.map(({ line }) => line).join('\n');
    if (gathered !== null && gathered.length + text.length + 2 > CHUNK_CHARS) flush();
    if (gathered === null) {
      join = chunks.length === 0 ? 'none' : inItem ? 'item' : 'block';
      // Parsed alone, a piece inside an item starts with its marker again, in place of its indent: its
      // lines then stay in the item or leave it as they would have (prose-join.ts takes the item's blocks).
      if (inItem && item !== null) {
        lines = [{ ...first, line: item + first.line.trimStart() }, ...lines.slice(1)];
        text = lines.map(({ line }) => line).join('\n');
      }
    }
    item = itemAfter(lines, inItem ? item : null);
    if (text.length <= CHUNK_CHARS) {
      gathered = gathered === null ? text : `${gathered}\n\n${text}`;
      continue;
    }
    flush();
    cutBlock(lines, join, chunks);
  }
  flush();
  return chunks;
}
