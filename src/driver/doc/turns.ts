// Turns of the story tree: append (a child of the active leaf, or of any earlier turn to branch),
// read as plain snapshots, and edit the one authored source.
import * as Y from 'yjs';
import type { PovSnapshot, TurnOrigin, TurnSnapshot } from './schema.ts';
import { metaMap, turnsMap } from './story-doc.ts';
import {
  EMPTY_EDIT,
  applyTextDelta,
  deltaOutcome,
  replaceText,
  type TextDeltaOp,
  type TextEditResult,
} from './text-edit.ts';
import { presentIds } from './participants.ts';
import { readGiven, storedGiven, type Given } from './given.ts';
import { readPovMap } from './pov.ts';
import { readRolls, turnRollsSchema, type DiceRoll } from './turn-rolls.ts';
import { LEAF_KEY, readLeafRef, writeLeafRef } from './leaf-ref.ts';
import { newestSoundTurn, type LeafCandidate } from './sound-leaf.ts';
import { bandMayExist } from './segment-clocks.ts';
import { storySetOf, type StorySet } from './story-set.ts';
import type { TurnRef } from './segment-key.ts';
import {
  bandOf,
  storedDepth,
  storedTurn,
  type NeedsSegment,
  type PlacementFlaw,
  type StoredTurn,
} from './segment-turns.ts';

export interface NewTurn {
  id: string;
  author: string;
  text: string;
  origin: TurnOrigin;
  createdAt: string;
  /** The parent turn; defaults to the active leaf. `null` starts a new root. */
  parent?: string | null;
  /** Who perceives it; defaults to the present participants (the author always included). */
  audiences?: string[];
  /** For generated turns: fingerprint of the author's history it was generated from. */
  basis?: string;
  /** A generated turn whose text a person changed by hand (a copy of one keeps the mark). */
  edited?: boolean;
  /** Who wrote it by hand for its author (the user writing as a character); unset: the author. */
  writtenBy?: string;
  /** For a generated turn: what its request was given (the inspector's itemisation). */
  given?: Given;
  /** For a generated turn: the dice its character rolled while writing it (DI5). */
  rolls?: readonly DiceRoll[];
  /** For a generated turn: its answer still stopped at its length limit (B6). */
  cut?: boolean;
  /** Make the new turn the active leaf (default true). */
  activate?: boolean;
}

/** The stored turn `id` (a Y.Map), whether or not its fields can be read; in its segment when segmented. */
export function turnMap(doc: Y.Doc, id: string): Y.Map<unknown> | undefined {
  const m: unknown = storySetOf(doc) ? storedTurn(doc, id)?.value : turnsMap(doc).get(id);
  return m instanceof Y.Map ? m : undefined;
}

/**
 * The first field of a stored turn that cannot be read; 'turn': it is not a turn at all. In a segmented
 * story also where it sits: 'depth' (not its parent's + 1), 'segment' (in another band's document).
 */
export type TurnFlaw =
  'turn' | 'parent' | 'author' | 'audiences' | 'source' | 'origin' | 'pov' | PlacementFlaw;

/**
 * What is wrong with a stored turn, or null when it reads (synced state is untrusted: a peer may have
 * written anything). Cheap checks only: the path walk asks this of every turn it reads.
 */
export function turnFlaw(m: unknown): TurnFlaw | null {
  if (!(m instanceof Y.Map)) return 'turn';
  const parent: unknown = m.get('parent');
  if (parent !== null && typeof parent !== 'string') return 'parent';
  if (typeof m.get('author') !== 'string') return 'author';
  const audiences: unknown = m.get('audiences');
  if (!Array.isArray(audiences) || !audiences.every((a) => typeof a === 'string')) return 'audiences';
  if (!(m.get('source') instanceof Y.Text)) return 'source';
  const origin: unknown = m.get('origin');
  if (origin !== 'authored' && origin !== 'generated') return 'origin';
  if (!(m.get('pov') instanceof Y.Map)) return 'pov';
  return null;
}

