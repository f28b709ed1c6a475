// How a projection request is laid out: the audience's point of view (the rules common to its requests,
// then the window of its own history before the turn, as every request of theirs begins) and the
// projector's rules; then, in the last message, a few of the audience's own memories and the lore its
// window fired, and the one new source.
import type { DriverEnv, Story } from '../env.ts';
import type { ChatRequest } from '../model.ts';
import { renderPrompt } from '../prompts/render.ts';
import { sourceWithRolls } from '../dice/dice.ts';
import { samplingFor } from './sampling.ts';
import { formatEntry } from '../views/transcript-text.ts';
import { estimatedRoom, type RequestBudget } from '../budget/request-budget.ts';
import type { HistoryFit } from '../budget/fit.ts';
import type { TranscriptEntry } from '../views/path-node.ts';
import { SOURCE_SHARE } from '../budget/shares.ts';
import { loreCandidates, loreRoom } from '../lore/participant-lore.ts';
import { estimateMessages, estimateTokens } from '../budget/tokens.ts';
import { povMessage } from './point-of-view.ts';

/**
 * The request projecting `turn` to `audience` over `entries` (its history before the turn): `known`
 * (a few of its own memories, so it names people as it knows them) and `lore` (what fired from its own
 * window, so it names things as it knows them) at the tail, before the source.
 */
export function projectionFit(
  story: Story,
  env: DriverEnv,
  turn: { speaker: string; source: string },
  audience: string,
  entries: readonly TranscriptEntry[],
  budget: RequestBudget,
  known: string,
  lore = '',
): HistoryFit<ChatRequest> {
  const { views } = story;
  const language = views.meta().language;
  const { nameOf } = views.cast();
  const target = nameOf(audience);
  const rules = renderPrompt(env.prompts, language, 'roleplay/projector', { target, history: '' });
  const task = renderPrompt(env.prompts, language, 'roleplay/projector-task', {
    speaker: nameOf(turn.speaker),
    target,
    source: turn.source,
    known,
    lore,
  });
  const build = (history: readonly string[], start: number, tail = task): ChatRequest => ({
    messages: [povMessage(env, language, target, history, start, rules), { role: 'user', content: tail }],
    ...samplingFor(env, 'projector'),
  });
  return {
    entries: entries.map((e) => formatEntry(e, nameOf)),
    build: (history, start) => build(history, start),
    messages: (r) => r.messages,
    stable: estimateMessages(build([], 0, '').messages),
    volatile: estimateTokens(task),
    reserve:
      Math.floor(estimatedRoom(budget) * SOURCE_SHARE) +
      (loreCandidates(story, audience).length ? projectorLoreRoom(story, budget) : 0),
  };
}

/** What of the story's lore share a projection may take: it only names things, it does not act on them. */
const PROJECTOR_LORE_OF_SHARE = 0.5;
export const projectorLoreRoom = (story: Story, budget: RequestBudget) =>
  Math.floor(loreRoom(story, estimatedRoom(budget)) * PROJECTOR_LORE_OF_SHARE);

/** What a turn is to its projector: who wrote it, and its source as projected (with its rolls). */
export const projected = (story: Story, turnId: string) => {
  const turn = story.views.node(turnId).turn;
  return { speaker: turn.author, source: sourceWithRolls(turn, story.views.meta().language) };
};
