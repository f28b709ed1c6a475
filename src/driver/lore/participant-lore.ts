// The lore one participant's request holds: the story's books that reach it (the world's and the
// story's are everyone's, a character's its own, the persona's the user's), scanned over its own
// window only — never another's transcript, never the sources — with its timed effects read from
// what its earlier requests on this path held, and rolls seeded by who asks where. An entry's keys and
// content name the character and the user as the book wrote them ({{char}}, ${name}…): filled with
// this request's names before the scan, as SillyTavern matches them (K10).
import type { StoryBook } from '../doc/story-world.ts';
import type { FiredLore } from '../doc/given.ts';
import { povGiven } from '../doc/pov.ts';
import { turnGiven } from '../doc/turns.ts';
import type { Story } from '../env.ts';
import { estimateTokens } from '../budget/tokens.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { activateLore, timedKey, type LoreCandidate, type LoreScan } from './activate.ts';
import { firedFreshly } from './reasons.ts';
import { createSeededRandom } from './seeded-random.ts';
import { NO_LORE, placeLore, type Placed } from './placement.ts';
import { withNames } from '../prompts/card-names.ts';
import type { LoreEntry } from '../doc/lore-book.ts';

/** The entry as this request reads it: its keys and content with the story's names. */
function named(entry: LoreEntry, names: { name: string; user: string }): LoreEntry {
  const fill = (text: string) => withNames(text, names);
  return {
    ...entry,
    keys: entry.keys.map(fill),
    secondaryKeys: entry.secondaryKeys.map(fill),
    content: fill(entry.content),
  };
}

function reaches(book: StoryBook, who: string, isUser: boolean): boolean {
  return book.attachments.some((a) => {
    switch (a.kind) {
      case 'world':
      case 'story':
        return true;
      case 'character':
        return a.participant === who;
      case 'persona':
        return isUser;
      default:
        return a satisfies never;
    }
  });
}

/** The entries of the story's books that reach `who`. */
export function loreCandidates(story: Story, who: string): LoreCandidate[] {
  const isUser = story.views.cast().user?.id === who;
  return story.views
    .lore()
    .books.filter((b) => reaches(b, who, isUser))
    .flatMap((b) => b.entries.map((entry) => ({ book: b.id, entry })));
}

/** What each of `who`'s earlier requests on the path held: entry → the message count it last fired freshly at. */
function lastFiredOf(story: Story, who: string, transcript: readonly TranscriptEntry[]): Map<string, number> {
  const last = new Map<string, number>();
  transcript.forEach((e, i) => {
    const given = e.kind === 'own' ? turnGiven(story.doc, e.turnId) : povGiven(story.doc, e.turnId, who);
    for (const key of given?.lore?.fresh ?? []) last.set(key, i);
  });
  return last;
}

export interface ParticipantLore {
  scan: LoreScan;
  placed: Placed;
  /** What to store with what the request makes. */
  fired: FiredLore;
}

export const NOTHING_FIRED: ParticipantLore = {
  scan: { fired: [], skipped: [] },
  placed: NO_LORE,
  fired: { fresh: [], carried: [] },
};

/**
 * The lore of `who`'s request after `transcript` (its transcript through the request's leaf, the
 * window starting at `windowStart`), within `room` estimated tokens. `place` seeds the rolls: the
 * same request rebuilt rolls the same.
 */
export function participantLore(input: {
  story: Story;
  who: string;
  transcript: readonly TranscriptEntry[];
  windowStart: number;
  formatted: readonly string[];
  room: number;
  place: string;
}): ParticipantLore {
  const { story, who, transcript, windowStart, formatted, room, place } = input;
  const cast = story.views.cast();
  const names = { user: cast.user ? cast.nameOf(cast.user.id) : '', self: cast.nameOf(who) };
  const entries = loreCandidates(story, who).map((c) => ({
    ...c,
    entry: named(c.entry, { name: names.self, user: names.user }),
  }));
  if (!entries.length) return NOTHING_FIRED;
  const settings = story.views.lore().settings;
  const window = transcript.slice(windowStart);
  const messages = settings.includeNames ? formatted.slice(windowStart) : window.map((e) => e.text);
  const timed = entries.some(({ entry }) => entry.sticky > 0 || entry.cooldown > 0);
  const scan = activateLore({
    entries,
    settings,
    messages,
    character: cast.nameOf(who),
    messageCount: transcript.length,
    lastFired: timed ? lastFiredOf(story, who, transcript) : new Map(),
    budget: room,
    tokens: estimateTokens,
    random: createSeededRandom(`${story.doc.guid}\u0000${who}\u0000${place}`),
  });
  const keys = (fresh: boolean) =>
    scan.fired.filter((f) => firedFreshly(f.why) === fresh).map((f) => timedKey(f.book, f.entry.id));
  const placed = placeLore(scan.fired, names, story.views.meta().language);
  return { scan, placed, fired: { fresh: keys(true), carried: keys(false) } };
}

/** The lore's room in a request: the story's share of the prompt room (estimated tokens). */
export const loreRoom = (story: Story, promptRoom: number): number =>
  Math.floor((promptRoom * story.views.lore().settings.budgetPercent) / 100);
