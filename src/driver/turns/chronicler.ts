// The chronicler: when turns leave a participant's window, one isolated call reads that
// participant's own transcript of them — nothing of anyone else's, no card — and answers with what it
// will remember: memories, events as it perceived them, changes of state, uncertainties. Each event
// and change must quote its evidence from that transcript (chronicle-answer.ts); an item that does not
// is refused into the audit with the reason, and never reaches memory or state.
import { deleteRecords, writeRecords, type Audit, type ChronicleEntry } from '../doc/chronicle.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import type { ChatRequest } from '../model.ts';
import { chronicleOnPath } from '../memory/chronicle-on-path.ts';
import {
  coveredThrough,
  dueCheckpoint,
  entriesOnPath,
  transcriptBasis,
  type PathIndex,
} from '../memory/chronicle-view.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { formatEntry } from '../views/transcript-text.ts';
import { requestBudget } from '../budget/request-budget.ts';
import { estimateTokens } from '../budget/tokens.ts';
import type { Fitted } from '../budget/fit.ts';
import { cacheKeyOf, promptsOf } from './point-of-view.ts';
import { fittedAhead, fittedChunk, leavingNext } from './chronicle-request.ts';
import { generateValidated } from './generate.ts';
import { checkAnswer, readChronicleAnswer } from './chronicle-answer.ts';
import { dueBoundaryCheckpoints, pathIndexWithSeed } from '../memory/chronicle-boundaries.ts';
import { storeInDigest } from '../memory/chronicle-digest.ts';
import { seedOfIndex } from '../memory/chronicle-seed.ts';
import { storySetOf } from '../doc/story-set.ts';
import { bandOf } from '../doc/segment-turns.ts';

/** One chronicler call over the slice it was fitted to; the entry and any refusals are written. */
async function chronicleSlice(
  story: Story,
  env: DriverEnv,
  who: string,
  slice: readonly TranscriptEntry[],
  fitted: Fitted<ChatRequest>,
): Promise<DriverResult> {
  const language = story.views.meta().language;
  const cast = story.views.cast();
  const byName = (name: string) =>
    cast.participants.find((p) => p.name.trim().toLocaleLowerCase() === name.trim().toLocaleLowerCase())?.id;
  env.onPhase?.({ kind: 'remembering', participant: who });
  const result = await generateValidated(env, {
    model: env.models.projector,
    language,
    fitted,
    cacheKey: cacheKeyOf(story, who),
    validate: (text) => readChronicleAnswer(text, language),
  });
  if (!result.ok) return result;
  const nodes = story.views.world()?.nodes ?? [];
  const checked = checkAnswer(result.value, { slice, byName, nodes, newId: env.newId, language });
  const at = isoNow(env);
  const turns = slice.map((e) => e.turnId);
  const entry: ChronicleEntry = {
    id: env.newId(),
    turns,
    basis: transcriptBasis(slice),
    createdAt: at,
    ...(result.model ? { model: result.model } : {}),
    ...checked.entry,
  };
  const audit: Audit[] = checked.refused.map((r) => ({
    id: env.newId(),
    turns,
    item: JSON.stringify(r.item).slice(0, 8000),
    reason: r.reason,
    at,
  }));
  story.doc.transact(() => {
    writeRecords(story.doc, who, 'entries', [entry]);
    if (audit.length) writeRecords(story.doc, who, 'audit', audit);
  }, env.origin);
  storeInDigest(story, env, who, entry.memories, turns.at(-1) as string);
  return { ok: true };
}

/** Turn id → path index along the path to `leaf` (a seeded path's boundary turn first: CS3). */
export function pathIndexOf(story: Story, leaf: string | null): PathIndex {
  return pathIndexWithSeed(story.views, leaf);
}

/** The start of `pending` within one band of a segmented story: an entry never reads across a band's end. */
function withinBand(story: Story, pending: TranscriptEntry[], index: PathIndex): TranscriptEntry[] {
  const set = storySetOf(story.doc);
  const band = (e: TranscriptEntry | undefined) => (set && e ? bandOf(set, index.get(e.turnId) ?? 0) : 0);
  const first = band(pending[0]);
  const end = pending.findIndex((e) => band(e) !== first);
  return end < 0 ? pending : pending.slice(0, end);
}

