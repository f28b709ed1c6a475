// The story's participants, meta, chronicles, world and lorebooks as a turn's operations read them,
// over and over: read from the document once per change of them, not once per request.
// Visible names are the only identity a model ever sees.
import type * as Y from 'yjs';
import { chroniclesChangedBy, readChronicle, type Chronicle } from '../doc/chronicle.ts';
import { listParticipants } from '../doc/participants.ts';
import type { Participant, StoryMeta } from '../doc/schema.ts';
import { metaMap, participantsMap, readMeta } from '../doc/story-doc.ts';
import {
  loreMap,
  readLoreSettings,
  readStoryBooks,
  readStoryWorld,
  worldMap,
  type StoryBook,
  type StoryWorld,
} from '../doc/story-world.ts';
import type { LoreSettings } from '../doc/lore-book.ts';
import { storySetOf } from '../doc/story-set.ts';

export interface Cast {
  readonly participants: readonly Participant[];
  readonly user: Participant | undefined;
  get(id: string): Participant | undefined;
  /** The visible name (the id itself for someone the story does not have). */
  nameOf(id: string): string;
}

function castOf(participants: Participant[]): Cast {
  const byId = new Map(participants.map((p) => [p.id, p]));
  return {
    participants,
    user: participants.find((p) => p.kind === 'user'),
    get: (id) => byId.get(id),
    nameOf: (id) => byId.get(id)?.name ?? id,
  };
}

/** The visible names of a document's participants, read now (for one-off reads outside a story's views). */
export const nameLookup = (doc: Y.Doc): ((id: string) => string) => castOf(listParticipants(doc)).nameOf;

export interface StoryFacts {
  cast(): Cast;
  meta(): StoryMeta;
  /** A participant's chronicle, read once per change of it. */
  chronicle(participant: string): Chronicle;
  /** The story's own world, or null. */
  world(): StoryWorld | null;
  /** Its lorebooks and how lore is scanned. */
  lore(): { books: readonly StoryBook[]; settings: LoreSettings };
  dispose(): void;
}

/**
 * A segmented story's chronicle entries live in its segments too: `changed` hears their transactions,
 * and `moved` a segment loaded or unloaded (its entries came or went). Returns the stop.
 */
function watchSegmentChronicles(
  root: Y.Doc,
  changed: (tr: Y.Transaction) => void,
  moved: () => void,
): () => void {
  const set = storySetOf(root);
  if (!set) return () => undefined;
  const watched = new Set<Y.Doc>();
  const watch = (doc: Y.Doc) => {
    watched.add(doc);
    doc.on('afterTransaction', changed);
  };
  for (const n of set.loaded()) watch(set.segment(n) as Y.Doc);
  const stopSet = set.observe((e) => {
    if (e.kind === 'added') watch(e.doc);
    else {
      e.doc.off('afterTransaction', changed);
      watched.delete(e.doc);
    }
    moved();
  });
  return () => {
    stopSet();
    for (const doc of watched) doc.off('afterTransaction', changed);
    watched.clear();
  };
}

export function createStoryFacts(doc: Y.Doc): StoryFacts {
  let cast: Cast | undefined;
  let meta: StoryMeta | undefined;
  const chronicles = new Map<string, Chronicle>();
  const dropCast = () => {
    cast = undefined;
    chronicles.clear();
  };
  const dropMeta = () => (meta = undefined);
  let world: StoryWorld | null | undefined;
  let lore: { books: readonly StoryBook[]; settings: LoreSettings } | undefined;
  const dropWorld = () => (world = undefined);
  const dropLore = () => (lore = undefined);
  // Chronicles are top-level maps beside the participants (D13): dropped per participant they change.
  const dropChronicles = (tr: Y.Transaction) => {
    for (const participant of chroniclesChangedBy(tr)) chronicles.delete(participant);
  };
  participantsMap(doc).observeDeep(dropCast);
  doc.on('afterTransaction', dropChronicles);
  const stopSegments = watchSegmentChronicles(doc, dropChronicles, () => chronicles.clear());
  metaMap(doc).observeDeep(dropMeta);
  worldMap(doc).observeDeep(dropWorld);
  loreMap(doc).observeDeep(dropLore);
  return {
    cast: () => (cast ??= castOf(listParticipants(doc))),
    meta: () => (meta ??= readMeta(doc)),
    chronicle(participant) {
      let read = chronicles.get(participant);
      if (!read) chronicles.set(participant, (read = readChronicle(doc, participant)));
      return read;
    },
    world: () => (world === undefined ? (world = readStoryWorld(doc)) : world),
    lore: () => (lore ??= { books: readStoryBooks(doc), settings: readLoreSettings(doc) }),
    dispose() {
      participantsMap(doc).unobserveDeep(dropCast);
      doc.off('afterTransaction', dropChronicles);
      stopSegments();
      metaMap(doc).unobserveDeep(dropMeta);
      worldMap(doc).unobserveDeep(dropWorld);
      loreMap(doc).unobserveDeep(dropLore);
    },
  };
}
