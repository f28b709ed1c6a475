// Completes and refreshes what a generation depends on, in story order, before it runs: nothing is
// generated on a stale or incomplete history. Only items the given participants' histories depend
// on are touched (their projections, and the turns and histories those were made from).
import { readPov } from './doc/pov.ts';
import { readMeta } from './doc/story-doc.ts';
import type { DriverEnv, DriverResult, Story } from './env.ts';
import { tr } from './i18n/messages.ts';
import { nameLookup } from './names.ts';
import { projectTurn } from './projection.ts';
import { regenerateTurn } from './actor.ts';
import type { PathNode } from './story-views.ts';

type Item = { turnId: string; audience?: string };

/** Items the histories of `who` through the end of `nodes` depend on, in story order. */
export function requiredItems(nodes: PathNode[], who: string[]): Item[] {
  const needUpTo = new Map(who.map((w) => [w, nodes.length]));
  const items: Item[] = [];
  for (let j = nodes.length - 1; j >= 0; j--) {
    const n = nodes[j] as PathNode;
    const author = n.turn.author;
    const generated = n.turn.origin === 'generated';
    let turnNeeded = false;
    for (const p of n.turn.audiences) {
      if ((needUpTo.get(p) ?? -1) <= j) continue;
      if (p === author) turnNeeded ||= generated;
      else {
        items.push({ turnId: n.id, audience: p });
        if (generated) turnNeeded = true;
      }
    }
    if (turnNeeded) {
      items.push({ turnId: n.id });
      needUpTo.set(author, Math.max(needUpTo.get(author) ?? -1, j));
    }
  }
  return items.reverse();
}

function needsWork(n: PathNode, item: Item): boolean {
  if (item.audience === undefined) return n.turnState === 'stale';
  const s = n.pov.get(item.audience)?.state;
  return s === 'stale' || s === 'missing';
}

/** Each item is regenerated at most once per call, so concurrent churn cannot loop forever. */
export async function freshen(
  story: Story,
  env: DriverEnv,
  who: string[],
  leaf: string | null,
  opts: { regenerateEdited?: boolean } = {},
): Promise<DriverResult> {
  if (leaf === null) return { ok: true };
  const done = new Set<string>();
  for (;;) {
    const nodes = story.views.path(leaf);
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const next = requiredItems(nodes, who).find((i) => needsWork(byId.get(i.turnId) as PathNode, i));
    if (!next) return { ok: true };
    const key = `${next.turnId}/${next.audience ?? ''}`;
    if (done.has(key)) return { ok: true };
    done.add(key);
    if (next.audience === undefined) {
      const r = await regenerateTurn(story, env, next.turnId);
      if (!r.ok) return r;
      continue;
    }
    const rec = readPov(story.doc, next.turnId, next.audience);
    if (rec?.origin === 'edited' && !opts.regenerateEdited) {
      const nameOf = nameLookup(story.doc);
      const language = readMeta(story.doc).language;
      return {
        ok: false,
        code: 'edited-stale',
        detail: tr(
          language,
          "{audience}'s view of a turn by {author} was edited by hand and is now stale. Regenerate it, or keep it as is, before going on.",
          { audience: nameOf(next.audience), author: nameOf(byId.get(next.turnId)?.turn.author ?? '') },
        ),
      };
    }
    env.onPhase?.({ kind: 'projecting', turnId: next.turnId, audiences: [next.audience] });
    const r = await projectTurn(story, env, next.turnId, next.audience);
    if (!r.ok) return r;
  }
}
