// What a story's requests cost a model server that keeps prompts, replayed in the order they arrived,
// with the definitions of ../shared/tools/scene-check/price-sim.mjs: each request rendered as ChatML and
// tokenized with o200k_base; a server with one slot, four slots chosen as llama.cpp chooses them, or
// every earlier prefix kept; 1,500 prefill and 40 decode tokens a second; beside the requests a
// shared-history frontend sends for the same story (one per character turn).
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import type { LoggedRequest } from './price-server.ts';
import { round } from './stats.ts';

/** Tokens a second a local server reads a prompt at, and writes an answer at (a mid-range GPU). */
const SPEED = { prefill: 1500, decode: 40 } as const;
/** llama.cpp gives a request the slot whose prompt shares at least this much with it (`--slot-prompt-similarity`). */
const SLOT_SIMILARITY = 0.1;
/** What the shared-history frontend leaves of the context for its answer. */
const ANSWER_ROOM = 350;

/** A request as the server sees it: tokens of its prompt and of its answer. */
export interface Priced {
  n: number;
  at: number;
  slot?: number;
  prompt: readonly number[];
  answer: readonly number[];
}

type Server = { kind: 'slots'; slots: number } | { kind: 'everyPrefix' };
export const ONE_SLOT: Server = { kind: 'slots', slots: 1 };
export const FOUR_SLOTS: Server = { kind: 'slots', slots: 4 };
/** An unbounded cache of every earlier prompt and answer (what llama.cpp's `--cache-ram` approaches). */
export const EVERY_PREFIX: Server = { kind: 'everyPrefix' };

type Message = { role: string; content: unknown };

/** One message as a ChatML chat template renders it. */
const chatmlMessage = (m: Message) =>
  `<im_start>${m.role}\n${typeof m.content === 'string' ? m.content : JSON.stringify(m.content)}<im_end>\n`;
const ANSWER_START = '<im_start>assistant\n';

export const pricedRequests = (log: readonly LoggedRequest[]): Priced[] =>
  log.map((r) => ({
    n: r.n,
    at: r.at,
    ...(r.slot !== undefined ? { slot: r.slot } : {}),
    prompt: encode(r.body.messages.map(chatmlMessage).join('') + ANSWER_START),
    answer: encode(r.content),
  }));

function commonPrefix(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a[i] === b[i]) i++;
  return i;
}

/** One request's cost on a server: prompt tokens it had to compute, and its seconds. */
export interface Cost {
  n: number;
  uncached: number;
  prefillS: number;
  decodeS: number;
}

interface Slot {
  tokens: readonly number[];
  used: number;
}

/**
 * The slot a request lands in (undefined: a new one), as price-sim.mjs models llama.cpp's choice;
 * `named`: the slot its `id_slot` names.
 */
function chooseSlot(
  slots: ReadonlyArray<Slot | undefined>,
  count: number,
  r: Priced,
  named: number | undefined,
) {
  if (named !== undefined) return slots[named];
  let best: Slot | undefined;
  let bestSimilarity = -1;
  for (const s of slots) {
    if (!s) continue;
    const similarity = commonPrefix(r.prompt, s.tokens) / r.prompt.length;
    if (similarity > bestSimilarity) [best, bestSimilarity] = [s, similarity];
  }
  if (bestSimilarity >= SLOT_SIMILARITY) return best;
  if (slots.length < count) return undefined;
  return slots.reduce<Slot | undefined>((a, b) => (!a || (b && b.used <= a.used) ? b : a), undefined);
}

export function simulate(reqs: readonly Priced[], server: Server): Cost[] {
  const slots: Array<Slot | undefined> = [];
  const seen: Array<readonly number[]> = [];
  return reqs.map((r, clock) => {
    let hit = 0;
    if (server.kind === 'everyPrefix') {
      for (const s of seen) hit = Math.max(hit, commonPrefix(r.prompt, s));
      seen.push([...r.prompt, ...r.answer]);
    } else {
      // llama.cpp's `id_slot`, when the request names one and there is more than one to name.
      const named =
        server.slots > 1 && r.slot !== undefined && r.slot >= 0 ? r.slot % server.slots : undefined;
      let slot = chooseSlot(slots, server.slots, r, named);
      if (!slot) {
        slot = { tokens: [], used: 0 };
        if (named !== undefined) slots[named] = slot;
        else slots.push(slot);
      }
      hit = commonPrefix(r.prompt, slot.tokens);
      slot.tokens = [...r.prompt, ...r.answer];
      slot.used = clock + 1;
    }
    const uncached = r.prompt.length - hit;
    return { n: r.n, uncached, prefillS: uncached / SPEED.prefill, decodeS: r.answer.length / SPEED.decode };
  });
}

/** Uncached prompt tokens per story turn (every turn the story has, as price-sim.mjs divides). */
export const uncachedPerTurn = (costs: readonly Cost[], turns: number): number =>
  Math.round(costs.reduce((n, c) => n + c.uncached, 0) / turns);

/** price-sim.mjs's median: the upper middle of the sorted values, to two decimals. */
function upperMedian(values: readonly number[]): number | null {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)];
  return mid === undefined ? null : round(mid, 2);
}

