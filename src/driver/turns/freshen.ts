// Completes what a generation depends on, in story order, before it runs: nothing is generated on an
// incomplete history, and nothing on a stale one (that is the person's choice, stale-history.ts).
// Only items the given participants' histories depend on count (their projections, and the turns and
// histories those were made from).
import type { DriverEnv, DriverResult, Story } from '../env.ts';
import { projectTurn } from './projection.ts';
import { tr } from '../i18n/messages.ts';
import { staleRefusal, summarise } from './stale-history.ts';
import { requiredItems, type Item } from '../views/required-items.ts';
import type { PathNode } from '../views/story-views.ts';

/**
 * Completes, in story order, the missing projections the histories of `who` through `leaf` rest on.
 * Nothing is regenerated here: a stale item among them (an edit that arrived meanwhile, or a caller
 * that did not ask the person first) refuses with the stale-history question.
 */
export async function freshen(
  story: Story,
  env: DriverEnv,
  who: string[],
  leaf: string | null,
): Promise<DriverResult> {
  if (leaf === null) return { ok: true };
  for (;;) {
    const nodes = story.views.path(leaf);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const required = requiredItems(nodes, who);
    const stale = required.filter((i) => stateOf(byId.get(i.turnId) as PathNode, i) === 'stale');
    const summary = summarise(story, stale);
    if (summary) return staleRefusal(story, summary);
    const next = required.find((i) => stateOf(byId.get(i.turnId) as PathNode, i) === 'missing');
    if (!next?.audience) return { ok: true };
    env.onPhase?.({ kind: 'projecting', turnId: next.turnId, audiences: [next.audience] });
    const r = await projectTurn(story, env, next.turnId, next.audience);
    if (!r.ok) return r;
    // A view written into a story closed meanwhile is not read back: asking again would never end.
    const language = story.views.meta().language;
    if (story.doc.isDestroyed)
      return { ok: false, code: 'cancelled', detail: tr(language, 'The story was closed.') };
  }
}

function stateOf(n: PathNode, item: Item): 'fresh' | 'stale' | 'missing' {
  if (item.audience === undefined) return n.turnState === 'stale' ? 'stale' : 'fresh';
  return n.pov.get(item.audience)?.state ?? 'fresh';
}
