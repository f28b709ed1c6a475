// Bounds on the Markdown of a turn before it is parsed, so that any text (a Story JSON, a peer's edit, a
// model's answer) renders in bounded depth and linear time: container markers nested past a depth are
// escaped into text, and a long text is parsed in chunks of bounded size (Markdown parsing is not linear
// on some inputs, e.g. Chinese with many `*`; each chunk bounded makes the whole linear).

/** Block quotes and lists nest this deep at most; a deeper marker shows as the character it is. */
export const MAX_NESTING = 12;
/** Leading whitespace kept on a line, in characters: enough for MAX_NESTING indented list levels. */
export const MAX_INDENT = MAX_NESTING * 4;
/** A text longer than this is parsed in chunks of at most this many characters (but a fenced code block). */
export const CHUNK_CHARS = 2000;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const HAS_FENCE = /^ {0,3}(?:`{3,}|~{3,})/m;
/** One container marker (block quote, bullet, ordered) at the position, with the space after it. */
const MARKER = / {0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/y;
const THEMATIC_BREAK = / {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/y;
/** A thematic break however long: parsed whole (linear), never cut. */
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LEADING_SPACE = /^[ \t]*/;

/** The line with its container markers past MAX_NESTING escaped (`\>`, `\-`, `1\.`) into text. */
function boundLine(line: string): string {
  const indent = LEADING_SPACE.exec(line)?.[0].length ?? 0;
  if (indent > MAX_INDENT) line = line.slice(indent - MAX_INDENT);
  let pos = 0;
  for (let depth = 0; ; depth++) {
    THEMATIC_BREAK.lastIndex = pos;
    if (THEMATIC_BREAK.test(line)) return line;
    MARKER.lastIndex = pos;
    const marker = MARKER.exec(line);
    if (!marker) return line;
    if (depth === MAX_NESTING) {
      const text = marker[0].trimStart();
      const at = pos + marker[0].length - text.length;
      const escapeAt = /^\d/.test(text) ? at + /^\d+/.exec(text)![0].length : at;
      return line.slice(0, escapeAt) + '\\' + line.slice(escapeAt);
    }
    pos += marker[0].length;
  }
}

/** The lines of `markdown`, each with whether it is inside (or opens or closes) a top-level fence. */
function fencedLines(markdown: string): Array<{ line: string; fenced: boolean }> {
  let fence: string | null = null;
  return markdown.split('\n').map((line) => {
    const mark = FENCE.exec(line)?.[1];
    if (fence !== null) {
      if (mark !== undefined && mark[0] === fence[0] && mark.length >= fence.length) fence = null;
      return { line, fenced: true };
    }
    if (mark !== undefined) fence = mark;
    return { line, fenced: mark !== undefined };
  });
}

/** `markdown` with its nesting bounded: what a reader sees is the same up to MAX_NESTING levels. */
export function boundNesting(markdown: string): string {
  return fencedLines(markdown)
    .map(({ line, fenced }) => (fenced ? line : boundLine(line)))
    .join('\n');
}

/** What would start a block at the beginning of a cut paragraph's next piece (it is escaped, so it stays text). */
const BLOCK_START = /^(\s*)(?=[>#]|[-*+][ \t]|[-*+]$|\d{1,9}[.)](?:[ \t]|$)|`{3}|~{3}|(?:[-*_][ \t]*){3,}$)/;

/** The piece with its start escaped if it would start a block: it continues a paragraph. */
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
 * Where to cut a paragraph longer than CHUNK_CHARS: after the last sentence end before the limit where
 * the `*` and `_` so far are even (so an *action* is not cut in two), or at the last space, or at the limit.
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

/** A piece of the text to parse alone; `joined` when it continues the previous piece's paragraph. */
export interface ProseChunk {
  text: string;
  joined: boolean;
}

/**
 * The text in pieces to parse one by one: one piece when short; else paragraphs (split at blank lines
 * outside fenced code) gathered up to CHUNK_CHARS, a longer paragraph cut at sentence ends.
 */
export function proseChunks(markdown: string): ProseChunk[] {
  if (markdown.length <= CHUNK_CHARS) return [{ text: markdown, joined: false }];
  const paragraphs: string[] = [];
  let current: string[] = [];
  for (const { line, fenced } of fencedLines(markdown)) {
    if (!fenced && line.trim() === '' && current.length > 0) {
      paragraphs.push(current.join('\n'));
      current = [];
    } else if (fenced || line.trim() !== '') current.push(line);
  }
  if (current.length > 0) paragraphs.push(current.join('\n'));

  const chunks: ProseChunk[] = [];
  let gathered = '';
  const flush = (): void => {
    if (gathered) chunks.push({ text: gathered, joined: false });
    gathered = '';
  };
  for (const paragraph of paragraphs) {
    if (gathered && gathered.length + paragraph.length + 2 > CHUNK_CHARS) flush();
    if (paragraph.length <= CHUNK_CHARS || HAS_FENCE.test(paragraph) || RULE.test(paragraph)) {
      gathered = gathered ? `${gathered}\n\n${paragraph}` : paragraph;
      continue;
    }
    flush();
    for (let from = 0; from < paragraph.length;) {
      const to = paragraph.length - from <= CHUNK_CHARS ? paragraph.length : cutAt(paragraph, from);
      const text = paragraph.slice(from, to);
      chunks.push({ text: from > 0 ? continuing(text) : text, joined: from > 0 });
      from = to;
    }
  }
  flush();
  return chunks;
}