interface Latency {
  firstWordS: number | null;
  lastWordS: number | null;
  samples: number;
}

type Turn = StoryJson['turns'][number];

function activePath(story: StoryJson): Turn[] {
  const byId = new Map(story.turns.map((t) => [t.id, t]));
  const path: Turn[] = [];
  for (let id = story.activeLeaf; id; id = byId.get(id)?.parent ?? null) {
    const turn = byId.get(id);
    if (turn) path.unshift(turn);
  }
  return path;
}

const requestNumber = (text: string | undefined) => Number(/REQ-(\d+)/.exec(text ?? '')?.[1]);

/**
 * Seconds from the person's Send to the first and the last word of the next character turn they read,
 * median over their turns: every request the server received from their turn's `createdAt` on runs one
 * after another, up to the one that wrote their view of the next character turn, which adds its
 * prefill (first word) or prefill and answer (last word).
 */
export function sendToReply(reqs: readonly Priced[], costs: readonly Cost[], story: StoryJson): Latency {
  const path = activePath(story);
  const user = story.participants.find((p) => p.kind === 'user')?.id;
  const index = new Map(costs.map((c, i) => [c.n, i]));
  const first: number[] = [];
  const last: number[] = [];
  for (const [i, turn] of path.entries()) {
    if (user === undefined || turn.author !== user || !turn.createdAt) continue;
    const next = path.slice(i + 1).find((t) => t.author !== user);
    const end = index.get(requestNumber(next?.pov[user]?.text));
    if (end === undefined) continue;
    const since = Date.parse(turn.createdAt);
    const start = reqs.findIndex((r) => r.at >= since);
    if (start < 0 || start > end) continue;
    let before = 0;
    for (const c of costs.slice(start, end)) before += c.prefillS + c.decodeS;
    const writing = costs[end] as Cost;
    first.push(before + writing.prefillS);
    last.push(before + writing.prefillS + writing.decodeS);
  }
  return { firstWordS: upperMedian(first), lastWordS: upperMedian(last), samples: first.length };
}

/** The shared-history frontend's wait: each request alone is a reply, its prefill then its answer. */
export const sharedReply = (costs: readonly Cost[]): Latency => ({
  firstWordS: upperMedian(costs.map((c) => c.prefillS)),
  lastWordS: upperMedian(costs.map((c) => c.prefillS + c.decodeS)),
  samples: costs.length,
});

const SHARED_RULES =
  'You are the narrator of a group roleplay. Write the next reply of the named character only, in the third person, staying in character. Never write for the user.';

/**
 * The requests a one-transcript frontend sends for the same story: one per character turn of the
 * active path, its system message the rules, every card and the persona, then the shared history as
 * `Name: source` (the person's turns as user messages), then who writes next; the oldest history is
 * dropped until the prompt fits the context less ANSWER_ROOM, as SillyTavern trims. Its answer is the
 * turn's source. Tokens are counted per message: a ChatML message ends with `>\n` and the next begins
 * with `<`, where o200k's pre-tokenizer always splits, so a prompt's tokens are its messages' tokens
 * one after another, and each message is encoded once for the whole story.
 */
export function sharedHistoryRequests(story: StoryJson, context: number): Priced[] {
  const path = activePath(story);
  const names = new Map(story.participants.map((p) => [p.id, p.name]));
  const characters = new Set(story.participants.filter((p) => p.kind !== 'user').map((p) => p.id));
  const cards = story.participants
    .filter((p) => p.kind !== 'user')
    .map((p) => `${p.name}: ${JSON.stringify(p.card ?? '')}`)
    .join('\n');
  const persona = story.participants
    .filter((p) => p.kind === 'user')
    .map((p) => `${p.name}: ${p.persona ?? ''}`)
    .join('\n');
  const head = encode(
    chatmlMessage({
      role: 'system',
      content: `${SHARED_RULES}\n\nCharacters:\n${cards}\n\nUser persona:\n${persona}`,
    }),
  );
  const history = path.map((t) =>
    encode(
      chatmlMessage({
        role: characters.has(t.author) ? 'assistant' : 'user',
        content: `${names.get(t.author)}: ${t.source}`,
      }),
    ),
  );
  const answerStart = encode(ANSWER_START);
  const budget = context - ANSWER_ROOM;
  const out: Priced[] = [];
  for (const [i, turn] of path.entries()) {
    if (!characters.has(turn.author)) continue;
    const tail = encode(
      chatmlMessage({ role: 'system', content: `[Write the next reply only as ${names.get(turn.author)}.]` }),
    );
    let from = 0;
    let size = head.length + tail.length + answerStart.length;
    for (let k = 0; k < i; k++) size += (history[k] as number[]).length;
    // The oldest message goes first; one is always kept.
    while (size > budget && i - from > 1) size -= (history[from++] as number[]).length;
    out.push({
      n: out.length + 1,
      at: 0,
      prompt: [...head, ...history.slice(from, i).flat(), ...tail, ...answerStart],
      answer: encode(turn.source),
    });
  }
  return out;
}
