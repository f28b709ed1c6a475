// What of a story cannot be read: synced state is untrusted input (rules U1–U4). The views read
// around it — a loop of parents cut, an unreadable record left out — and this lists it, in codes
// (the worker and the app word them), so the story opens with what is sound and says what is not.
import type * as Y from 'yjs';
import { chroniclesChangedBy, unreadableRecords, type ChroniclePart } from '../doc/chronicle.ts';
import { unreadableParticipants } from '../doc/participants.ts';
import { povFlaws, type PovFlaw } from '../doc/pov.ts';
import { observeTurnChanges } from '../doc/changes.ts';
import { metaMap, participantsMap, turnsMap, unreadableMeta, type MetaField } from '../doc/story-doc.ts';
import { soundLeaf, storedFlaw, storedLeaf, turnFlaw, type TurnFlaw } from '../doc/turns.ts';
import { storySetOf, type StorySet } from '../doc/story-set.ts';
import { bandOf, storedCopies, storedDepth } from '../doc/segment-turns.ts';

export type StoryProblem =
  /** A loop of parent links (one problem per loop, named by its least turn id): each path through it is cut. */
  | { code: 'parent-cycle'; turnId: string }
  /** A turn whose parent this device does not have: its path starts at it. */
  | { code: 'missing-parent'; turnId: string; parent: string }
  /**
   * A turn that cannot be read: left out of every path (what follows it starts a path of its own). In a
   * segmented story also one whose depth does not follow its parent's, or stored in another band's
   * segment (a copy beside a well-placed one is told so too).
   */
  | { code: 'unreadable-turn'; turnId: string; field: TurnFlaw }
  /** A view that cannot be read: counted as not written yet. */
  | { code: 'unreadable-view'; turnId: string; audience: string; field: PovFlaw }
  /** A participant that cannot be read: left out of the cast (its turns stay). */
  | { code: 'unreadable-participant'; participantId: string; field: string }
  /**
   * A stored leaf that cannot be followed — a turn nobody has, a depth no turn sits at — so the story
   * shows `shown` instead, the newest turn with a sound path (U5); `repairLeaf` writes it.
   */
  | { code: 'lost-leaf'; leaf: string | null; depth?: number; shown: string | null }
  /** A field of the story's meta that cannot be read: its default applies. */
  | { code: 'unreadable-meta'; field: MetaField }
  /** A record of a participant's chronicle that cannot be read: left out of what it remembers. */
  | { code: 'unreadable-chronicle'; participantId: string; part: ChroniclePart; key: string };
export type StoryProblemCode = StoryProblem['code'];

/** The loops among parent links, each named by its least turn id; one pass, each turn visited once. */
function parentCycles(parents: ReadonlyMap<string, string | null>): string[] {
  const DONE = 2;
  const ON_CHAIN = 1;
  const state = new Map<string, number>();
  const out: string[] = [];
  for (const start of parents.keys()) {
    const chain: string[] = [];
    let id: string | null | undefined = start;
    while (id != null && parents.has(id) && !state.has(id)) {
      state.set(id, ON_CHAIN);
      chain.push(id);
      id = parents.get(id);
    }
    if (id != null && state.get(id) === ON_CHAIN)
      out.push(chain.slice(chain.indexOf(id)).sort()[0] as string);
    for (const c of chain) state.set(c, DONE);
  }
  return out;
}

/** What one stored turn's reading finds: its parent link (undefined: it cannot be read) and problems. */
interface TurnRead {
  parent: string | null | undefined;
  problems: StoryProblem[];
  /** A segmented story's turn whose parent's band is not loaded here: its parent is not missing. */
  parentAway?: boolean;
}

function readTurnProblems(turnId: string, m: unknown): TurnRead {
  const field = turnFlaw(m);
  if (field) return { parent: undefined, problems: [{ code: 'unreadable-turn', turnId, field }] };
  const turn = m as Y.Map<unknown>;
  return {
    parent: turn.get('parent') as string | null,
    problems: povFlaws(turn).map(({ audience, flaw }) => ({
      code: 'unreadable-view',
      turnId,
      audience,
      field: flaw,
    })),
  };
}

/**
 * A segmented story's turn read from its loaded records: the well-placed one as any turn, every other
 * copy as misplaced; a parent in a band not loaded is away, not missing.
 */
function readSegmentTurn(set: StorySet, turnId: string): TurnRead | undefined {
  const copies = storedCopies(set, turnId);
  const chosen = copies.find((c) => turnFlaw(c.value) === null && c.misplaced === null) ?? copies[0];
  if (!chosen) return undefined;
  const flaw = storedFlaw(chosen);
  const read: TurnRead = flaw
    ? { parent: undefined, problems: [{ code: 'unreadable-turn', turnId, field: flaw }] }
    : readTurnProblems(turnId, chosen.value);
  for (const c of copies)
    if (c !== chosen)
      read.problems.push({ code: 'unreadable-turn', turnId, field: storedFlaw(c) ?? 'segment' });
  if (flaw) return read;
  const depth = storedDepth(chosen.value as Y.Map<unknown>);
  if (depth !== undefined && depth > 0) read.parentAway = !set.segment(bandOf(set, depth - 1));
  return read;
}

