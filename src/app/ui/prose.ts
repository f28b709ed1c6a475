// Roleplay prose split for display: `*actions*` (shown in italics, without the asterisks) and quoted
// speech (shown with its quotes; the quotation marks are validation's, so what the driver reads as
// speech is shown as speech). Pure: the view renders each segment as a text node, so model output
// never becomes markup.
import { QUOTATION_MARKS, closesQuotation } from '../../driver/i18n/lists.ts';

export interface ProseSegment {
  text: string;
  action: boolean;
  speech: boolean;
}

const ASTERISK = '*';

const isSpace = (ch: string | undefined): boolean => ch === undefined || /\s/.test(ch);

interface Run {
  start: number;
  length: number;
}

/** Runs of asterisks that open and close actions, in pairs (markdown-like: `*a*` yes, `2 * 3` no). */
function actionDelimiters(text: string): Map<number, number> {
  const runs: Array<Run & { opens: boolean; closes: boolean }> = [];
  for (let i = 0; i < text.length;) {
    if (text[i] !== ASTERISK) {
      i++;
      continue;
    }
    let end = i;
    while (text[end] === ASTERISK) end++;
    runs.push({ start: i, length: end - i, opens: !isSpace(text[end]), closes: !isSpace(text[i - 1]) });
    i = end;
  }
  const delimiters = new Map<number, number>();
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i];
    if (!open?.opens) continue;
    const close = runs.slice(i + 1).find((run) => run.closes);
    if (!close) break;
    delimiters.set(open.start, open.length).set(close.start, close.length);
    i = runs.indexOf(close);
  }
  return delimiters;
}

/** Index of each opening quote → index of its closing quote. Unclosed quotes stay plain text. */
function speechRanges(text: string): Map<number, number> {
  const ranges = new Map<number, number>();
  for (let i = 0; i < text.length; i++) {
    const closer = QUOTATION_MARKS[text[i] ?? ''];
    if (closer === undefined) continue;
    let end = i + 1;
    while (end < text.length && !closesQuotation(text, end, closer)) end++;
    if (end === text.length) continue;
    ranges.set(i, end);
    i = end;
  }
  return ranges;
}

export function tokenizeProse(text: string): ProseSegment[] {
  const actions = actionDelimiters(text);
  const speech = speechRanges(text);
  const segments: ProseSegment[] = [];
  let action = false;
  let speechEnd = -1;
  let current = '';
  const flush = (): void => {
    if (current) segments.push({ text: current, action, speech: speechEnd >= 0 });
    current = '';
  };
  for (let i = 0; i < text.length;) {
    const delimiter = actions.get(i);
    if (delimiter !== undefined) {
      flush();
      action = !action;
      i += delimiter;
      continue;
    }
    const end = speech.get(i);
    if (end !== undefined && speechEnd < 0) {
      flush();
      speechEnd = end;
    }
    current += text[i];
    if (i === speechEnd) {
      flush();
      speechEnd = -1;
    }
    i++;
  }
  flush();
  return segments;
}
