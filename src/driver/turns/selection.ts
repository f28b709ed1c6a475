// Selects the next actor: a context-neutral, structured call that sees the authored chronology and the
// public names of present characters only — no cards, no projections, no persona. Never the user.
import { z } from 'zod';
import { type DriverEnv, type DriverResult, type Story } from '../env.ts';
import { generateValidated, guardPrompts } from './generate.ts';
import { jsonAnswer } from '../validation/index.ts';
import { renderPrompt } from '../prompts/render.ts';
import { samplingFor } from './sampling.ts';
import { estimatedRoom, requestBudget, type RequestBudget } from '../budget/request-budget.ts';
import { fitRequest, type Fitted } from '../budget/fit.ts';
import { CANDIDATES_SHARE, SHORT_SELECTOR_TOKENS, SELECTOR_HISTORY_TOKENS } from '../budget/shares.ts';
import { estimateMessages } from '../budget/tokens.ts';
import { tr } from '../i18n/messages.ts';
import type { ChatRequest } from '../model.ts';
import { nameList } from '../i18n/lists.ts';
import { cacheKeyOf, commonRules, joinParts, promptsOf } from './point-of-view.ts';

/** The selector's own key among a story's prompts (no participant id has a colon-free `~`). */
const SELECTOR_KEY = '~selector';

/**
 * The selector's request: the rules and the most recent sources (at most SELECTOR_HISTORY_TOKENS,
 * fewer when the budget says so), then the names to choose from.
 */
export async function selectorRequest(
  story: Story,
  env: DriverEnv,
  candidates: string[],
  budget: RequestBudget,
): Promise<Fitted<ChatRequest>> {
  const { views } = story;
  const meta = views.meta();
  const { nameOf, user } = views.cast();
  const names = candidates.map(nameOf);
  const task = renderPrompt(env.prompts, meta.language, 'roleplay/selector-task', {
    candidates: names.join(', '),
  });
  const build = (chronology: readonly string[]): ChatRequest => ({
    messages: [
      {
        role: 'system',
        // The rules every request begins with first: a server that keeps one prompt keeps them read.
        content: joinParts(
          commonRules(env, meta.language),
          renderPrompt(env.prompts, meta.language, 'roleplay/selector', {
            user: user?.name ?? tr(meta.language, 'The user'),
            chronology: chronology.join('\n\n') || tr(meta.language, '(The story has not begun.)'),
          }),
        ),
      },
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
  return fitRequest(budget, {
    // The whole chronology, windowed in coarse steps like every history (a fixed count of recent turns
    // would shift on every turn, and the cached prefix with it).
    entries: views.path().map((n) => `${nameOf(n.turn.author)}: ${n.turn.source}`),
    // On a server that keeps too few prompts the selector's is read whole before every turn: a few turns.
    cap: budget.shortWindows ? SHORT_SELECTOR_TOKENS : SELECTOR_HISTORY_TOKENS,
    build: (history) => build(history),
    messages: (r) => r.messages,
    stable: estimateMessages(build([]).messages),
    volatile: 0,
    reserve: Math.floor(estimatedRoom(budget) * CANDIDATES_SHARE),
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
      cacheKey: cacheKeyOf(story, SELECTOR_KEY),
      cacheGuest: true,
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
