// What the story list needs beyond the summaries: which stories a search finds (by title or a
// character's name) and which titles several stories share (those are told apart in the list).
import type { StorySummary } from '../../workers/api.ts';

/** Case, width and accents as typed do not matter: "ｊａｎｅ" finds Jane, "cafe" does not find café. */
const folded = (text: string): string => text.normalize('NFKC').toLocaleLowerCase().trim();

export function matchesSearch(story: StorySummary, query: string): boolean {
  const wanted = folded(query);
  if (!wanted) return true;
  return [story.title, ...story.participants].some((text) => folded(text).includes(wanted));
}

/** Titles (as folded) that more than one of `stories` has. */
export function sharedTitles(stories: readonly StorySummary[]): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const { title } of stories) {
    const key = folded(title);
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  return shared;
}

export const hasSharedTitle = (shared: ReadonlySet<string>, story: StorySummary): boolean =>
  shared.has(folded(story.title));
