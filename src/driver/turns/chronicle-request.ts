// How a chronicler's request is laid out and fitted (M1): the participant's point of view over the
// turns it records (a chunk of turns that left the window, alone), or over its whole window with the
// task naming the oldest turns it will drop next (so a server that keeps the participant's prompt reads
// only the task); and which turns those are.
import { STATE_DOMAINS } from '../doc/chronicle.ts';
import type { Language } from '../doc/schema.ts';
import type { DriverEnv, Story } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatRequest } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { formatEntry } from '../views/transcript-text.ts';
import { estimatedRoom, type RequestBudget } from '../budget/request-budget.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { MIN_ANSWER_TOKENS, fitRequest, type Fitted } from '../budget/fit.ts';
import { WINDOW_FILL } from '../budget/window.ts';
import { povMessage } from './point-of-view.ts';
import { samplingFor } from './sampling.ts';

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

/**
 * A request recording `pending` (turns that left the window, from transcript index `at`) with only them
 * as its story: the longest start of them that fits, first by the estimate, then, where the backend
 * counts exactly, halved until the count fits too (a single entry is sent as it is: the answer's room
 * then gives way, as for any request whose least content is over its room).
 */
export async function fittedChunk(
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
export async function fittedAhead(
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
