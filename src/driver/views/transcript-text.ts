// How a transcript reads in a model request: one "Name: text" block per turn, <empty> where the
// audience perceived nothing. Append-only, so consecutive requests share it as a prefix.
import { EMPTY_SENTINEL, type Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import type { TranscriptEntry } from './story-views.ts';

/** What an empty history reads as, in the story's language. */
export const nothingYet = (language: Language): string =>
  tr(language, '(Nothing has happened yet: the story begins now.)');

export function formatEntry(entry: TranscriptEntry, nameOf: (id: string) => string): string {
  switch (entry.kind) {
    case 'own':
    case 'perceived':
      return `${nameOf(entry.speaker)}: ${entry.text}`;
    case 'nothing':
      return `${nameOf(entry.speaker)}: ${EMPTY_SENTINEL}`;
    case 'missing':
      // The driver completes a history before using it; reaching this is a bug, not a user error.
      throw new Error(`turn ${entry.turnId} has no projection yet; complete the history first`);
  }
}

/**
 * A history window as a prompt shows it: `history` holds the formatted entries from index `start` of
 * the whole transcript; a window that leaves earlier turns out says so (the same words every time, so
 * the prefix cache holds).
 */
export function historyText(history: readonly string[], start: number, language: Language): string {
  if (!history.length) return nothingYet(language);
  const text = history.join('\n\n');
  return start > 0 ? `${tr(language, '(Earlier turns of the story are not shown here.)')}\n\n${text}` : text;
}

export function formatTranscript(
  entries: TranscriptEntry[],
  nameOf: (id: string) => string,
  language: Language,
): string {
  return entries.length ? entries.map((e) => formatEntry(e, nameOf)).join('\n\n') : nothingYet(language);
}
