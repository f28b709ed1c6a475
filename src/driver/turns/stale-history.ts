// Stale history as the person's decision: what on a path was made from an earlier version of the
// story, the refusal a generating command returns while it is there, and the two ways out — keep
// everything as it is, or rewrite it (rewrite.ts). Nothing is regenerated without that choice.
import { z } from 'zod';
import type { DriverFailure, HandTurn, StaleSummary, Story } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import type { PathNode, StaleItem } from '../views/story-views.ts';
import type { ChronicleEntry } from '../doc/chronicle.ts';
import { isPersonsView } from '../doc/schema.ts';
import { entriesOnPath, transcriptBasis } from '../memory/chronicle-view.ts';

export const StaleChoice = { keep: 'keep', rewrite: 'rewrite' } as const;

/**
 * The person's answer to the stale-history question: keep, rewrite, or rewrite copying onto the new
 * branch the hand turns named in `copy` (H9); a plain rewrite copies none of them.
 */
export const staleChoiceSchema = z.union([
  z.enum([StaleChoice.keep, StaleChoice.rewrite]),
  z.object({ rewrite: z.object({ copy: z.array(z.string().min(1)) }) }),
]);
export type StaleChoice = z.infer<typeof staleChoiceSchema>;

/** Whether a choice rewrites, and which hand turns it copies; null for keep. */
export function rewriteOf(choice: StaleChoice): { copy: ReadonlySet<string> } | null {
  if (choice === StaleChoice.keep) return null;
  return { copy: new Set(choice === StaleChoice.rewrite ? [] : choice.rewrite.copy) };
}

/** A stale turn that a rewrite writes again: a model's text (one edited by hand is the person's, kept). */
export const rewrites = (n: PathNode): boolean => n.turnState === 'stale' && !n.turn.edited;

/** A turn whose text is a person's: written by hand, or a model's turn edited by hand. */
export const isHandTurn = (n: PathNode): boolean => n.turn.origin === 'authored' || n.turn.edited;

/** How much of a hand turn the question shows: its first words, enough to tell it apart. */
const OPENING_CHARS = 60;

function openingOf(text: string): string {
  const flat = text.trim().replace(/\s+/g, ' ');
  if (flat.length <= OPENING_CHARS) return flat;
  const cut = flat.slice(0, OPENING_CHARS);
  const space = cut.lastIndexOf(' ');
  // Cut at a word's end, unless the words are long or the script has no spaces (Chinese).
  return `${space > OPENING_CHARS / 2 ? cut.slice(0, space) : cut}…`;
}

/** The hand turns after the first turn a rewrite of the path to `leaf` would write again (H9). */
export function handTurnsAfterFork(story: Story, leaf?: string | null): HandTurn[] {
  const path = story.views.path(leaf);
  const fork = path.findIndex(rewrites);
  if (fork < 0) return [];
  return path
    .slice(fork + 1)
    .filter(isHandTurn)
    .map(({ turn }) => ({
      turnId: turn.id,
      author: turn.author,
      ...(turn.writtenBy !== undefined ? { writtenBy: turn.writtenBy } : {}),
      opening: openingOf(turn.source),
    }));
}

/** Whether a stale item's text is a person's: a generated turn edited by hand, or a view edited or imported. */
export function byHand(story: Story, item: StaleItem): boolean {
  const turn = story.views.node(item.turnId).turn;
  if (item.audience === undefined) return turn.edited;
  const rec = turn.pov[item.audience];
  return rec !== undefined && isPersonsView(rec.origin);
}

/** A chronicle entry whose turns changed for its participant since the chronicler read them. */
export interface StaleChronicle {
  participant: string;
  entry: ChronicleEntry;
  /** The basis it would carry now (what keeping it stamps). */
  expected: string;
}

/** The stale items among `items` (and stale chronicles), summarised for the person; null when none. */
export function summarise(
  story: Story,
  items: readonly StaleItem[],
  chronicles: readonly StaleChronicle[] = [],
): StaleSummary | null {
  const ids = [...items.map((i) => i.turnId), ...chronicles.flatMap((c) => c.entry.turns)];
  if (!ids.length) return null;
  const indexOf = (id: string) => story.views.node(id).index;
  const turns = [...new Set(ids)].sort((a, b) => indexOf(a) - indexOf(b));
  return {
    turns,
    from: indexOf(turns[0] as string),
    byHand: items.filter((i) => byHand(story, i)).length,
    ...(chronicles.length ? { chronicles: chronicles.length } : {}),
  };
}

/** Every participant's chronicle entries on the path to `leaf` that a later edit made stale. */
export function staleChronicles(story: Story, leaf?: string | null): StaleChronicle[] {
  const cast = story.views.cast();
  const withEntries = cast.participants.filter((p) => story.views.chronicle(p.id).entries.length);
  if (!withEntries.length) return [];
  const path = story.views.path(leaf);
  const index = new Map(path.map((n) => [n.id, n.index]));
  const at = path.at(-1)?.id ?? null;
  return withEntries.flatMap((p) => {
    const transcript = at === null ? [] : story.views.transcript(p.id, { leaf: at });
    const byTurn = new Map(transcript.map((e) => [e.turnId, e]));
    return entriesOnPath(story.views.chronicle(p.id), index, (t) => byTurn.get(t))
      .filter((e) => e.stale)
      .map(({ entry }) => ({
        participant: p.id,
        entry,
        expected: transcriptBasis(entry.turns.flatMap((t) => byTurn.get(t) ?? [])),
      }));
  });
}

/** Every stale item on the path to `leaf` (default: the active leaf), summarised; null when none. */
export function staleHistory(story: Story, leaf?: string | null): StaleSummary | null {
  const summary = summarise(story, story.views.staleItems(leaf), staleChronicles(story, leaf));
  const handTurns = summary ? handTurnsAfterFork(story, leaf) : [];
  return summary && (handTurns.length ? { ...summary, handTurns } : summary);
}

/** What a generating command answers while the history it would build on is stale. */
export function staleRefusal(story: Story, stale: StaleSummary): DriverFailure {
  const language = story.views.meta().language;
  return {
    ok: false,
    code: 'stale-history',
    detail:
      stale.turns.length === 1
        ? tr(
            language,
            'A turn was written from an earlier version of the story. Keep it as it is, or rewrite it, before anything new is written.',
          )
        : tr(
            language,
            '{count} turns were written from an earlier version of the story. Keep them as they are, or rewrite them, before anything new is written.',
            { count: stale.turns.length },
          ),
    stale,
  };
}
