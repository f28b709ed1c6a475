// Quoted speech in prose: the quotation marks are validation's, so what the driver reads as speech is
// shown as speech. Pure: given the text pieces of one paragraph (a quote may open in one piece and close
// in a later one, across an emphasis), it says which runs of each piece are speech.
import { QUOTATION_MARKS, closesQuotation } from '../../driver/i18n/lists.ts';

export interface SpeechRun {
  text: string;
  speech: boolean;
}

/** For each character of `text`, whether it is inside a closed quotation (quotes included). */
function speechMask(text: string): boolean[] {
  const mask = new Array<boolean>(text.length).fill(false);
  // A closer not found after an opener is not found after a later one: each closer is looked for to the
  // end once at most, so many unclosed quotes take linear time.
  const unclosed = new Set<string>();
  for (let i = 0; i < text.length; i++) {
    const closer = QUOTATION_MARKS[text[i] ?? ''];
    if (closer === undefined || unclosed.has(closer)) continue;
    let end = i + 1;
    while (end < text.length && !closesQuotation(text, end, closer)) end++;
    if (end === text.length) {
      unclosed.add(closer);
      continue;
    }
    mask.fill(true, i, end + 1);
    i = end;
  }
  return mask;
}

/** Splits each piece into runs of speech and narration; unclosed quotes stay narration. */
export function speechRuns(pieces: readonly string[]): SpeechRun[][] {
  const mask = speechMask(pieces.join(''));
  let offset = 0;
  return pieces.map((piece) => {
    const runs: SpeechRun[] = [];
    for (let i = 0; i < piece.length; i++) {
      const speech = mask[offset + i] ?? false;
      const last = runs.at(-1);
      if (last?.speech === speech) last.text += piece.charAt(i);
      else runs.push({ text: piece.charAt(i), speech });
    }
    offset += piece.length;
    return runs;
  });
}
