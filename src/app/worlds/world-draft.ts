// A world as the editor holds it until Save: aliases as the text typed, and the rules of who knows
// what (a character always knows its own node; a node removed takes its relationships and knowledge
// with it). Turned back into the WorldInput saveWorld takes.
import type { SetStoreFunction } from 'solid-js/store';
import type { Knowledge, World, WorldInput, WorldNodeKind } from '../../workers/api.ts';
import { joinCommaList, splitCommaList } from '../ui/comma-list.ts';

export interface NodeDraft {
  id: string;
  kind: WorldNodeKind;
  name: string;
  /** Comma-separated, as typed. */
  aliases: string;
  body: string;
}

export interface RelationshipDraft {
  id: string;
  from: string;
  to: string;
  label: string;
}

export type WorldDraft = Omit<World, 'nodes' | 'relationships'> & {
  nodes: NodeDraft[];
  relationships: RelationshipDraft[];
};

export type KnowledgeKind = keyof Knowledge;

export function draftOf(world: World): WorldDraft {
  return {
    ...structuredClone(world),
    nodes: world.nodes.map((n) => ({ ...n, aliases: joinCommaList(n.aliases) })),
  };
}

/** What saveWorld is given: knowledge kept for character nodes only (the only rows the editor shows). */
export function worldInput(draft: WorldDraft): WorldInput {
  const characters = new Set(draft.nodes.filter((n) => n.kind === 'character').map((n) => n.id));
  const knowledge = Object.fromEntries(
    Object.entries(draft.knowledge)
      .filter(([who]) => characters.has(who))
      .map(([who, k]) => [
        who,
        { nodes: k.nodes.filter((id) => id !== who), relationships: k.relationships },
      ]),
  );
  return {
    ...draft,
    nodes: draft.nodes.map((n) => ({ ...n, aliases: splitCommaList(n.aliases) })),
    relationships: draft.relationships.map((r) => ({ ...r })),
    knowledge,
    books: [...draft.books],
  };
}

export const characterNodes = (draft: WorldDraft): NodeDraft[] =>
  draft.nodes.filter((n) => n.kind === 'character');

/** Whether `who` knows the node or relationship `id`; its own node it always knows. */
export function knows(draft: WorldDraft, who: string, kind: KnowledgeKind, id: string): boolean {
  if (kind === 'nodes' && id === who) return true;
  return draft.knowledge[who]?.[kind].includes(id) ?? false;
}

/** The knowledge with `who` knowing (or not) `id`. */
export function withKnowledge(
  knowledge: WorldDraft['knowledge'],
  who: string,
  kind: KnowledgeKind,
  id: string,
  known: boolean,
): WorldDraft['knowledge'] {
  const row = knowledge[who] ?? { nodes: [], relationships: [] };
  const rest = row[kind].filter((x) => x !== id);
  return { ...knowledge, [who]: { ...row, [kind]: known ? [...rest, id] : rest } };
}

/** The draft without node `id`: its relationships, its knowledge row, and every knowing of either go too. */
export function withoutNode(draft: WorldDraft, id: string): Partial<WorldDraft> {
  const gone = new Set(draft.relationships.filter((r) => r.from === id || r.to === id).map((r) => r.id));
  return {
    nodes: draft.nodes.filter((n) => n.id !== id),
    relationships: draft.relationships.filter((r) => !gone.has(r.id)),
    knowledge: Object.fromEntries(
      Object.entries(draft.knowledge)
        .filter(([who]) => who !== id)
        .map(([who, k]) => [
          who,
          {
            nodes: k.nodes.filter((n) => n !== id),
            relationships: k.relationships.filter((r) => !gone.has(r)),
          },
        ]),
    ),
  };
}

/** The draft without relationship `id`, nobody knowing it any more. */
export function withoutRelationship(draft: WorldDraft, id: string): Partial<WorldDraft> {
  return {
    relationships: draft.relationships.filter((r) => r.id !== id),
    knowledge: Object.fromEntries(
      Object.entries(draft.knowledge).map(([who, k]) => [
        who,
        { ...k, relationships: k.relationships.filter((r) => r !== id) },
      ]),
    ),
  };
}

/** What each section of the world editor is given: the draft, and the setter that marks it unsaved. */
export interface DraftProps {
  draft: WorldDraft;
  edit: SetStoreFunction<WorldDraft>;
}

/** A node's name for lists and selects: its own, or its number while it has none. */
export const nodeName = (node: NodeDraft | undefined, fallback: string): string =>
  node?.name.trim() || fallback;
