// longSession: a 300-turn scene (100 rounds of a user turn, an automatic choice, a named character)
// with 4 participants, all present, played by `rashomon run` (runScene, in this process) against
// tests/support/openai-server.ts at a context of 2,048 and of 8,192 tokens. The server tells the context
// as vLLM does (`max_model_len` in GET /v1/models: the driver detects it, no --context) and reports
// `usage.prompt_tokens` counted with cl100k_base over the messages' contents plus 4 tokens per message
// and 3 per request (a chat template), so the driver's gauge learns as from a real server; that count
// is also the truth every request is measured with. The chronicler's answers quote 30–40 characters
// of one line of the transcript it was sent, and cite a name of its schema. From the request log and
// the played Story JSON, per context, as ../shared/tools/scene-check/check-long.mjs defines them:
//   largestRequestOverContext  max over requests of (the server's prompt tokens + max_tokens) / context;
//                              overBudget counts those over 1, requestsWithoutMaxTokens those stating none
//   prefixReuseMedian          median over requests, selector excluded, of the share of a request's
//                              serialized messages that is a byte-identical prefix of the previous request
//                              of the same operation and audience (actor: the actor; projection: the
//                              target; chronicle: its participant) — prefix-reuse.ts; also per operation
//   chroniclerCallsPer100Turns successful chronicle requests / turns × 100
//   memoryRecordsPerParticipant each participant's memories in its chronicle's entries plus those added
//                              by memoryEdits (with entries, events, changes, audit and checkpoints)
//   requestsPerTurn, promptTokensPerTurn  successful requests, and their prompt tokens, / turns
//   playSeconds                how long runScene took
import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import type { ChatBody } from '../support/openai-server.ts';
import { mulberry32, type Rng } from '../support/prng.ts';
import { runGroup } from './group.ts';
import { classify, prefixTracker, serialise, type Op } from './prefix-reuse.ts';
import { MODEL, playScene } from './scene-play.ts';
import { firstPerson, perceived } from './story-gen.ts';
import { median, progress, round } from './stats.ts';

const ROUNDS = 100;
/** What the server's chat template adds: per message, and per request. */
const TEMPLATE = { perMessage: 4, perRequest: 3 };
const PLACES = ['by the fountain', 'at the gate', 'under the apple trees', 'beside the sundial'];

const tokens = (text: string) => countTokens(text, { disallowedSpecial: new Set() });
const promptTokensOf = (body: ChatBody) =>
  TEMPLATE.perRequest + body.messages.reduce((n, m) => n + TEMPLATE.perMessage + tokens(m.content), 0);

/** The transcript lines (`Name: text`, blank lines between) of a chronicle request's system message. */
function transcriptLines(body: ChatBody, names: readonly string[]) {
  const system = body.messages[0]?.content ?? '';
  return system.split('\n\n').flatMap((block) => {
    const speaker = names.find((n) => block.startsWith(`${n}: `));
    const text = speaker === undefined ? '' : block.slice(speaker.length + 2);
    return speaker !== undefined && text !== '<empty>' && text.length >= 40 ? [{ speaker, text }] : [];
  });
}

/** 30–40 characters copied exactly from one of `lines`. */
function quote(rng: Rng, lines: ReadonlyArray<{ speaker: string; text: string }>) {
  const line = rng.pick(lines);
  const length = 30 + rng.int(11);
  const at = rng.int(line.text.length - length + 1);
  return { speaker: line.speaker, evidence: line.text.slice(at, at + length) };
}

interface Answered {
  memories: number;
  events: number;
  changes: number;
}

function chronicle(rng: Rng, body: ChatBody, names: readonly string[], answered: Answered) {
  const lines = transcriptLines(body, names);
  const memories = Array.from({ length: 2 + rng.int(2) }, () => ({
    text: `You remember ${lines.length ? rng.pick(lines).speaker : 'the garden'} ${rng.pick(PLACES)}.`,
    importance: 1 + rng.int(10),
  }));
  const event = lines.length ? quote(rng, lines) : undefined;
  const change = lines.length ? quote(rng, lines) : undefined;
  answered.memories += memories.length;
  answered.events += event ? 1 : 0;
  answered.changes += change ? 1 : 0;
  return JSON.stringify({
    memories,
    events: event ? [{ text: `${event.speaker} was in the garden.`, evidence: event.evidence }] : [],
    changes: change
      ? [
          {
            subject: change.speaker,
            domain: 'location',
            // In its quote's words (M9): whole words from inside it (the slice may cut its first and last).
            value: change.evidence.split(' ').slice(1, 3).join(' '),
            evidence: change.evidence,
          },
        ]
      : [],
    uncertainties: [],
  });
}

