// Bounds on the Markdown of a turn before it is parsed, so that any text (a Story JSON, a peer's edit, a
// model's answer) renders in bounded depth: container markers nested past a depth are escaped into text.
// The other bound, on the size of each parse, is prose-chunks.ts's.

/** Block quotes and lists nest this deep at most; a deeper marker shows as the character it is. */
export const MAX_NESTING = 12;
/** Leading whitespace kept on a line, in characters: enough for MAX_NESTING indented list levels. */
export const MAX_INDENT = MAX_NESTING * 4;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** One container marker (block quote, bullet, ordered) at the position, with the space after it. */
const MARKER = / {0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/y;
const THEMATIC_BREAK = / {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/y;
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
export function fencedLines(markdown: string): Array<{ line: string; fenced: boolean }> {
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
