// Batched projection (settings.batchReprojection): one game-master request for all audiences of a
// turn, each named by its visible name with its own separately delimited POV history; the answer is
// one JSON object with exactly one key per name (a name given twice is refused, not left to
// JSON.parse, which keeps one value unseen). Each value is validated as an isolated answer.
import { writePov } from '../doc/pov.ts';
import type { Language } from '../doc/schema.ts';
import { isoNow, type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts, type Verdict } from './generate.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatRequest } from '../model.ts';
import { projectionVerdict } from './projection.ts';
import { projected } from './projection-fit.ts';
import { renderPrompt } from '../prompts/render.ts';
import { sourceWithRolls } from '../dice/dice.ts';
import { samplingFor } from './sampling.ts';
import { formatEntry, historyText } from '../views/transcript-text.ts';
import {
  estimatedRoom,
  projectionAnswerRoom,
  requestBudget,
  withAnswerRoom,
  type RequestBudget,
} from '../budget/request-budget.ts';
import { SOURCE_SHARE } from '../budget/shares.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { windowStart } from '../budget/window.ts';
import type { Fitted } from '../budget/fit.ts';
import { jsonAnswer, repeatedKeys } from '../validation/index.ts';
import { clauseList, nameList } from '../i18n/lists.ts';
import { givenOf } from './given.ts';
import { cacheKeyOf, promptsOf } from './point-of-view.ts';

/** The batch's own key among a story's prompts: it begins with no one participant's window. */
const BATCH_KEY = '~batch';
import type { Given } from '../doc/given.ts';

/**
 * The batch's budget: one answer of `source` for every audience (each as long as an isolated one, B5),
 * so the answer's room grows with them (never past half the context), and the prompt's room shrinks by
 * as much.
 */
export function batchBudget(budget: RequestBudget, audiences: number, source: string): RequestBudget {
  return withAnswerRoom(budget, audiences * Math.max(budget.maxTokens, projectionAnswerRoom(budget, source)));
}

/**
 * The batched request: the rules, each audience's own history window in its own block (the room shared
 * equally among them), and the one new source at the end.
 */
export function batchRequest(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audiences: string[],
  budget: RequestBudget,
): Fitted<ChatRequest> & { givenFor: Map<string, Given> } {
  const { views } = story;
  const language = views.meta().language;
  const { nameOf } = views.cast();
  const turn = views.node(turnId).turn;
  const names = audiences.map(nameOf);
  const task = renderPrompt(env.prompts, language, 'roleplay/projector-batch-task', {
    speaker: nameOf(turn.author),
    targets: names.join(', '),
    source: sourceWithRolls(turn, language),
  });
  const build = (histories: string, tail = task): ChatRequest => ({
    messages: [
      {
        role: 'system',
        content: renderPrompt(env.prompts, language, 'roleplay/projector-batch', { histories }),
      },
      { role: 'user', content: tail },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'projections',
        strict: true,
        schema: {
          type: 'object',
          properties: Object.fromEntries(names.map((n) => [n, { type: 'string' }])),
          required: names,
          additionalProperties: false,
        },
      },
    },
    ...samplingFor(env, 'projector'),
  });
  const blocks = audiences.map((a) => ({
    name: nameOf(a),
    entries: views.transcript(a, { leaf: turnId, before: turnId }).map((e) => formatEntry(e, nameOf)),
  }));
  const frame = (name: string, text: string) => `<story of="${name}">\n${text}\n</story>`;
  const stable = estimateMessages(build(blocks.map((b) => frame(b.name, '')).join('\n\n'), '').messages);
  const room = Math.max(
    0,
    estimatedRoom(budget) -
      stable -
      Math.max(estimateTokens(task), Math.floor(estimatedRoom(budget) * SOURCE_SHARE)),
  );
  const each = Math.floor(room / Math.max(1, blocks.length));
  const windows = blocks.map((b) => {
    const start = windowStart(
      b.entries.map((e) => estimateTokens(e) + 1),
      each,
    );
    return { start, entries: b.entries.length - start };
  });
  const histories = blocks
    .map((b, i) => {
      const { start } = windows[i]!;
      return frame(b.name, historyText(b.entries.slice(start), start, language));
    })
    .join('\n\n');
  const request = build(histories);
  const estimate = estimateMessages(request.messages);
  const promptTokens = Math.ceil(estimate * budget.gauge.factor);
  const fitted: Fitted<ChatRequest> = {
    request,
    start: 0,
    estimate,
    budget,
    fits: promptTokens <= budget.promptTokens,
    promptTokens,
    exact: false,
    entries: windows.reduce((n, w) => n + w.entries, 0),
  };
  // Each audience's itemisation: the one request's parts, with its own window in it.
  const given = givenOf(fitted, { history: histories, source: sourceWithRolls(turn, language) }, true);
  return {
    ...fitted,
    givenFor: new Map(audiences.map((a, i) => [a, { ...given, window: windows[i]! }])),
  };
}

