// The chronicler: when turns leave a participant's window, one isolated call reads that
// participant's own transcript of them — nothing of anyone else's, no card — and answers with what it
// will remember: memories, events as it perceived them, changes of state, uncertainties. Each event
// and change must quote its evidence exactly from that transcript; an item that does not is refused
// into the audit with the reason, and never reaches memory or state.
import { z } from 'zod';
import {
  STATE_DOMAINS,
  deleteRecords,
  writeRecords,
  type Audit,
  type ChronicleEntry,
  type StateChange,
} from '../doc/chronicle.ts';
import type { Language } from '../doc/schema.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatRequest } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import { chronicleOnPath } from '../views/chronicle-on-path.ts';
import {
  coveredThrough,
  dueCheckpoint,
  entriesOnPath,
  transcriptBasis,
  type PathIndex,
} from '../views/chronicle-view.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { formatEntry } from '../views/transcript-text.ts';
import { estimatedRoom, requestBudget, type RequestBudget } from '../budget/request-budget.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { MIN_ANSWER_TOKENS, fitRequest, type Fitted } from '../budget/fit.ts';
import { WINDOW_FILL } from '../budget/window.ts';
import { cacheKeyOf, povMessage, promptsOf } from './point-of-view.ts';
import { generateValidated, type Verdict } from './generate.ts';
import { jsonAnswer } from '../validation/index.ts';
import { samplingFor } from './sampling.ts';
import { dueBoundaryCheckpoints, pathIndexWithSeed } from './chronicle-boundaries.ts';
import { storeInDigest } from './chronicle-digest.ts';
import { seedOfIndex } from '../views/chronicle-seed.ts';
import { storySetOf } from '../doc/story-set.ts';
import { bandOf } from '../doc/segment-turns.ts';

const answerSchema = z.object({
  memories: z.array(z.object({ text: z.string(), importance: z.number() })).default([]),
  events: z.array(z.object({ text: z.string(), evidence: z.string() })).default([]),
  changes: z
    .array(z.object({ subject: z.string(), domain: z.string(), value: z.string(), evidence: z.string() }))
    .default([]),
  uncertainties: z.array(z.string()).default([]),
});
type Answer = z.infer<typeof answerSchema>;

/** What the answer's JSON must look like, names and domains as enumerations (constrained decoding). */
function answerFormat(names: string[]): ChatRequest['response_format'] {
  const text = { type: 'string' };
  const list = (properties: Record<string, object>) => ({
    type: 'array',
    items: { type: 'object', properties, required: Object.keys(properties), additionalProperties: false },
  });
  return {
    type: 'json_schema',
    json_schema: {
      name: 'chronicle',
      strict: true,
      schema: {
        type: 'object',
        properties: {
          memories: list({ text, importance: { type: 'integer', minimum: 1, maximum: 10 } }),
          events: list({ text, evidence: text }),
          changes: list({
            subject: { type: 'string', enum: names },
            domain: { type: 'string', enum: STATE_DOMAINS },
            value: text,
            evidence: text,
          }),
          uncertainties: { type: 'array', items: text },
        },
        required: ['memories', 'events', 'changes', 'uncertainties'],
        additionalProperties: false,
      },
    },
  };
}

/**
 * The chronicler's request: `who`'s point of view over `history` (entries from transcript index
 * `start`), as every request of theirs begins, then the chronicler's rules and `which` turns to record.
 */
function chroniclerRequest(
  story: Story,
  env: DriverEnv,
  who: string,
  history: readonly string[],
  start: number,
  which: string,
): ChatRequest {
  const language = story.views.meta().language;
  const cast = story.views.cast();
  const names = cast.participants.map((p) => p.name);
  const name = cast.nameOf(who);
  return {
    messages: [
      povMessage(
        env,
        language,
        name,
        history,
        start,
        renderPrompt(env.prompts, language, 'roleplay/chronicler', { name, transcript: '' }),
      ),
      {
        role: 'user',
        content: renderPrompt(env.prompts, language, 'roleplay/chronicler-task', {
          name,
          names: names.join(', '),
          which,
        }),
      },
    ],
    response_format: answerFormat(names),
    ...samplingFor(env, 'chronicler'),
  };
}