/** What is wrong with a stored record, its fields or (segmented) where it sits; null when it reads. */
export const storedFlaw = (s: StoredTurn): TurnFlaw | null => turnFlaw(s.value) ?? s.misplaced;

/** A turn this device has and can read; an unreadable one is treated as absent (not on any path). */
export function hasTurn(doc: Y.Doc, id: string): boolean {
  if (!storySetOf(doc)) return turnFlaw(turnsMap(doc).get(id)) === null;
  const s = storedTurn(doc, id);
  return s !== undefined && storedFlaw(s) === null;
}

/** The depth of a readable turn of a segmented story; undefined when absent or the story is not segmented. */
export function turnDepth(doc: Y.Doc, id: string): number | undefined {
  const s = storySetOf(doc) && storedTurn(doc, id);
  return s && storedFlaw(s) === null ? storedDepth(s.value as Y.Map<unknown>) : undefined;
}

/** A new turn whose parent may be named by its ref (a segmented story's worker knows the depth). */
export type NewTurnAt = Omit<NewTurn, 'parent'> & { parent?: string | TurnRef | null };

export function appendTurn(doc: Y.Doc, turn: NewTurn, origin?: unknown): string {
  if (!storySetOf(doc)) return appendUnsegmented(doc, turn, origin);
  const r = appendTurnAt(doc, turn, origin);
  if ('code' in r) throw new Error(`cannot append a turn here: segment ${r.segment} is not loaded`);
  return r.id;
}

/**
 * Appends a turn and answers its ref. In a segmented story it is written, with its depth, into the
 * segment document of its band (made when it is the first there); a parent (or the leaf) in a band not
 * loaded answers a code. A parent this device does not have at all is a caller's bug (a throw).
 */
export function appendTurnAt(doc: Y.Doc, turn: NewTurnAt, origin?: unknown): TurnRef | NeedsSegment {
  const set = storySetOf(doc);
  if (!set) {
    const { parent, ...rest } = turn;
    const named = typeof parent === 'object' && parent !== null ? parent.id : parent;
    const id = appendUnsegmented(doc, { ...rest, ...(named === undefined ? {} : { parent: named }) }, origin);
    return { id, depth: depthUp(doc, id) };
  }
  const parent = parentRef(set, turn.parent);
  if (parent && 'code' in parent) return parent;
  if (hasTurn(doc, turn.id)) throw new Error(`turn ${turn.id} exists already`);
  const depth = parent ? parent.depth + 1 : 0;
  const segment = set.ensure(bandOf(set, depth));
  segment.transact(() => {
    const m = turnRecord(doc, turn, parent?.id ?? null);
    m.set('depth', depth);
    turnsMap(segment).set(turn.id, m);
  }, origin);
  if (turn.activate !== false) writeLeafRef(doc, { id: turn.id, depth }, origin);
  return { id: turn.id, depth };
}

/** A segmented story's parent for a new turn, as a ref checked against what is loaded; null: a new root. */
function parentRef(set: StorySet, given: NewTurnAt['parent']): TurnRef | NeedsSegment | null {
  const root = set.root;
  if (given === undefined) {
    // The leaf the person sees: a damaged one's stand-in (U5), never a new root cut off from the story.
    const stored = storedLeaf(root);
    if (stored.sound && stored.id === null && stored.depth !== undefined)
      return { ok: false, code: 'segment-not-loaded', segment: bandOf(set, stored.depth) };
    const id = activeLeaf(root);
    return id === null ? null : { id, depth: turnDepth(root, id) as number };
  }
  const ref = typeof given === 'string' ? { id: given } : given;
  if (ref === null) return null;
  if ('depth' in ref && !set.segment(bandOf(set, ref.depth)))
    return { ok: false, code: 'segment-not-loaded', segment: bandOf(set, ref.depth) };
  const depth = turnDepth(root, ref.id);
  if (depth === undefined || ('depth' in ref && ref.depth !== depth))
    throw new Error(`cannot append to unknown turn ${ref.id}`);
  return { id: ref.id, depth };
}