type Perception = { perceived: boolean; text: string };

/** Each name the batch asks for → its audience and the isolated projection check of its value. */
export type BatchChecks = ReadonlyMap<string, { id: string; check: (text: string) => Verdict<Perception> }>;

/** A batch answer's verdict; a refused object still says which audiences' values passed. */
export type BatchVerdict =
  | { ok: true; value: Map<string, Perception> }
  | { ok: false; reason: string; passed?: Map<string, Perception> };

/** Reads one batch answer: one JSON object, each requested name exactly once, each value a projection. */
export function readBatchAnswer(text: string, checks: BatchChecks, language: Language): BatchVerdict {
  const read = jsonAnswer(text);
  if (!read)
    return {
      ok: false,
      reason: tr(
        language,
        'The answer was not a JSON object. Answer with one JSON object, one key per name.',
      ),
    };
  const { json } = read;
  if (!json || typeof json !== 'object' || Array.isArray(json))
    return { ok: false, reason: tr(language, 'The answer must be one JSON object.') };
  // JSON.parse kept only the last value of a repeated name; which one was meant cannot be known.
  const repeated = repeatedKeys(text).filter((k) => checks.has(k));
  const entries = Object.entries(json);
  const unknown = entries.filter(([k]) => !checks.has(k)).map(([k]) => k);
  const absent = [...checks.keys()].filter((k) => !(k in json));
  const passed = new Map<string, Perception>();
  const reasons: string[] = [];
  for (const [name, value] of entries) {
    const c = checks.get(name);
    if (!c || repeated.includes(name)) continue;
    const v =
      typeof value === 'string'
        ? c.check(value)
        : { ok: false as const, reason: tr(language, 'the value must be a string') };
    if (v.ok) passed.set(c.id, v.value);
    else reasons.push(tr(language, '{label}: {value}', { label: name, value: v.reason }));
  }
  if (unknown.length)
    reasons.push(
      tr(language, 'unknown names {unknown} (use exactly: {names})', {
        unknown: nameList(language, unknown),
        names: nameList(language, [...checks.keys()]),
      }),
    );
  if (repeated.length)
    reasons.push(
      tr(language, 'names given more than once {repeated} (one key per name)', {
        repeated: nameList(language, repeated),
      }),
    );
  if (absent.length)
    reasons.push(tr(language, 'missing names {absent}', { absent: nameList(language, absent) }));
  return reasons.length
    ? { ok: false, reason: clauseList(language, reasons), passed }
    : { ok: true, value: passed };
}

/**
 * Projects a turn to `audiences` in one request. Returns the audiences still to project in isolation:
 * none on success, the ones whose answers were refused after the retries otherwise.
 */
export async function projectBatch(
  story: Story,
  env: DriverEnv,
  turnId: string,
  audiences: string[],
): Promise<DriverResult<{ remaining: string[] }>> {
  return guardPrompts(async () => {
    const node = story.views.node(turnId);
    const { nameOf } = story.views.cast();
    const bases = new Map(audiences.map((a) => [a, node.pov.get(a)?.expected ?? '']));
    const checks = new Map(
      audiences.map((a) => [nameOf(a), { id: a, check: projectionVerdict(story, turnId, a) }]),
    );
    const language = story.views.meta().language;
    let lastGood = new Map<string, Perception>();
    const budget = batchBudget(
      await requestBudget(env, 'projector', env.models.projector, promptsOf(story)),
      audiences.length,
      projected(story, turnId).source,
    );
    const fitted = batchRequest(story, env, turnId, audiences, budget);
    // Too many histories for one request: each audience is asked alone, with a window of its own.
    if (!fitted.fits) return { ok: true, remaining: audiences };
    const result = await generateValidated(env, {
      model: env.models.projector,
      language,
      fitted,
      cacheKey: cacheKeyOf(story, BATCH_KEY),
      cacheGuest: true,
      validate: (text) => {
        const verdict = readBatchAnswer(text, checks, language);
        if (!verdict.ok && verdict.passed) lastGood = verdict.passed;
        return verdict;
      },
    });
    if (!result.ok && result.code !== 'invalid') return result;
    // After the retries, keep the answers that passed and leave the rest to isolated calls.
    const answers = result.ok ? result.value : lastGood;
    for (const [audience, p] of answers) {
      writePov(
        story.doc,
        turnId,
        audience,
        {
          ...p,
          basis: bases.get(audience) ?? '',
          origin: 'generated',
          createdAt: isoNow(env),
          ...(result.ok && result.model ? { model: result.model } : {}),
          given: fitted.givenFor.get(audience),
        },
        env.origin,
      );
    }
    return { ok: true, remaining: audiences.filter((a) => !answers.has(a)) };
  });
}