/** The entries of `pending`, from the oldest, whose chronicle request fits the budget (at least one). */
function chunkThatFits(
  story: Story,
  env: DriverEnv,
  who: string,
  pending: readonly TranscriptEntry[],
  budget: RequestBudget,
): TranscriptEntry[] {
  const room = estimatedRoom(budget);
  const language = story.views.meta().language;
  const whole = tr(language, 'the story above');
  const base = estimateMessages(chroniclerRequest(story, env, who, [], 0, whole).messages);
  const { nameOf } = story.views.cast();
  let used = base;
  let n = 0;
  while (n < pending.length) {
    used += estimateTokens(formatEntry(pending[n] as TranscriptEntry, nameOf)) + 1;
    if (used > room && n > 0) break;
    n++;
  }
  return pending.slice(0, n);
}

interface Checked {
  entry: Omit<ChronicleEntry, 'id' | 'basis' | 'createdAt' | 'turns'>;
  refused: Array<{ item: unknown; reason: string }>;
}

/** Turns an answer into records: quotes are found in the participant's own slice, names become ids. */
function checkAnswer(
  answer: Answer,
  slice: readonly TranscriptEntry[],
  byName: (name: string) => string | undefined,
  newId: () => string,
  language: Language,
): Checked {
  const refused: Checked['refused'] = [];
  const quoted = (evidence: string) =>
    evidence.trim() ? slice.find((e) => e.text.includes(evidence))?.turnId : undefined;
  const notQuoted = tr(language, 'Its evidence is not an exact quote of what this participant perceived.');
  const lastTurn = (slice.at(-1) as TranscriptEntry).turnId;
  const memories = answer.memories
    .filter((m) => m.text.trim())
    .map((m) => ({
      id: newId(),
      text: m.text.trim(),
      importance: Math.min(10, Math.max(1, Math.round(m.importance))),
      turnId: lastTurn,
    }));
  const events = answer.events.flatMap((e) => {
    const turnId = quoted(e.evidence);
    if (turnId && e.text.trim()) return [{ id: newId(), text: e.text.trim(), evidence: e.evidence, turnId }];
    refused.push({ item: e, reason: notQuoted });
    return [];
  });
  const domains: readonly string[] = STATE_DOMAINS;
  const changes = answer.changes.flatMap((c): StateChange[] => {
    const turnId = quoted(c.evidence);
    const subject = byName(c.subject);
    const reason = !turnId
      ? notQuoted
      : !subject
        ? tr(language, 'It names someone who is not in the story.')
        : !domains.includes(c.domain) || !c.value.trim()
          ? tr(language, 'It has no known kind of state or no value.')
          : null;
    if (reason || !turnId || !subject) {
      refused.push({ item: c, reason: reason ?? notQuoted });
      return [];
    }
    return [
      {
        id: newId(),
        subject,
        domain: c.domain as StateChange['domain'],
        value: c.value.trim(),
        evidence: c.evidence,
        turnId,
      },
    ];
  });
  const uncertainties = answer.uncertainties
    .filter((u) => u.trim())
    .map((u) => ({ id: newId(), text: u.trim() }));
  return { entry: { memories, events, changes, uncertainties }, refused };
}

/**
 * A request recording `pending` (turns that left the window, from transcript index `at`) with only them
 * as its story: the longest start of them that fits, first by the estimate, then, where the backend
 * counts exactly, halved until the count fits too (a single entry is sent as it is: the answer's room
 * then gives way, as for any request whose least content is over its room).
 */
async function fittedChunk(
  story: Story,
  env: DriverEnv,
  who: string,
  pending: readonly TranscriptEntry[],
  at: number,
  budget: RequestBudget,
): Promise<{ slice: TranscriptEntry[]; fitted: Fitted<ChatRequest> }> {
  const { nameOf } = story.views.cast();
  const language = story.views.meta().language;
  const whole = tr(language, 'the story above');
  let slice = chunkThatFits(story, env, who, pending, budget);
  for (;;) {
    const history = slice.map((e) => formatEntry(e, nameOf));
    const request = chroniclerRequest(story, env, who, history, at, whole);
    const estimate = estimateMessages(request.messages);
    let tokens = Math.ceil(estimate * budget.gauge.factor);
    const counted = budget.count
      ? await budget.count(request.messages.map((m) => m.content).join('\n'))
      : null;
    if (counted !== null) {
      budget.gauge.learn(estimate, counted);
      tokens = counted;
    }
    const measured = { promptTokens: tokens, exact: counted !== null, entries: slice.length };
    if (tokens <= budget.promptTokens)
      return { slice, fitted: { request, start: at, estimate, budget, fits: true, ...measured } };
    if (slice.length > 1) {
      slice = slice.slice(0, Math.ceil(slice.length / 2));
      continue;
    }
    const maxTokens = budget.maxTokens - (tokens - budget.promptTokens);
    return {
      slice,
      fitted: {
        request,
        start: at,
        estimate,
        budget: { ...budget, maxTokens: Math.max(1, maxTokens), promptTokens: tokens },
        fits: maxTokens >= MIN_ANSWER_TOKENS,
        ...measured,
      },
    };
  }
}