/** A turn's depth in a story kept in one document: its path counted up (a loop of parents ends it). */
function depthUp(doc: Y.Doc, id: string): number {
  const seen = new Set<string>();
  for (let p = turnParent(doc, id); p !== null && !seen.has(p); p = turnParent(doc, p)) seen.add(p);
  return seen.size;
}

function appendUnsegmented(doc: Y.Doc, turn: NewTurn, origin?: unknown): string {
  const parent = turn.parent === undefined ? activeLeaf(doc) : turn.parent;
  if (parent !== null && !hasTurn(doc, parent)) throw new Error(`cannot append to unknown turn ${parent}`);
  if (hasTurn(doc, turn.id)) throw new Error(`turn ${turn.id} exists already`);
  doc.transact(() => {
    turnsMap(doc).set(turn.id, turnRecord(doc, turn, parent));
    if (turn.activate !== false) metaMap(doc).set('activeLeaf', turn.id);
  }, origin);
  return turn.id;
}

/** A new turn's record, as every layout stores it (a segmented story adds its depth). */
function turnRecord(doc: Y.Doc, turn: NewTurnAt, parent: string | null): Y.Map<unknown> {
  const audiences = [...new Set([...(turn.audiences ?? presentIds(doc)), turn.author])];
  const m = new Y.Map<unknown>();
  m.set('parent', parent);
  m.set('author', turn.author);
  m.set('audiences', audiences);
  m.set('source', new Y.Text(turn.text));
  m.set('origin', turn.origin);
  if (turn.basis !== undefined) m.set('basis', turn.basis);
  if (turn.edited) m.set('edited', true);
  if (turn.writtenBy !== undefined) m.set('writtenBy', turn.writtenBy);
  if (turn.cut) m.set('cut', true);
  if (turn.given) m.set('given', storedGiven(turn.given));
  if (turn.given?.lore) m.set('lore', turn.given.lore);
  if (turn.rolls?.length) m.set('rolls', turnRollsSchema.parse(turn.rolls));
  m.set('createdAt', turn.createdAt);
  m.set('pov', new Y.Map());
  return m;
}

/**
 * The last turn of the chronology: the stored leaf when this device has it (at its depth, segmented);
 * none when none is stored. A stored leaf that cannot be followed — a turn nobody has, a depth no turn
 * sits at, a value of the wrong type — is damage (U5): the newest turn with a sound path stands for
 * it, so what the person sees is what the next turn follows, never a new root cut off from the story.
 */
export function activeLeaf(doc: Y.Doc): string | null {
  const stored = storedLeaf(doc);
  return stored.sound ? stored.id : soundLeaf(doc);
}

/** The stored leaf as read: `sound` when it is none or a turn here (at its depth); else what it names. */
export function storedLeaf(doc: Y.Doc): { sound: boolean; id: string | null; depth?: number } {
  const set = storySetOf(doc);
  if (set) {
    const raw: unknown = metaMap(doc).get(LEAF_KEY);
    if (raw === null || raw === undefined) return { sound: true, id: null };
    const ref = readLeafRef(doc);
    if (ref && turnDepth(doc, ref.id) === ref.depth) return { sound: true, id: ref.id };
    // A band not loaded yet is no damage when a turn may sit there: it comes with it (SG3).
    const band = ref && bandOf(set, ref.depth);
    if (ref && band !== null && !set.segment(band) && bandMayExist(doc, band))
      return { sound: true, id: null, depth: ref.depth };
    return { sound: false, id: ref?.id ?? null, ...(ref ? { depth: ref.depth } : {}) };
  }
  const leaf: unknown = metaMap(doc).get('activeLeaf');
  if (leaf === null || leaf === undefined) return { sound: true, id: null };
  if (typeof leaf === 'string' && hasTurn(doc, leaf)) return { sound: true, id: leaf };
  return { sound: false, id: typeof leaf === 'string' ? leaf : null };
}