/** Parents nobody sent and loops of parents, over the readable turns' links (plain data: fast). */
function linkProblems(turns: ReadonlyMap<string, TurnRead>): StoryProblem[] {
  const parents = new Map<string, string | null>();
  for (const [id, r] of turns) if (r.parent !== undefined) parents.set(id, r.parent);
  const out: StoryProblem[] = [];
  // A parent present but unreadable is told as that turn; only one nobody sent is missing.
  for (const [turnId, parent] of parents)
    if (parent !== null && !turns.has(parent) && !turns.get(turnId)?.parentAway)
      out.push({ code: 'missing-parent', turnId, parent });
  for (const turnId of parentCycles(parents)) out.push({ code: 'parent-cycle', turnId });
  return out;
}

/** The stored leaf, when it cannot be followed, with the turn shown for it (read per change: turns move it). */
function leafProblems(doc: Y.Doc): StoryProblem[] {
  const stored = storedLeaf(doc);
  if (stored.sound) return [];
  const depth = stored.depth === undefined ? {} : { depth: stored.depth };
  return [{ code: 'lost-leaf', leaf: stored.id, ...depth, shown: soundLeaf(doc) }];
}

function personProblems(doc: Y.Doc): StoryProblem[] {
  const out: StoryProblem[] = unreadableParticipants(doc).map(({ id, field }) => ({
    code: 'unreadable-participant',
    participantId: id,
    field,
  }));
  for (const participantId of participantsMap(doc).keys())
    for (const { part, key } of unreadableRecords(doc, participantId))
      out.push({ code: 'unreadable-chronicle', participantId, part, key });
  return out;
}

/**
 * The problems of one document, kept up to date from what each change touched: a 10,000-turn story
 * read whole took ~50 ms, too much to pay on every change the story screen re-reads.
 */
function createProblemMemo(doc: Y.Doc): () => readonly StoryProblem[] {
  const turns = new Map<string, TurnRead>();
  const touched = new Set<string>();
  let filled = false;
  let meta: StoryProblem[] | undefined;
  let people: StoryProblem[] | undefined;
  let links: StoryProblem[] | undefined;
  let list: readonly StoryProblem[] | undefined;
  /** The turns that have problems (few): the list is rebuilt from these, not from every turn. */
  const flawed = new Map<string, StoryProblem[]>();
  const place = (id: string, read: TurnRead | undefined) => {
    if (read) turns.set(id, read);
    else turns.delete(id);
    if (read?.problems.length) flawed.set(id, read.problems);
    else flawed.delete(id);
  };
  /** Turns a readable turn names as its parent and nobody sent: one arriving changes the links. */
  let awaited = new Set<string>();
  observeTurnChanges(doc, (ids) => {
    for (const id of ids) touched.add(id);
    list = undefined;
  });
  /** Whether a turn read again leaves every parent link as it was (an edit, or an append below a turn present). */
  const sameLinks = (id: string, before: TurnRead | undefined, after: TurnRead | undefined) => {
    if (before && after) return before.parent === after.parent;
    if (before || !after || after.parent === undefined || awaited.has(id)) return false;
    return after.parent === null || turns.has(after.parent);
  };
  participantsMap(doc).observeDeep(() => (people = list = undefined));
  // Chronicles are top-level maps beside the participants (D13).
  doc.on('afterTransaction', (tr: Y.Transaction) => {
    if (chroniclesChangedBy(tr).size) people = list = undefined;
  });
  metaMap(doc).observeDeep(() => (meta = list = undefined));
  const set = storySetOf(doc);
  // A segment loaded or unloaded: its own turns are told as turn changes; whether a parent is away
  // changes for the band above it, read again too (not every turn: loading band by band would read
  // the story once per band).
  set?.observe(({ n }) => {
    const above = set.segment(n + 1);
    if (above) for (const id of turnsMap(above).keys()) touched.add(id);
    links = list = undefined;
  });
  const stored = turnsMap(doc);
  const readTurnAt = (id: string): TurnRead | undefined =>
    set ? readSegmentTurn(set, id) : stored.has(id) ? readTurnProblems(id, stored.get(id)) : undefined;
  return () => {
    if (list) return list;
    if (!filled) {
      turns.clear();
      flawed.clear();
      const ids = set
        ? set.loaded().flatMap((n) => [...turnsMap(set.segment(n) as Y.Doc).keys()])
        : stored.keys();
      for (const id of ids) place(id, readTurnAt(id));
      filled = true;
    } else
      for (const id of touched) {
        const before = turns.get(id);
        const after = readTurnAt(id);
        place(id, after);
        if (!sameLinks(id, before, after)) links = undefined;
      }
    touched.clear();
    meta ??= unreadableMeta(doc).map((field) => ({ code: 'unreadable-meta', field }));
    people ??= personProblems(doc);
    if (!links) {
      links = linkProblems(turns);
      awaited = new Set(links.flatMap((p) => (p.code === 'missing-parent' ? [p.parent] : [])));
    }
    return (list = [...leafProblems(doc), ...meta, ...people, ...[...flawed.values()].flat(), ...links]);
  };
}

const memos = new WeakMap<Y.Doc, () => readonly StoryProblem[]>();

/** What of the story cannot be read, kept up to date with the document from the first time it is asked. */
export function storyProblems(doc: Y.Doc): readonly StoryProblem[] {
  let memo = memos.get(doc);
  if (!memo) memos.set(doc, (memo = createProblemMemo(doc)));
  return memo();
}
