// What of a story cannot be read: synced state is untrusted input (rules U1–U4). The views read
// around it — a loop of parents cut, an unreadable record left out — and this lists it, in codes
// (the worker and the app word them), so the story opens with what is sound and says what is not.
import type * as Y from 'yjs';
import { unreadableRecords, type ChroniclePart } from '../doc/chronicle.ts';
import { unreadableParticipants } from '../doc/participants.ts';
import { povFlaws, type PovFlaw } from '../doc/pov.ts';
import { participantsMap, turnsMap, unreadableMeta, type MetaField } from '../doc/story-doc.ts';
import { turnFlaw, type TurnFlaw } from '../doc/turns.ts';

export type StoryProblem =
  /** A loop of parent links (one problem per loop, named by its least turn id): each path through it is cut. */
  | { code: 'parent-cycle'; turnId: string }
  /** A turn whose parent this device does not have: its path starts at it. */
  | { code: 'missing-parent'; turnId: string; parent: string }
  /** A turn that cannot be read: left out of every path (what follows it starts a path of its own). */
  | { code: 'unreadable-turn'; turnId: string; field: TurnFlaw }
  /** A view that cannot be read: counted as not written yet. */
  | { code: 'unreadable-view'; turnId: string; audience: string; field: PovFlaw }
  /** A participant that cannot be read: left out of the cast (its turns stay). */
  | { code: 'unreadable-participant'; participantId: string; field: string }
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

function scan(doc: Y.Doc): StoryProblem[] {
  const out: StoryProblem[] = unreadableMeta(doc).map((field) => ({ code: 'unreadable-meta', field }));
  for (const { id, field } of unreadableParticipants(doc))
    out.push({ code: 'unreadable-participant', participantId: id, field });
  for (const participantId of participantsMap(doc).keys())
    for (const { part, key } of unreadableRecords(doc, participantId))
      out.push({ code: 'unreadable-chronicle', participantId, part, key });
  const turns = turnsMap(doc);
  const parents = new Map<string, string | null>();
  for (const [turnId, m] of turns.entries()) {
    const field = turnFlaw(m);
    if (field) {
      out.push({ code: 'unreadable-turn', turnId, field });
      continue;
    }
    parents.set(turnId, m.get('parent') as string | null);
    for (const { audience, flaw } of povFlaws(m))
      out.push({ code: 'unreadable-view', turnId, audience, field: flaw });
  }
  // A parent present but unreadable is told as that turn; only one nobody sent is missing.
  for (const [turnId, parent] of parents)
    if (parent !== null && !turns.has(parent)) out.push({ code: 'missing-parent', turnId, parent });
  for (const turnId of parentCycles(parents)) out.push({ code: 'parent-cycle', turnId });
  return out;
}

const known = new WeakMap<Y.Doc, StoryProblem[]>();

/** What of the story cannot be read, read once per change of the document. */
export function storyProblems(doc: Y.Doc): readonly StoryProblem[] {
  let problems = known.get(doc);
  if (!problems) {
    problems = scan(doc);
    known.set(doc, problems);
    doc.once('update', () => known.delete(doc));
  }
  return problems;
}
