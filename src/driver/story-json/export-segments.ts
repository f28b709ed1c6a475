// Story JSON export of a segmented story (docs/design/segmented-story.md §2.9): the same file as the
// story kept in one document gives, read one segment at a time so that only one segment's document
// needs to be in memory; the turns are ordered once every band is read. A segment this device cannot
// load refuses the export: a file missing a band would be a story cut short without saying so.
import * as Y from 'yjs';
import type { Language } from '../doc/schema.ts';
import { segmentOf } from '../doc/segment-key.ts';
import { turnFlaw } from '../doc/turns.ts';
import { readLeafRef } from '../doc/leaf-ref.ts';
import { newestSoundTurn } from '../doc/sound-leaf.ts';
import { tr } from '../i18n/messages.ts';
import { exportStoryWith, exportTurn, type SegmentChronicles } from './export.ts';
import { readSegmentPart, type Chronicle } from '../doc/chronicle.ts';
import { metaMap, participantsMap, turnsMap } from '../doc/story-doc.ts';
import { LEAF_META_KEY } from '../doc/segment-meta.ts';
import type { StoryJson } from './schema.ts';

/** How the export reaches a story's segments; the worker loads each and unloads it after. */
export interface SegmentLoader {
  /** Every segment of the story (each band holding a turn), ascending. */
  segments: readonly number[];
  /** Segment `n`'s document; null when it is not on this device and cannot be fetched. */
  load(n: number): Promise<Y.Doc | null>;
  /** The export is done with segment `n`'s document. */
  release(n: number, doc: Y.Doc): Promise<void> | void;
}

export type SegmentedExport =
  { ok: true; story: StoryJson } | { ok: false; code: 'segments-missing'; missing: number[]; detail: string };

interface ReadTurn {
  record: StoryJson['turns'][number];
  depth: number;
  /** The order of alternatives, as the one document's export sorts them (`byCreation`). */
  created: string;
}

/** The readable turns of segment `n` whose depth puts them in its band (any other is a peer's mistake). */
function readBand(doc: Y.Doc, n: number, into: Map<string, ReadTurn>): void {
  for (const [id, m] of turnsMap(doc).entries()) {
    if (turnFlaw(m) !== null || into.has(id)) continue;
    const depth: unknown = m.get('depth');
    if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0 || segmentOf(depth) !== n)
      continue;
    into.set(id, { record: exportTurn(doc, id), depth, created: String(m.get('createdAt') ?? '') });
  }
}

/** The entries and audit segment `doc` holds, added to each participant's in `into`. */
function readBandChronicle(
  doc: Y.Doc,
  participants: readonly string[],
  into: Map<string, Pick<Chronicle, 'entries' | 'audit'>>,
): void {
  for (const p of participants) {
    const have = into.get(p) ?? { entries: [], audit: [] };
    have.entries.push(...readSegmentPart(doc, p, 'entries'));
    have.audit.push(...readSegmentPart(doc, p, 'audit'));
    into.set(p, have);
  }
}

/**
 * Parents before children, depth first, alternatives oldest first and then by id: the order of the one
 * document's export. A turn whose depth is not its parent's + 1 is left out with what follows it.
 */
function treeOrder(turns: ReadonlyMap<string, ReadTurn>): StoryJson['turns'] {
  const children = new Map<string | null, ReadTurn[]>();
  for (const t of turns.values()) {
    const list = children.get(t.record.parent);
    if (list) list.push(t);
    else children.set(t.record.parent, [t]);
  }
  const order = (a: ReadTurn, b: ReadTurn) =>
    a.created < b.created ? -1 : a.created > b.created ? 1 : a.record.id < b.record.id ? -1 : 1;
  for (const list of children.values()) list.sort(order);
  const out: StoryJson['turns'] = [];
  const stack = (children.get(null) ?? []).filter((t) => t.depth === 0).reverse();
  for (let t = stack.pop(); t !== undefined; t = stack.pop()) {
    out.push(t.record);
    const depth = t.depth + 1;
    const below = (children.get(t.record.id) ?? []).filter((c) => c.depth === depth);
    for (let i = below.length - 1; i >= 0; i--) stack.push(below[i] as ReadTurn);
  }
  return out;
}

/**
 * The file's last turn: the stored leaf when the file holds it at its depth; else (a peer named a turn
 * nobody has, or a depth no turn sits at: U5) the turn the story shows for it, never a missing one.
 */
function exportedLeaf(root: Y.Doc, turns: ReadonlyMap<string, ReadTurn>): string | null {
  const stored = readLeafRef(root);
  if (stored && turns.get(stored.id)?.depth === stored.depth) return stored.id;
  if (metaMap(root).get(LEAF_META_KEY) == null) return null;
  return newestSoundTurn(turns.keys(), (id) => {
    const t = turns.get(id);
    return t && { parent: t.record.parent, createdAt: t.created };
  });
}

/** Exports the story of root `root`, loading its segments one at a time; a refusal is told in `language`. */
export async function exportSegmentedStory(
  root: Y.Doc,
  loader: SegmentLoader,
  language: Language = 'en',
): Promise<SegmentedExport> {
  const turns = new Map<string, ReadTurn>();
  const chronicles = new Map<string, Pick<Chronicle, 'entries' | 'audit'>>();
  const participants = [...participantsMap(root).keys()];
  const missing: number[] = [];
  for (const n of loader.segments) {
    const doc = await loader.load(n);
    if (!doc) {
      missing.push(n);
      continue;
    }
    // Once a band is missing the file cannot be made: the others are only loaded to count what is.
    if (!missing.length) {
      readBand(doc, n, turns);
      readBandChronicle(doc, participants, chronicles);
    }
    await loader.release(n, doc);
  }
  if (missing.length)
    return {
      ok: false,
      code: 'segments-missing',
      missing,
      detail:
        missing.length === 1
          ? tr(
              language,
              'One older part of this story is not on this device yet. Connect to the sync server and try again.',
            )
          : tr(
              language,
              '{count} older parts of this story are not on this device yet. Connect to the sync server and try again.',
              { count: missing.length },
            ),
    };
  const chronicle: SegmentChronicles = chronicles;
  return {
    ok: true,
    story: exportStoryWith(root, treeOrder(turns), exportedLeaf(root, turns), chronicle),
  };
}
