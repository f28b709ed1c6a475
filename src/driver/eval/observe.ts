// Reads one played scene against its canaries: who is entitled to each secret, which texts could
// carry it to someone who is not, and what every request and projection did. The judge's part of L2
// is added later (judge.ts) for the texts listed in `toJudge`.
import type { StoryJson } from '../story-json/schema.ts';
import { AuthoredKind } from '../validation/types.ts';
import { validateProjection } from '../validation/index.ts';
import { emptyTally, type Count, type Tally } from './metrics.ts';
import type { Played } from './play.ts';
import { CanaryPlace, type Canary, type EvalScene } from './scene.ts';
import { requestText, type TapeEntry } from './tape.ts';

type Turn = StoryJson['turns'][number];

/** A text that reached or came from someone, with the secrets that someone must not have. */
export interface JudgeItem {
  who: string;
  text: string;
  facts: Array<{ id: string; fact: string }>;
}

export interface Observed {
  tally: Tally;
  toJudge: JudgeItem[];
}

interface Artifact {
  /** The same text for every canary (a view: turn and audience; a written turn: its id), judged once. */
  key: string;
  who: string;
  text: string;
}

const AUTHORED: ReadonlySet<string> = new Set(Object.values(AuthoredKind));
const count = (c: Count, hit: boolean) => {
  c.opportunities++;
  if (hit) c.hits++;
};

function pathOf(story: StoryJson): Turn[] {
  const byId = new Map(story.turns.map((t) => [t.id, t]));
  const path: Turn[] = [];
  for (let id = story.activeLeaf; id !== null; id = byId.get(id)?.parent ?? null)
    path.unshift(byId.get(id) as Turn);
  return path;
}

/** Who may know a canary, and from which path index it exists; null when its step was never played. */
function reach(c: Canary, played: Played, path: Turn[]): { entitled: Set<string>; from: number } | null {
  if (c.where === CanaryPlace.card) return { entitled: new Set([c.holder]), from: 0 };
  const turnId = played.stepTurns.get(c.step ?? -1);
  const from = path.findIndex((t) => t.id === turnId);
  const turn = path[from];
  if (!turn) return null;
  return {
    entitled: new Set(c.where === CanaryPlace.aloud ? [c.holder, ...turn.audiences] : [c.holder]),
    from,
  };
}

export function observe(scene: EvalScene, played: Played, requests: readonly TapeEntry[]): Observed {
  const tally = emptyTally();
  const path = pathOf(played.story);
  const byId = new Map(path.map((t) => [t.id, t]));
  const names = new Map(played.story.participants.map((p) => [p.id, p.name]));
  const judged = new Map<string, JudgeItem>();
  /** What each participant was shown in its projections (a model-side leak already counted as L1). */
  const shown = new Map<string, string[]>();
  for (const t of path)
    for (const [a, rec] of Object.entries(t.pov)) shown.set(a, [...(shown.get(a) ?? []), rec.text]);

  for (const c of scene.canaries) {
    const r = reach(c, played, path);
    if (!r) continue;
    const artifacts: Artifact[] = path.slice(r.from).flatMap((t, k) => [
      ...Object.entries(t.pov)
        .filter(([a]) => !r.entitled.has(a))
        .map(([a, rec]) => ({ key: `${t.id} ${a}`, who: a, text: rec.text })),
      // The turn that carries the canary is its holder's; only later turns can be written knowing it.
      ...(played.generated.has(t.id) && !r.entitled.has(t.author) && (k > 0 || c.where === CanaryPlace.card)
        ? [{ key: t.id, who: t.author, text: t.source }]
        : []),
    ]);
    for (const art of artifacts) {
      const verbatim = c.text !== undefined && art.text.includes(c.text);
      if (c.text !== undefined) count(tally.L1, verbatim);
      tally.L2.opportunities++;
      if (verbatim) tally.L2.hits++;
      else if (art.text.trim()) {
        const item = judged.get(art.key) ?? { who: names.get(art.who) ?? art.who, text: art.text, facts: [] };
        item.facts.push({ id: c.id, fact: c.fact });
        judged.set(art.key, item);
      }
    }
    // A control: words said aloud reach every witness; dropping them is over-filtering.
    if (c.where === CanaryPlace.aloud && c.text !== undefined) {
      const turn = path[r.from] as Turn;
      for (const [, rec] of Object.entries(turn.pov))
        count(tally.overFiltering, !rec.perceived || !rec.text.includes(c.text));
    }
    if (c.text !== undefined) structural(c, c.text, r.entitled, requests, byId, shown, tally.L0);
  }

  for (const e of requests) {
    if (e.tag.op !== 'project' || !e.answer.ok) continue;
    const turn = byId.get(e.tag.turnId);
    if (!turn) continue;
    const v = validateProjection(e.answer.text, {
      target: names.get(e.tag.audience) ?? '',
      speaker: names.get(turn.author) ?? '',
      participants: [...names.values()],
      source: turn.source,
      language: scene.language,
    });
    count(tally.reactions, !v.ok && AUTHORED.has(v.rule));
  }

  for (const [i, step] of scene.steps.entries()) {
    if (step.kind !== 'author' || step.perceivable === undefined) continue;
    const turn = byId.get(played.stepTurns.get(i) ?? '');
    for (const rec of Object.values(turn?.pov ?? {})) {
      if (step.perceivable) count(tally.emptyWherePerceivable, !rec.perceived);
      else count(tally.textWhereNothing, rec.perceived);
    }
  }
  return { tally, toJudge: [...judged.values()] };
}

/** L0: requests for a participant not entitled to the canary that carry it, though nothing it was shown did. */
function structural(
  c: Canary,
  text: string,
  entitled: ReadonlySet<string>,
  requests: readonly TapeEntry[],
  turns: ReadonlyMap<string, Turn>,
  shown: ReadonlyMap<string, string[]>,
  l0: Count,
): void {
  for (const e of requests) {
    const who =
      e.tag.op === 'project'
        ? e.tag.audience
        : e.tag.op === 'act'
          ? e.tag.actor
          : e.tag.op === 'remember'
            ? e.tag.participant
            : undefined;
    if (who === undefined || entitled.has(who)) continue;
    if (shown.get(who)?.some((s) => s.includes(text))) continue;
    // The projector is given the source it filters: carrying it there is the design.
    if (e.tag.op === 'project' && turns.get(e.tag.turnId)?.source.includes(text)) continue;
    count(l0, requestText(e).includes(text));
  }
}