/** The fewest first words of an entry that name it in the chronicler's task. */
const NAMED_WORDS = 8;

/**
 * The first words of `shown[at]` that no other entry shown begins with (a story repeats itself: "You
 * hear someone move about the room…"), at least NAMED_WORDS of them; CJK text, which has no spaces,
 * by characters.
 */
function opening(shown: readonly string[], at: number): string {
  const entry = shown[at] ?? '';
  const units = /\s/.test(entry) ? entry.split(/\s+/) : [...entry];
  const join = (n: number) => units.slice(0, n).join(/\s/.test(entry) ? ' ' : '');
  for (let n = NAMED_WORDS; n < units.length; n++) {
    const start = join(n);
    if (shown.every((other, i) => i === at || !other.startsWith(start))) return `${start}…`;
  }
  return entry;
}

/**
 * Which turns of the window the chronicler records, named by their openings (the window's first turns
 * may have been recorded already, so they are not counted from its start).
 */
function turnsOf(language: Language, shown: readonly string[], from: number, count: number): string {
  const first = opening(shown, from);
  if (count === 1)
    return tr(
      language,
      'only the turn of the story above that begins “{first}” (the others are there to be understood, not recorded)',
      { first },
    );
  return tr(
    language,
    'only the {count} turns of the story above from the one that begins “{first}” to the one that begins “{last}” (the others are there to be understood, not recorded)',
    { count, first, last: opening(shown, from + count - 1) },
  );
}

/**
 * A request recording `slice`, the oldest entries of `who`'s window over `transcript` (from `start`),
 * with the whole window as its story, laid out as every request of `who` is: a server that keeps their
 * prompt reads only the chronicler's task. Null when it does not fit from that start.
 */
async function fittedAhead(
  story: Story,
  env: DriverEnv,
  who: string,
  transcript: readonly TranscriptEntry[],
  start: number,
  slice: readonly TranscriptEntry[],
  budget: RequestBudget,
): Promise<Fitted<ChatRequest> | null> {
  const { nameOf } = story.views.cast();
  const language = story.views.meta().language;
  const formatted = transcript.map((e) => formatEntry(e, nameOf));
  const from = transcript.findIndex((e) => e.turnId === slice[0]?.turnId);
  const which = turnsOf(language, formatted.slice(start), from - start, slice.length);
  const fitted = await fitRequest(budget, {
    entries: formatted,
    build: (history, at) => chroniclerRequest(story, env, who, history, at, which),
    messages: (r) => r.messages,
    stable: estimateMessages(chroniclerRequest(story, env, who, [], 0, which).messages),
    volatile: 0,
    reserve: 0,
    start,
  });
  return fitted.fits && fitted.start === start ? fitted : null;
}

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
    validate: (text): Verdict<Answer> => {
      const read = jsonAnswer(text);
      if (!read)
        return {
          ok: false,
          reason: tr(language, 'The answer was not JSON. Answer with the JSON object only.'),
        };
      const parsed = answerSchema.safeParse(read.json);
      return parsed.success
        ? { ok: true, value: parsed.data }
        : {
            ok: false,
            reason: tr(
              language,
              'The answer must be one JSON object with the lists memories, events, changes and uncertainties.',
            ),
          };
    },
  });
  if (!result.ok) return result;
  const checked = checkAnswer(result.value, slice, byName, env.newId, language);
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

/** A window this full is due to move soon: its oldest turns are chronicled ahead, in the background. */
export const AHEAD_FILL = 0.85;

/**
 * Which entries of a window over `costs` (from `start`, in a room of `room`) leave it at its next step:
 * the window moves once the next entry overflows it, keeping WINDOW_FILL of the room; the next entry is
 * taken to be as long as the longest in view. Empty while the window is not yet AHEAD_FILL full.
 */
export function leavingNext(costs: readonly number[], start: number, room: number): number {
  const shown = costs.slice(start);
  const total = shown.reduce((a, b) => a + b, 0);
  if (total < room * AHEAD_FILL) return start;
  const keep = room * WINDOW_FILL - (room + Math.max(0, ...shown) - total);
  let cut = start;
  for (let suffix = total; cut < costs.length - 1 && suffix > keep; cut++) suffix -= costs[cut] as number;
  return cut;
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