/** FNV-1a of a text: each answer is seeded by its request, so the play does not hang on arrival order. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

async function play(context: number) {
  let selections = 0;
  const promptTokens = new Map<number, number>();
  const answered = new Map<string, Answered>();
  const played = await playScene({
    rounds: ROUNDS,
    batch: false,
    server: {
      modelEntries: [{ id: MODEL, object: 'model', max_model_len: context }],
      answer: (body, n) => {
        const { op, audience, targets } = classify(body);
        const prompt = promptTokensOf(body);
        promptTokens.set(n, prompt);
        const rng = mulberry32(hash(serialise(body)) ^ context);
        let text: string;
        switch (op) {
          case 'selector':
            text = JSON.stringify({ next: targets[selections++ % targets.length] });
            break;
          case 'project':
            text = perceived(rng, 400, false);
            break;
          case 'actor':
            text = firstPerson(rng, 600 + rng.int(140), false);
            break;
          case 'chronicle': {
            const tally = answered.get(audience) ?? { memories: 0, events: 0, changes: 0 };
            answered.set(audience, tally);
            text = chronicle(rng, body, targets, tally);
            break;
          }
          case 'batch':
            throw new Error('batch projections are not used here');
        }
        return { text, usage: { prompt_tokens: prompt, completion_tokens: tokens(text) } };
      },
    },
  });
  return { ...played, promptTokens, answered };
}

interface OpFigures {
  requests: number;
  promptTokens: number;
  maxTokens: Set<number>;
  largest: number;
  shares: number[];
}

async function measure(context: number) {
  progress(`longSession: playing ${ROUNDS * 3} turns at a context of ${context}`);
  const { played, requests, promptTokens, answered, detectedContext, seconds } = await play(context);
  const turns = played.turns.length;
  const ok = requests.filter((r) => r.status === 200);
  const reuse = prefixTracker();
  const shares: number[] = [];
  // check-long.mjs leaves chronicle requests out of its median: kept apart, to compare.
  const actorAndProjection: number[] = [];
  const byOp = new Map<Op, OpFigures>();
  let largest = { ratio: 0, n: 0, op: '', audience: '', promptTokens: 0, maxTokens: 0 };
  let overBudget = 0;
  let withoutMaxTokens = 0;
  let allPromptTokens = 0;
  for (const r of ok) {
    const { op, audience } = classify(r.body);
    const prompt = promptTokens.get(r.n) ?? Number.NaN;
    const stated = r.body.max_tokens ?? r.body.max_completion_tokens;
    const maxTokens = typeof stated === 'number' ? stated : 0;
    if (typeof stated !== 'number') withoutMaxTokens++;
    const ratio = (prompt + maxTokens) / context;
    if (ratio > 1) overBudget++;
    if (ratio > largest.ratio) largest = { ratio, n: r.n, op, audience, promptTokens: prompt, maxTokens };
    allPromptTokens += prompt;
    const entry = byOp.get(op) ?? {
      requests: 0,
      promptTokens: 0,
      maxTokens: new Set(),
      largest: 0,
      shares: [],
    };
    entry.requests++;
    entry.promptTokens += prompt;
    entry.maxTokens.add(maxTokens);
    entry.largest = Math.max(entry.largest, ratio);
    byOp.set(op, entry);
    const reused = reuse.next(`${op}:${audience}`, serialise(r.body));
    if (reused !== undefined) {
      entry.shares.push(reused.share);
      if (op !== 'selector') shares.push(reused.share);
      if (op === 'actor' || op === 'project') actorAndProjection.push(reused.share);
    }
  }
  const chronicles = Object.fromEntries(
    played.participants.map((p) => {
      const c = p.chronicle;
      const entries = c?.entries ?? [];
      const sum = (f: (e: (typeof entries)[number]) => number) => entries.reduce((n, e) => n + f(e), 0);
      const added = (c?.memoryEdits ?? []).filter((e) => e.kind === 'added').length;
      return [
        p.name,
        {
          memories: sum((e) => e.memories.length) + added,
          entries: entries.length,
          events: sum((e) => e.events.length),
          changes: sum((e) => e.changes.length),
          audit: c?.audit.length ?? 0,
          checkpoints: c?.checkpoints.length ?? 0,
          turnsRead: sum((e) => e.turns.length),
          answered: answered.get(p.name) ?? { memories: 0, events: 0, changes: 0 },
        },
      ];
    }),
  );
  const chronicleRequests = byOp.get('chronicle')?.requests ?? 0;
  return {
    largestRequestOverContext: round(largest.ratio, 3),
    overBudget,
    requestsWithoutMaxTokens: withoutMaxTokens,
    prefixReuseMedian: round(median(shares), 3),
    chroniclerCallsPer100Turns: round((chronicleRequests / turns) * 100, 1),
    memoryRecordsPerParticipant: Object.fromEntries(
      Object.entries(chronicles).map(([name, c]) => [name, c.memories]),
    ),
    requestsPerTurn: round(ok.length / turns, 2),
    promptTokensPerTurn: Math.round(allPromptTokens / turns),
    playSeconds: round(seconds, 1),
    detail: {
      context,
      detectedContext,
      turns,
      requests: ok.length,
      failedRequests: requests.length - ok.length,
      largestRequest: largest,
      prefixReuseActorAndProjection: round(median(actorAndProjection), 3),
      byOperation: Object.fromEntries(
        [...byOp].map(([op, e]) => [
          op,
          {
            requests: e.requests,
            promptTokensPerRequest: Math.round(e.promptTokens / e.requests),
            maxTokens: [...e.maxTokens].sort((a, b) => a - b),
            largestOverContext: round(e.largest, 3),
            prefixReuse: e.shares.length ? round(median(e.shares), 3) : null,
          },
        ]),
      ),
      chronicles,
    },
  };
}

await runGroup('longSession', async () => ({
  context2048: await measure(2048),
  context8192: await measure(8192),
}));
