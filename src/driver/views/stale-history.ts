// Stale history as the person's decision: what on a path was made from an earlier version of the
// story, the refusal a generating command returns while it is there, and the two ways out — keep
// everything as it is, or rewrite it (rewrite.ts). Nothing is regenerated without that choice.
import type { DriverFailure, StaleSummary, Story } from '../env.ts';
import { tr } from '../i18n/messages.ts';
import type { StaleItem } from './story-views.ts';

export const StaleChoice = { keep: 'keep', rewrite: 'rewrite' } as const;
export type StaleChoice = (typeof StaleChoice)[keyof typeof StaleChoice];

/** Whether a stale item's text is a person's: a generated turn or a view edited by hand. */
export function byHand(story: Story, item: StaleItem): boolean {
  const turn = story.views.node(item.turnId).turn;
  return item.audience === undefined ? turn.edited : turn.pov[item.audience]?.origin === 'edited';
}

/** The stale items among `items`, summarised for the person; null when there are none. */
export function summarise(story: Story, items: readonly StaleItem[]): StaleSummary | null {
  const first = items[0];
  if (first === undefined) return null;
  const turns = [...new Set(items.map((i) => i.turnId))];
  return {
    turns,
    from: story.views.node(first.turnId).index,
    byHand: items.filter((i) => byHand(story, i)).length,
  };
}

/** Every stale item on the path to `leaf` (default: the active leaf), summarised; null when none. */
export function staleHistory(story: Story, leaf?: string | null): StaleSummary | null {
  return summarise(story, story.views.staleItems(leaf));
}

/** What a generating command answers while the history it would build on is stale. */
export function staleRefusal(story: Story, stale: StaleSummary): DriverFailure {
  const language = story.views.meta().language;
  return {
    ok: false,
    code: 'stale-history',
    detail:
      stale.turns.length === 1
        ? tr(
            language,
            'A turn was written from an earlier version of the story. Keep it as it is, or rewrite it, before anything new is written.',
          )
        : tr(
            language,
            '{count} turns were written from an earlier version of the story. Keep them as they are, or rewrite them, before anything new is written.',
            { count: stale.turns.length },
          ),
    stale,
  };
}
