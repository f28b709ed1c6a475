// What the session doctor reads of a story, from the views the story screen reads: the stale items
// of the active path, the perceptions not written yet, how full each participant's last request
// was, and the memory changes waiting for the person's review. Turns are numbered from 1 on the path.
import { povGiven } from '../../doc/pov.ts';
import { activeLeaf, turnGiven } from '../../doc/turns.ts';
import type { Given } from '../../doc/given.ts';
import type { Story } from '../../env.ts';
import { pathIndexOf } from '../../turns/chronicler.ts';
import { chronicleOnPath } from '../../memory/chronicle-on-path.ts';
import { byHand, staleChronicles } from '../../turns/stale-history.ts';
import type { PathNode } from '../../views/path-node.ts';
import type { StaleItem } from '../../views/stale-items.ts';

/** A request this full of its context (prompt and answer room) leaves the history little room: said as pressure. */
export const BUDGET_PRESSURE_SHARE = 0.9;

export interface StaleRow {
  turnId: string;
  turn: number;
  author: string;
  /** Absent: the generated turn itself; present: whose view of it. */
  audience?: string;
  /** A person's text (edited or written by hand): a rewrite keeps it. */
  byHand: boolean;
}

export interface MissingRow {
  participant: string;
  name: string;
  turns: number[];
}

export interface BudgetRow {
  participant: string;
  name: string;
  /** The turn whose request it was (that participant's newest on the path). */
  turn: number;
  promptTokens: number;
  maxTokens: number;
  context: number;
  /** (prompt + answer room) / context. */
  share: number;
  pressure: boolean;
  /** Entries of its transcript before the window: told by its memories, not verbatim. */
  leftOutOfWindow: number;
}

export interface ReviewRow {
  participant: string;
  name: string;
  changeId: string;
  subject: string;
  domain: string;
  value: string;
  evidence: string;
}

const numberOf = (story: Story, turnId: string): number => story.views.node(turnId).index + 1;

export function staleRows(story: Story): StaleRow[] {
  const { nameOf } = story.views.cast();
  return story.views.staleItems().map((item) => ({
    turnId: item.turnId,
    turn: numberOf(story, item.turnId),
    author: nameOf(story.views.node(item.turnId).turn.author),
    ...(item.audience !== undefined ? { audience: nameOf(item.audience) } : {}),
    byHand: byHand(story, item),
  }));
}

/** Whether `item` is one of the active path's stale items now. */
export const isStale = (story: Story, item: StaleItem): boolean =>
  story.views.staleItems().some((s) => s.turnId === item.turnId && s.audience === item.audience);

export const staleChronicleCount = (story: Story): number => staleChronicles(story).length;

export function missingRows(story: Story): MissingRow[] {
  return story.views.cast().participants.flatMap((p) => {
    const turns = story.views.missing(p.id).map((t) => numberOf(story, t));
    return turns.length ? [{ participant: p.id, name: p.name, turns }] : [];
  });
}

/** Each participant's newest request on the active path, as the inspector shows it. */
export function budgetRows(story: Story): BudgetRow[] {
  const path = story.views.path();
  const found = new Map<string, { turn: number; given: Given }>();
  const cast = story.views.cast().participants;
  for (let i = path.length - 1; i >= 0 && found.size < cast.length; i--) {
    const node = path[i] as PathNode;
    const author = node.turn.author;
    const own = node.turn.origin === 'generated' ? turnGiven(story.doc, node.id) : undefined;
    if (own && !found.has(author)) found.set(author, { turn: i + 1, given: own });
    for (const audience of node.pov.keys()) {
      const given = found.has(audience) ? undefined : povGiven(story.doc, node.id, audience);
      if (given) found.set(audience, { turn: i + 1, given });
    }
  }
  return cast.flatMap((p) => {
    const f = found.get(p.id);
    if (!f || f.given.context <= 0) return [];
    const share = (f.given.promptTokens + f.given.maxTokens) / f.given.context;
    return [
      {
        participant: p.id,
        name: p.name,
        turn: f.turn,
        promptTokens: f.given.promptTokens,
        maxTokens: f.given.maxTokens,
        context: f.given.context,
        share: Math.round(share * 100) / 100,
        pressure: share >= BUDGET_PRESSURE_SHARE,
        leftOutOfWindow: f.given.window.start,
      },
    ];
  });
}

export function reviewRows(story: Story): ReviewRow[] {
  const { nameOf } = story.views.cast();
  const leaf = activeLeaf(story.doc);
  const index = pathIndexOf(story, leaf);
  return story.views.cast().participants.flatMap((p) => {
    const transcript = leaf === null ? [] : story.views.transcript(p.id, { leaf });
    const { pending } = chronicleOnPath(story.views.chronicle(p.id), index, transcript);
    return pending.map(({ change }) => ({
      participant: p.id,
      name: p.name,
      changeId: change.id,
      subject: nameOf(change.subject),
      domain: change.domain,
      value: change.value,
      evidence: change.evidence,
    }));
  });
}
