// A participant's chronicle in the story document, kept inside that participant's entry: what its
// chronicler calls made of turns that left its window (memories, events, changes of state, each
// quoting its evidence), the person's decisions and corrections, checkpoints of the reduced state,
// and the audit of what was refused. Records are whole JSON values in Y.Maps keyed by id, so two
// devices adding at once merge, and every read is validated: synced state is untrusted. A segmented
// story keeps entries and audit in its segments (segment-chronicle.ts); reads see the loaded ones.
import * as Y from 'yjs';
import { z } from 'zod';
import { participantsMap } from './story-doc.ts';
import { PART_MAP_PREFIX, chronicleDocFor, chronicleDocs, partMapName } from './segment-chronicle.ts';

/** What a change of state is about: the first four are applied at once, the rest wait for review. */
export const StateDomain = {
  appearance: 'appearance',
  location: 'location',
  inventory: 'inventory',
  conditions: 'conditions',
  relationship: 'relationship',
  knowledge: 'knowledge',
  goals: 'goals',
} as const;
export type StateDomain = (typeof StateDomain)[keyof typeof StateDomain];
export const STATE_DOMAINS = Object.values(StateDomain);
export const stateDomainSchema = z.enum(STATE_DOMAINS as [StateDomain, ...StateDomain[]]);
/** Applied without asking: what can be seen or held. What one knows, wants or feels goes to review. */
export const AUTOMATIC_DOMAINS: ReadonlySet<StateDomain> = new Set([
  StateDomain.appearance,
  StateDomain.location,
  StateDomain.inventory,
  StateDomain.conditions,
]);

const id = z.string().min(1).max(200);
const text = z.string().max(4000);

export const memorySchema = z.object({
  id,
  text: text.min(1),
  /** 1 (mundane) to 10 (life-changing), as the chronicler judged it. */
  importance: z.number().int().min(1).max(10),
  /** The turn it is about (the last turn read when no quote ties it to one). */
  turnId: id,
});
export type Memory = z.infer<typeof memorySchema>;

export const eventSchema = z.object({ id, text: text.min(1), evidence: text.min(1), turnId: id });
export type ChronicleEvent = z.infer<typeof eventSchema>;

export const stateChangeSchema = z.object({
  id,
  /** Whose state: a participant id. */
  subject: id,
  domain: stateDomainSchema,
  value: text.min(1),
  evidence: text.min(1),
  /** The turn the evidence is from: changes apply in story order. */
  turnId: id,
});
export type StateChange = z.infer<typeof stateChangeSchema>;

export const chronicleEntrySchema = z.object({
  id,
  /** The turns read, in path order (the participant's transcript of them was the chronicler's input). */
  turns: z.array(id).min(1),
  /** The fingerprint of that transcript: the entry is stale when one of those turns changes for it. */
  basis: z.string().min(1),
  createdAt: z.string(),
  model: z.string().optional(),
  memories: z.array(memorySchema).default([]),
  events: z.array(eventSchema).default([]),
  changes: z.array(stateChangeSchema).default([]),
  uncertainties: z.array(z.object({ id, text: text.min(1) })).default([]),
});
export type ChronicleEntry = z.infer<typeof chronicleEntrySchema>;

