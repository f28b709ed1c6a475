// View slices for the UI: the user's transcript for a range of the active path and one turn's
// inspector data. Computed in the worker from the derived views; the UI never sees the Y.Doc.
import { listParticipants, userParticipant } from '../../driver/doc/participants.ts';
import { readMeta } from '../../driver/doc/story-doc.ts';
import { povGiven } from '../../driver/doc/pov.ts';
import { turnGiven } from '../../driver/doc/turns.ts';
import type { Story } from '../../driver/env.ts';
import { staleHistory } from '../../driver/turns/stale-history.ts';
import { entryOf } from '../../driver/views/path-node.ts';
import { readStoryBooks } from '../../driver/doc/story-world.ts';
import { timedKey } from '../../driver/lore/activate.ts';
import type { Given } from '../../driver/doc/given.ts';
import { shownOf, type DiceRoll } from '../../driver/dice/dice.ts';
import { storySetOf } from '../../driver/doc/story-set.ts';
import { bandOf } from '../../driver/doc/segment-turns.ts';
import type {
  FiredLoreRow,
  GivenView,
  ItemBadge,
  RowRoll,
  StoryOverview,
  TranscriptRow,
  TranscriptSlice,
  TurnInspection,
} from '../api.ts';

/**
 * The active path's length: its leaf's depth + 1. A segmented story's path starts at the first loaded
 * band (its first node's index is that depth), so the nodes alone count only the loaded tail.
 */
export function pathLength(story: Story): number {
  const path = story.views.path();
  const leaf = path[path.length - 1];
  return leaf ? leaf.index + 1 : 0;
}

export function overview(story: Story): StoryOverview {
  const meta = readMeta(story.doc);
  return {
    id: meta.id,
    title: meta.title,
    language: meta.language,
    settings: meta.settings,
    participants: listParticipants(story.doc),
    length: pathLength(story),
    userId: userParticipant(story.doc)?.id ?? '',
  };
}

/**
 * The rows above the path's first here that this device does not have although their band is open:
 * the turn before it is missing from a loaded part (it never arrived), so they will not load by asking.
 */
function notHereBefore(story: Story, base: number): number {
  const set = storySetOf(story.doc);
  return set && base > 0 && set.segment(bandOf(set, base - 1)) ? base : 0;
}

/**
 * What `reader` (default: the user) wrote and perceived in a range of the active path (by path index,
 * the turn's depth). Any other participant's is for the person's eyes only ("Read as"): it is read here
 * and never given to a model. Rows above the loaded bands are not in the slice (the host loads them first).
 */
export function transcriptSlice(
  story: Story,
  range: { start?: number; end?: number } = {},
  reader: string = userParticipant(story.doc)?.id ?? '',
): TranscriptSlice {
  const path = story.views.path();
  const base = path[0]?.index ?? 0;
  const length = base + path.length;
  const names = new Map(listParticipants(story.doc).map((p) => [p.id, p.name]));
  const start = Math.max(base, range.start ?? 0);
  const end = Math.min(length, range.end ?? length);
  const rows: TranscriptRow[] = [];
  for (const n of path.slice(start - base, Math.max(start, end) - base)) {
    const t = n.turn;
    if (!t.audiences.includes(reader)) continue;
    const children = story.views.children(t.parent);
    const siblings = children.length ? children : [t.id];
    // The entry the driver builds this participant's model history from: the reader sees what it knows.
    const entry = entryOf(t, reader);
    // What the reader wrote for a character, the reader knows as written (its own view stays the model's).
    const written = t.writtenBy === reader && t.author !== reader;
    const own = written || entry.kind === 'own';
    const state = n.pov.get(reader)?.state;
    // A roll is part of the visible action: shown where the reader saw the turn, never on "nothing".
    const rolls = own || entry.kind === 'perceived' ? (t.rolls ?? []) : [];
    const cut = written ? false : own ? t.cut : entry.kind === 'perceived' && t.pov[reader]?.cut;
    rows.push({
      turnId: t.id,
      index: n.index,
      author: t.author,
      authorName: names.get(t.author) ?? t.author,
      kind: own ? 'own' : entry.kind,
      text: written ? t.source : entry.text,
      stale: own ? n.turnState === 'stale' : state === 'stale',
      sibling: { index: siblings.indexOf(t.id), count: siblings.length },
      siblings: [...siblings],
      origin: t.origin,
      ...(written ? { writtenByReader: true as const } : {}),
      ...(rolls.length ? { rolls: rolls.map(rowRoll) } : {}),
      ...(cut ? { cut: true as const } : {}),
    });
  }
  const missing = listParticipants(story.doc).reduce((n, p) => n + story.views.missing(p.id).length, 0);
  return { rows, length, notHere: notHereBefore(story, base), stale: staleHistory(story), missing };
}

const rowRoll = (r: DiceRoll): RowRoll => ({
  notation: r.notation,
  dice: [...r.dice],
  total: r.total,
  shown: shownOf(r),
});

/** An itemisation with the lore entries its request held, named as the story's books name them now. */
function givenView(
  given: Given | undefined,
  entries: ReadonlyMap<string, Omit<FiredLoreRow, 'carried'>>,
): GivenView | undefined {
  if (!given?.lore) return given;
  const row = (key: string, carried: boolean): FiredLoreRow => ({
    ...(entries.get(key) ?? { bookName: '', title: '' }),
    carried,
  });
  return {
    ...given,
    fired: [...given.lore.fresh.map((k) => row(k, false)), ...given.lore.carried.map((k) => row(k, true))],
  };
}

export function inspect(story: Story, turnId: string): TurnInspection {
  const n = story.views.node(turnId);
  const entries = new Map(
    readStoryBooks(story.doc).flatMap((b) =>
      b.entries.map(
        (e) =>
          [timedKey(b.id, e.id), { bookName: b.name, title: e.title || e.keys.join(', ') || e.id }] as const,
      ),
    ),
  );
  const names = new Map(listParticipants(story.doc).map((p) => [p.id, p.name]));
  const variants = [...n.pov].map(([audience, s]) => {
    const rec = n.turn.pov[audience];
    const badge: ItemBadge = s.state;
    return {
      audience,
      name: names.get(audience) ?? audience,
      badge,
      perceived: rec?.perceived ?? false,
      text: rec?.text ?? '',
      edited: rec?.origin === 'edited',
      ...(rec?.cut ? { cut: true as const } : {}),
      given: givenView(povGiven(story.doc, turnId, audience), entries),
    };
  });
  return {
    turnId,
    author: n.turn.author,
    origin: n.turn.origin,
    source: n.turn.source,
    stale: n.turnState === 'stale',
    edited: n.turn.edited,
    ...(n.turn.cut ? { cut: true as const } : {}),
    given: givenView(turnGiven(story.doc, turnId), entries),
    variants,
  };
}
