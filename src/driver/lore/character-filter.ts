// Whom an entry is for: its character filter against the name of the participant whose request it is.
import type { LoreEntry } from '../doc/lore-book.ts';

/** Names compare trimmed and ignoring case, as participant names are unique ignoring case. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** An empty list lets everyone through; with `exclude`, everyone but the names. */
export function passesCharacterFilter(filter: LoreEntry['characterFilter'], character: string): boolean {
  if (filter.names.length === 0) return true;
  const named = filter.names.some((name) => sameName(name, character));
  return filter.exclude ? !named : named;
}