/** The person's answer to a change waiting for review. */
export const reviewSchema = z.object({
  changeId: id,
  decision: z.enum(['accepted', 'amended', 'rejected']),
  /** The amended value. */
  value: text.min(1).optional(),
  at: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A correction of state by the person, applying after `turnId` on every path through it. */
export const correctionSchema = z.object({
  id,
  subject: id,
  domain: stateDomainSchema,
  value: text,
  turnId: id,
  at: z.string(),
});
export type Correction = z.infer<typeof correctionSchema>;

/** What the person remembers for the participant, or a chronicled memory set aside. */
export const memoryEditSchema = z.union([
  z.object({ kind: z.literal('added'), memory: memorySchema, at: z.string() }),
  z.object({ kind: z.literal('forgotten'), memoryId: id, at: z.string() }),
]);
export type MemoryEdit = z.infer<typeof memoryEditSchema>;

/** The reduced state after the commits through `turnId`, with a hash to tell a damaged one. */
export const checkpointSchema = z.object({
  id,
  turnId: id,
  commits: z.number().int().min(0),
  hash: z.string().min(1),
  state: z.record(z.string(), z.record(z.string(), z.string())),
  /**
   * A segmented story's checkpoint at a band's last turn (CS3): a path seeded there starts its state
   * from it, while `decisions` (the person's reviews and corrections that no turn above resolves) match.
   */
  boundary: z
    .object({
      decisions: z.string(),
      /** The depth of its turn, a band's last. */
      depth: z.number().int().min(0),
      /** The chained fingerprint of the path's band-end turns through this one (SG7's `prefix`). */
      prefix: z.string(),
      /** The band-end turn before it on the path; null for the first band's. */
      previous: id.nullable(),
      /**
       * The chronicled memories of its band on the path to it, by id (CS5): a digest memory of that band
       * is on a path through this turn only when listed. Absent in a checkpoint stored before them.
       */
      memories: z.array(id).optional(),
    })
    .optional(),
});
export type Checkpoint = z.infer<typeof checkpointSchema>;

/**
 * A memory in a segmented story's digest (CS4): one of a participant's most important, kept in the
 * root with the depth of its turn and the `prefix` of its band on the path it was made on, so recall
 * reaches it while its segment is not loaded.
 */
export const digestMemorySchema = z.object({
  id,
  memory: memorySchema,
  depth: z.number().int().min(0),
  prefix: z.string().min(1),
});
export type DigestMemory = z.infer<typeof digestMemorySchema>;

/** An item a chronicler answer held that was refused, and why (nothing of it reached the state). */
export const auditSchema = z.object({
  id,
  turns: z.array(id),
  item: z.string().max(8000),
  reason: z.string().max(2000),
  at: z.string(),
});
export type Audit = z.infer<typeof auditSchema>;

const PARTS = {
  entries: chronicleEntrySchema,
  reviews: reviewSchema,
  corrections: correctionSchema,
  memoryEdits: memoryEditSchema,
  checkpoints: checkpointSchema,
  audit: auditSchema,
  memoryDigest: digestMemorySchema,
} as const;
export type ChroniclePart = keyof typeof PARTS;
export type ChronicleRecord<P extends ChroniclePart> = z.infer<(typeof PARTS)[P]>;

export interface Chronicle {
  entries: ChronicleEntry[];
  reviews: Review[];
  corrections: Correction[];
  memoryEdits: MemoryEdit[];
  checkpoints: Checkpoint[];
  audit: Audit[];
  /** A segmented story's digest of memories (CS4); empty in a story kept in one document. */
  memoryDigest: DigestMemory[];
}

/** Where chronicles were kept before D13: maps inside the participant's entry, still read. */
const LEGACY_KEY = 'chronicle';

/**
 * A part's records: a top-level map per participant and part. A top-level type is known by its name
 * on every device, so two devices writing a first record at once write into the same map; a map made
 * on first write inside the entry (the old layout) was made twice, and the merge kept one device's.
 */
const partMap = (doc: Y.Doc, participant: string, part: ChroniclePart): Y.Map<unknown> =>
  doc.getMap<unknown>(partMapName(participant, part));

/** The participants whose chronicle a transaction changed. */
export function chroniclesChangedBy(tr: Y.Transaction): Set<string> {
  const changed = new Set<unknown>([...tr.changed.keys(), ...tr.changedParentTypes.keys()]);
  const touched = new Set<string>();
  for (const [name, type] of tr.doc.share)
    if (name.startsWith(PART_MAP_PREFIX) && changed.has(type))
      touched.add(name.slice(PART_MAP_PREFIX.length, name.lastIndexOf('/')));
  return touched;
}

/**
 * The maps a part's records are read from: the old layout's (if the story has one), then the current;
 * in a segmented story, then the same map of every loaded segment (entries and audit).
 */
function partMaps(
  doc: Y.Doc,
  participant: string,
  part: ChroniclePart,
  where: 'everywhere' | 'root' = 'everywhere',
): Y.Map<unknown>[] {
  const entry = participantsMap(doc).get(participant);
  if (!(entry instanceof Y.Map)) return [];
  const legacy = entry.get(LEGACY_KEY);
  const old = legacy instanceof Y.Map ? legacy.get(part) : undefined;
  const docs = where === 'root' ? [doc] : chronicleDocs(doc, part);
  const current = docs.map((d) => partMap(d, participant, part));
  return old instanceof Y.Map ? [old as Y.Map<unknown>, ...current] : current;
}

/**
 * Every stored value of one part by its key; the current layout's value wins over the old one's.
 * `root`: only what the story's own document holds (what a migration moves out of it).
 */
export function partValues(
  doc: Y.Doc,
  participant: string,
  part: ChroniclePart,
  where: 'everywhere' | 'root' = 'everywhere',
): Map<string, unknown> {
  const values = new Map<string, unknown>();
  for (const map of partMaps(doc, participant, part, where))
    for (const [key, value] of map.entries()) values.set(key, value);
  return values;
}

/** Every valid record of one part (a malformed one from a peer is skipped, never thrown on). */
export function readPart<P extends ChroniclePart>(
  doc: Y.Doc,
  participant: string,
  part: P,
): ChronicleRecord<P>[] {
  const out: ChronicleRecord<P>[] = [];
  for (const value of partValues(doc, participant, part).values()) {
    const parsed = PARTS[part].safeParse(value);
    if (parsed.success) out.push(parsed.data as ChronicleRecord<P>);
  }
  return out;
}

/** The valid records of one part a segment document holds (a segment has no participants of its own). */
export function readSegmentPart<P extends ChroniclePart>(
  segment: Y.Doc,
  participant: string,
  part: P,
): ChronicleRecord<P>[] {
  const out: ChronicleRecord<P>[] = [];
  for (const value of partMap(segment, participant, part).values()) {
    const parsed = PARTS[part].safeParse(value);
    if (parsed.success) out.push(parsed.data as ChronicleRecord<P>);
  }
  return out;
}

/** The keys of every record of a participant's chronicle that does not parse (`readPart` skips them). */
export function unreadableRecords(
  doc: Y.Doc,
  participant: string,
): Array<{ part: ChroniclePart; key: string }> {
  const out: Array<{ part: ChroniclePart; key: string }> = [];
  for (const part of Object.keys(PARTS) as ChroniclePart[]) {
    for (const [key, value] of partValues(doc, participant, part))
      if (!PARTS[part].safeParse(value).success) out.push({ part, key });
  }
  return out;
}

export function readChronicle(doc: Y.Doc, participant: string): Chronicle {
  return {
    entries: readPart(doc, participant, 'entries'),
    reviews: readPart(doc, participant, 'reviews'),
    corrections: readPart(doc, participant, 'corrections'),
    memoryEdits: readPart(doc, participant, 'memoryEdits'),
    checkpoints: readPart(doc, participant, 'checkpoints'),
    audit: readPart(doc, participant, 'audit'),
    memoryDigest: readPart(doc, participant, 'memoryDigest'),
  };
}

/** Writes records (validated: a bug here must not put a bad record into a synced document). */
export function writeRecords<P extends ChroniclePart>(
  doc: Y.Doc,
  participant: string,
  part: P,
  records: ReadonlyArray<ChronicleRecord<P>>,
  origin?: unknown,
): void {
  const valid = records.map((r) => PARTS[part].parse(r) as { id?: string; changeId?: string });
  if (!(participantsMap(doc).get(participant) instanceof Y.Map))
    throw new Error(`no participant ${participant}`);
  // A segmented story's entry goes to its last turn's segment: one transaction per document written.
  const byDoc = new Map<Y.Doc, typeof valid>();
  for (const r of valid) {
    const target = chronicleDocFor(doc, part, r);
    byDoc.set(target, [...(byDoc.get(target) ?? []), r]);
  }
  if (!byDoc.size) byDoc.set(doc, []);
  for (const [target, list] of byDoc)
    target.transact(() => {
      const map = partMap(target, participant, part);
      for (const r of list) map.set(recordKey(r), r);
    }, origin);
}

export function deleteRecords(
  doc: Y.Doc,
  participant: string,
  part: ChroniclePart,
  keys: readonly string[],
  origin?: unknown,
  where: 'everywhere' | 'root' = 'everywhere',
): void {
  const maps = partMaps(doc, participant, part, where);
  // One transaction per document: the root (both layouts), and each loaded segment.
  for (const target of new Set([doc, ...maps.map((m) => m.doc as Y.Doc)]))
    target.transact(() => {
      for (const map of maps) if (map.doc === target) for (const key of keys) map.delete(key);
    }, origin);
}

/** A record's key in its map: its id (a review is keyed by the change it answers). */
export function recordKey(record: {
  id?: string;
  changeId?: string;
  kind?: string;
  memory?: { id: string };
  memoryId?: string;
}): string {
  if (record.changeId !== undefined) return record.changeId;
  if (record.kind === 'added' && record.memory) return `added:${record.memory.id}`;
  if (record.kind === 'forgotten' && record.memoryId !== undefined) return `forgotten:${record.memoryId}`;
  if (record.id !== undefined) return record.id;
  throw new Error('a chronicle record without a key');
}
