// Selects the next actor: a structured call made from the person's seat. It reads the user's point of
// view — the window the user's own requests begin with (L7), so a server keeping the user's prompt reads
// only the task — who wrote the last turns, and the names of present characters: no source, no card,
// no persona, no other participant's view (O1). Never the user.
import { z } from 'zod';
import { type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import { jsonAnswer } from '../validation/index.ts';
import { renderPrompt } from '../prompts/render.ts';
import { samplingFor } from './sampling.ts';
import { estimatedRoom, requestBudget, type RequestBudget } from '../budget/request-budget.ts';
import { fitRequest, type Fitted } from '../budget/fit.ts';
import { CANDIDATES_SHARE, SHORT_SELECTOR_TOKENS } from '../budget/shares.ts';
import { estimateMessages } from '../budget/tokens.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatRequest } from '../model.ts';
import { nameList } from '../i18n/lists.ts';
import { activeLeaf } from '../doc/turns.ts';
import { formatEntry } from '../views/transcript-text.ts';
import { cacheKeyOf, povMessage, promptsOf } from './point-of-view.ts';
import { windowOf } from './pov-window.ts';

/** The selector's own key, for a story with no user to choose from the seat of (no participant id has `~`). */
const SELECTOR_KEY = '~selector';
/** How many of the last turns' authors the selector is told, for a fair share of the story. */
const RECENT_AUTHORS = 8;

/**
 * The selector's request: the user's point of view and window (fewer turns when the budget says so;
 * on a server keeping too few prompts a short one of its own), its rules, then the names to choose
 * from and who wrote the last turns.
 */
export async function selectorRequest(
  story: Story,
  env: DriverEnv,
  candidates: string[],
  budget: RequestBudget,
): Promise<Fitted<ChatRequest>> {
  const { views } = story;
  const { language } = views.meta();
  const cast = views.cast();
  const { nameOf, user } = cast;
  const leaf = activeLeaf(story.doc);
  // A turn the user has no view of yet is one they have not perceived: not theirs to choose from.
  const entries =
    user && leaf !== null ? views.transcript(user.id, { leaf }).filter((e) => e.kind !== 'missing') : [];
  const recent = views
    .path()
    .slice(-RECENT_AUTHORS)
    .map((n) => nameOf(n.turn.author));
  const rules = renderPrompt(env.prompts, language, 'roleplay/selector', {
    user: user?.name ?? tr(language, 'The user'),
    chronology: '',
  });
  const task = renderPrompt(env.prompts, language, 'roleplay/selector-task', {
    candidates: candidates.map(nameOf).join(', '),
    recent: recent.length ? recent.join(language === 'zh' ? '、' : ', ') : tr(language, '(nobody yet)'),
  });
  const names = candidates.map(nameOf);
  const build = (history: readonly string[], start: number): ChatRequest => ({
    messages: [
      povMessage(env, language, user?.name ?? tr(language, 'The user'), history, start, rules),
      { role: 'user', content: task },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: {
        name: 'next_actor',
        strict: true,
        schema: {
          type: 'object',
          properties: { next: { type: 'string', enum: names } },
          required: ['next'],
          additionalProperties: false,
        },
      },
    },
    ...samplingFor(env, 'selector'),
  });
  // The user's projections on the same backend begin with this window: a server keeping the user's
  // prompt reads it once. A server keeping too few prompts reads it whole before every turn: a short one.
  const shared =
    user && !budget.shortWindows && env.models.selector === env.models.projector
      ? { start: (await windowOf(story, env, user.id, entries, 'projector')).start }
      : {};
  return fitRequest(budget, {
    entries: entries.map((e) => formatEntry(e, nameOf)),
    build,
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0).messages),
    volatile: 0,
    reserve: Math.floor(estimatedRoom(budget) * CANDIDATES_SHARE),
    ...(budget.shortWindows ? { cap: SHORT_SELECTOR_TOKENS } : {}),
    ...shared,
  });
}

/** Present characters, in a stable order. */
export function candidatesOf(story: Story): string[] {
  return story.views
    .cast()
    .participants.filter((p) => p.kind === 'character' && p.present)
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((p) => p.id);
}

export async function selectNextActor(
  story: Story,
  env: DriverEnv,
): Promise<DriverResult<{ actor: string }>> {
  const language = story.views.meta().language;
  const { user } = story.views.cast();
  const candidates = candidatesOf(story);
  const only = candidates[0];
  if (only === undefined)
    return {
      ok: false,
      code: 'no-candidates',
      detail: tr(language, 'No character is present to act. Bring a character into the scene first.'),
    };
  // With one candidate there is nothing to decide: no request.
  if (candidates.length === 1) return { ok: true, actor: only };
  env.onPhase?.({ kind: 'selecting' });
  const { nameOf } = story.views.cast();
  const byName = new Map(candidates.map((id) => [nameOf(id), id]));
  const answer = z.object({ next: z.string() });
  return guardPrompts(async () => {
    const budget = await requestBudget(env, 'selector', env.models.selector, promptsOf(story));
    const result = await generateValidated(env, {
      model: env.models.selector,
      language,
      fitted: await selectorRequest(story, env, candidates, budget),
      // The user's own prompt: the selector reads the user's window (see selectorRequest).
      ...(user
        ? { cacheKey: cacheKeyOf(story, user.id) }
        : { cacheKey: cacheKeyOf(story, SELECTOR_KEY), cacheGuest: true }),
      validate: (text) => {
        const read = jsonAnswer(text);
        if (!read)
          return {
            ok: false,
            reason: tr(language, 'The answer was not JSON. Answer with {"next": "<name>"} only.'),
          };
        const parsed = answer.safeParse(read.json);
        const id = parsed.success ? byName.get(parsed.data.next) : undefined;
        return id
          ? { ok: true, value: id }
          : {
              ok: false,
              reason: tr(language, '"next" must be exactly one of: {names}.', {
                names: nameList(language, [...byName.keys()]),
              }),
            };
      },
    });
    return result.ok ? { ok: true, actor: result.value } : result;
  });
}
