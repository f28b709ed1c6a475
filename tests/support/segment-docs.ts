// Segmented stories for the migration and Story JSON tests: a long branching story as a Story JSON
// file, and the segment documents kept in memory or in (fake) IndexedDB, written through the
// `WriteSegment` the migration is given. These stand in for the worker's segment store (s-store, WP3).
import * as Y from 'yjs';
import type { IndexeddbPersistence } from 'y-indexeddb';
import { segmentGuid } from '../../src/driver/doc/segment-key.ts';
import type { WriteSegment } from '../../src/driver/doc/split-segments.ts';
import { exportSegmentedStory } from '../../src/driver/story-json/export-segments.ts';
import { importStory } from '../../src/driver/story-json/import.ts';
import { segmentedCopy } from '../../src/driver/doc/segmented-copy.ts';
import { DocOrigin } from '../../src/driver/doc/origins.ts';
import type { StoryJson, StoryJsonInput } from '../../src/driver/story-json/schema.ts';
import { persisted, stored } from '../../src/workers/store/story-store.ts';
import { isoAt } from './story-fixture.ts';

const PEOPLE = ['user', 'jane', 'jess'] as const;

type FileTurn = StoryJsonInput['turns'][number];

/**
 * A story of exactly `count` turns (ids `t<n>`): a main line, a branch of three every 60 depths (some
 * older than the main line's turn there, some newer), a branch of eight from depth 497 that crosses into
 * the second segment, and a second root. Every field a turn can have in a file appears somewhere.
 */
export function longStoryJson(count: number, id = 'long-story'): StoryJsonInput {
  const turns: FileTurn[] = [];
  const add = (parent: string | null, depth: number, created: number): string => {
    const i = turns.length;
    const author = PEOPLE[i % 3] as string;
    const generated = author !== 'user';
    const pov = Object.fromEntries(
      PEOPLE.filter((p) => p !== author).map((p, k) => [
        p,
        i % 17 === k
          ? { perceived: false, text: '', origin: 'generated' as const, basis: `pb${i}${p}` }
          : {
              perceived: true,
              text: `${p} sees ${i}: ${'x'.repeat(i % 40)}`,
              origin: 'generated' as const,
              ...(i % 23 ? { basis: `pb${i}${p}` } : {}),
            },
      ]),
    );
    turns.push({
      id: `t${i}`,
      parent,
      author,
      audiences: [...PEOPLE],
      origin: generated && i % 11 !== 0 ? 'generated' : 'authored',
      source: `turn ${i} at depth ${depth}`,
      ...(generated && i % 11 !== 0 && i % 29 ? { basis: `tb${i}` } : {}),
      ...(generated && i % 13 === 0 ? { edited: true } : {}),
      ...(generated && i % 11 === 0 ? { writtenBy: 'user' } : {}),
      createdAt: isoAt(created),
      pov,
    });
    return `t${i}`;
  };
  const chain = (from: string | null, depth: number, length: number, created: number): string | null => {
    let at = from;
    for (let k = 0; k < length && turns.length < count; k++) at = add(at, depth + k, created + k);
    return at;
  };
  let leaf: string | null = null;
  for (let depth = 0; turns.length < count; depth++) {
    const parent = leaf;
    leaf = add(parent, depth, depth * 10);
    if (depth % 60 === 7) chain(parent, depth, 3, depth * 10 + (depth % 120 === 7 ? -5 : 5));
    if (depth === 497) chain(parent, depth, 8, depth * 10 + 3);
    if (depth === 20) chain(null, 0, 3, 1);
  }
  return {
    format: 'rashomon.story',
    version: 1,
    id,
    title: 'The Long Ferry',
    language: 'en',
    participants: [
      { id: 'user', kind: 'user', name: 'Sam', persona: 'A ferry pilot.' },
      {
        id: 'jane',
        kind: 'character',
        name: 'Jane',
        card: { description: 'A passenger.' },
        chronicle: {
          entries: [
            {
              id: 'e1',
              turns: ['t3', 't4'],
              basis: 'cb1',
              createdAt: isoAt(5),
              memories: [{ id: 'mem1', text: 'Sam steers well.', importance: 4, turnId: 't4' }],
            },
          ],
          memoryEdits: [{ kind: 'forgotten', memoryId: 'mem1', at: isoAt(6) }],
        },
      },
      { id: 'jess', kind: 'character', name: 'Jess', present: false, card: {} },
    ],
    turns,
    activeLeaf: leaf,
  };
}

/** Segment documents in memory, one per band, written through `write`. */
export function memorySegments(storyId: string) {
  const docs = new Map<number, Y.Doc>();
  const write: WriteSegment = async (n, fill) => {
    let doc = docs.get(n);
    if (!doc) docs.set(n, (doc = new Y.Doc({ guid: segmentGuid(storyId, n) })));
    fill(doc);
  };
  return { docs, write };
}

/** The export of a segmented story whose segments are all in `docs`. */
export async function exportOfSegments(root: Y.Doc, docs: ReadonlyMap<number, Y.Doc>): Promise<StoryJson> {
  const exported = await exportSegmentedStory(root, {
    segments: [...docs.keys()].sort((a, b) => a - b),
    load: async (n) => docs.get(n) ?? null,
    release: () => {},
  });
  if (!exported.ok) throw new Error(exported.detail);
  return exported.story;
}

/** A segment's IndexedDB database, named as the design has it (`<prefix>-story-<storyId>~<n>`). */
export const segmentDbName = (prefix: string, storyId: string, n: number) =>
  `${prefix}-story-${segmentGuid(storyId, n)}`;

/**
 * Segment documents in (fake) IndexedDB: each write loads the segment's database, writes, waits until
 * it is stored, and unloads it, as the worker's store will. `fail(n)` is asked after each segment is
 * stored: a crash there (it throws) leaves what was stored so far.
 */
export function indexedDbSegments(
  prefix: string,
  storyId: string,
  fail: (n: number) => boolean = () => false,
) {
  const write: WriteSegment = async (n, fill) => {
    const doc = new Y.Doc({ guid: segmentGuid(storyId, n) });
    const persistence: IndexeddbPersistence = await persisted(segmentDbName(prefix, storyId, n), doc);
    fill(doc);
    await stored(persistence);
    await persistence.destroy();
    doc.destroy();
    if (fail(n)) throw new Error(`crash after segment ${n} was stored`);
  };
  /** Every stored segment from 0 up, loaded into documents of their own. */
  const loadAll = async (): Promise<Map<number, Y.Doc>> => {
    const names = new Set((await indexedDB.databases()).map((d) => d.name));
    const docs = new Map<number, Y.Doc>();
    for (let n = 0; names.has(segmentDbName(prefix, storyId, n)); n++) {
      const doc = new Y.Doc({ guid: segmentGuid(storyId, n) });
      const persistence = await persisted(segmentDbName(prefix, storyId, n), doc);
      await persistence.destroy();
      docs.set(n, doc);
    }
    return docs;
  };
  return { write, loadAll };
}

/**
 * A Story JSON file imported as the worker's store takes it: checked as for one document, then copied
 * into a fresh root and its segments through `write` (nothing written when the file is refused).
 */
export async function importIntoSegments(input: unknown, importedAt: string, write: WriteSegment) {
  const imported = importStory(input, importedAt);
  if (!imported.ok) return imported;
  const root = new Y.Doc({ guid: imported.doc.guid });
  const segments = await segmentedCopy(imported.doc, root, write, DocOrigin.import);
  imported.doc.destroy();
  return { ok: true as const, root, story: imported.story, segments };
}