/** The turn that stands for a damaged leaf: the newest readable turn whose path up is sound (U5). */
export function soundLeaf(doc: Y.Doc): string | null {
  const set = storySetOf(doc);
  const candidate = (id: string): LeafCandidate | undefined => {
    const m = turnMap(doc, id);
    if (!m || !hasTurn(doc, id)) return undefined;
    const parent = turnParent(doc, id);
    const createdAt = String(m.get('createdAt') ?? '');
    if (!set || parent === null) return { parent, createdAt };
    const depth = storedDepth(m) ?? 0;
    return { parent, createdAt, depth, parentAway: depth > 0 && !set.segment(bandOf(set, depth - 1)) };
  };
  const ids = set
    ? set.loaded().flatMap((n) => [...turnsMap(set.segment(n) as Y.Doc).keys()])
    : turnsMap(doc).keys();
  return newestSoundTurn(ids, candidate);
}

export function turnParent(doc: Y.Doc, id: string): string | null {
  const p = turnMap(doc, id)?.get('parent');
  return typeof p === 'string' ? p : null;
}

export function sourceText(doc: Y.Doc, id: string): Y.Text {
  const t = turnMap(doc, id)?.get('source');
  if (t instanceof Y.Text) return t;
  throw new Error(`turn ${id} has no source text`);
}

/** What the request that generated turn `id` was given, when stored and sound. */
export function turnGiven(doc: Y.Doc, id: string): Given | undefined {
  const m = turnMap(doc, id);
  return readGiven(m?.get('given'), m?.get('lore'));
}

/** A readable turn as a plain snapshot (`hasTurn` first: an unreadable one is a bug to ask for). */
export function readTurn(doc: Y.Doc, id: string): TurnSnapshot {
  const stored = storedTurn(doc, id);
  if (!stored) throw new Error(`no turn ${id}`);
  const flaw = storedFlaw(stored);
  if (flaw) throw new Error(`turn ${id} cannot be read (${flaw})`);
  const m = stored.value as Y.Map<unknown>;
  const basis = m.get('basis');
  const writtenBy = m.get('writtenBy');
  const createdAt = m.get('createdAt');
  const pov: Record<string, PovSnapshot> = readPovMap(m);
  const rolls = readRolls(m.get('rolls'));
  return {
    id,
    parent: turnParent(doc, id),
    author: m.get('author') as string,
    // A copy: the stored array is Yjs's own content, and a snapshot must not alias it.
    audiences: [...(m.get('audiences') as string[])],
    source: sourceText(doc, id).toString(),
    origin: m.get('origin') as TurnOrigin,
    ...(typeof basis === 'string' ? { basis } : {}),
    edited: m.get('edited') === true,
    ...(typeof writtenBy === 'string' ? { writtenBy } : {}),
    // Edited by hand, the text is the person's: whole as they left it.
    ...(m.get('cut') === true && m.get('edited') !== true ? { cut: true as const } : {}),
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    pov,
    ...(rolls.length ? { rolls } : {}),
  };
}

/**
 * A hand edit of a turn's source. A generated turn edited by hand is marked `edited`: its text is now
 * the person's, which a rewrite keeps. An edit that would leave no text is refused (nothing written).
 */
export function editSource(
  doc: Y.Doc,
  id: string,
  edit: { delta: TextDeltaOp[] } | { text: string },
  origin?: unknown,
): TextEditResult {
  const text = sourceText(doc, id);
  const next = 'delta' in edit ? deltaOutcome(text.toString(), edit.delta) : edit.text;
  if (!next.trim()) return EMPTY_EDIT;
  // The transaction of the document that holds the turn (its segment's, when segmented).
  (text.doc ?? doc).transact(() => {
    if ('delta' in edit) applyTextDelta(text, edit.delta);
    else replaceText(text, edit.text);
    const m = turnMap(doc, id);
    if (m?.get('origin') === 'generated') m.set('edited', true);
  }, origin);
  return { ok: true };
}

/** Re-stamps a generated turn's basis: the user keeps it as is although its history changed. */
export function restampTurn(doc: Y.Doc, id: string, basis: string, origin?: unknown): void {
  const m = turnMap(doc, id);
  (m?.doc ?? doc).transact(() => m?.set('basis', basis), origin);
}