/**
 * Chronicles what `who` will remember (M1): the entries of its `transcript` before the window's `start`
 * that no entry on the path covers yet, in chunks that fit the chronicler's budget; then, when the
 * window (of `room` estimated tokens) is nearly full, the entries it will drop at its next step, over
 * the window itself; then stores a checkpoint of the state when one is due.
 */
export async function chronicle(
  story: Story,
  env: DriverEnv,
  who: string,
  transcript: readonly TranscriptEntry[],
  window: { start: number; room: number },
  leaf: string | null,
): Promise<DriverResult> {
  const index = pathIndexOf(story, leaf);
  const covered = coveredThrough(entriesOnPath(story.views.chronicle(who), index, entryLookup(transcript)));
  const uncovered = (e: TranscriptEntry) => (index.get(e.turnId) ?? -1) > covered && e.kind !== 'missing';
  const { nameOf } = story.views.cast();
  const costs = transcript.map((e) => estimateTokens(formatEntry(e, nameOf)) + 1);
  const cut = leavingNext(costs, window.start, window.room);
  const pending = transcript.slice(0, window.start).filter(uncovered);
  const ahead = transcript.slice(window.start, cut).filter(uncovered);
  if (!pending.length && !ahead.length) {
    storeDueCheckpoint(story, env, who, transcript, index);
    return { ok: true };
  }
  const budget = await requestBudget(env, 'chronicler', env.models.projector, promptsOf(story));
  const positions = new Map(transcript.map((e, i) => [e.turnId, i]));
  const inChunks = async (entries: TranscriptEntry[]): Promise<DriverResult> => {
    while (entries.length) {
      const band = withinBand(story, entries, index);
      const at = positions.get((band[0] as TranscriptEntry).turnId) ?? 0;
      const { slice, fitted } = await fittedChunk(story, env, who, band, at, budget);
      const r = await chronicleSlice(story, env, who, slice, fitted);
      if (!r.ok) return r;
      entries = entries.slice(slice.length);
    }
    return { ok: true };
  };
  const before = await inChunks(pending);
  if (!before.ok) return before;
  if (ahead.length) {
    const band = withinBand(story, ahead, index);
    const fitted = await fittedAhead(story, env, who, transcript, window.start, band, budget);
    const r = fitted ? await chronicleSlice(story, env, who, band, fitted) : await inChunks(ahead);
    if (!r.ok) return r;
  }
  storeDueCheckpoint(story, env, who, transcript, index);
  return { ok: true };
}

const entryLookup = (transcript: readonly TranscriptEntry[]) => {
  const byTurn = new Map(transcript.map((e) => [e.turnId, e]));
  return (turnId: string) => byTurn.get(turnId);
};

function storeDueCheckpoint(
  story: Story,
  env: DriverEnv,
  who: string,
  transcript: readonly TranscriptEntry[],
  index: PathIndex,
): void {
  const chronicle = story.views.chronicle(who);
  const onPath = chronicleOnPath(chronicle, index, transcript);
  const idAt = new Map([...index].map(([id, i]) => [i, id]));
  // A seeded path's commits are the loaded part's: counted from 0 they would name a wrong checkpoint.
  const due = seedOfIndex(index)
    ? null
    : dueCheckpoint(onPath.commits, chronicle.checkpoints, (i) => idAt.get(i));
  const bands = dueBoundaryCheckpoints(story.doc, chronicle, onPath, index, coveredThrough(onPath.fresh));
  const records = [...(due ? [due] : []), ...bands.due].map((cp) => ({ id: env.newId(), ...cp }));
  if (records.length) writeRecords(story.doc, who, 'checkpoints', records, env.origin);
  if (bands.stale.length) deleteRecords(story.doc, who, 'checkpoints', bands.stale, env.origin);
}
