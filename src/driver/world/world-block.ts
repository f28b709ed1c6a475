// The world as one participant knows it, told at the tail of its acting request: its own node first,
// then the nodes the window names, then the rest it knows, then how they stand to one another — as
// many as fit the room. Built from data, so every sentence goes through tr(); a node's body names the
// character and the user as its author wrote them, filled with the story's names here (K10).
import type { Language } from '../doc/schema.ts';
import type { Relationship, WorldNode, WorldNodeKind } from '../doc/world.ts';
import { tr } from '../i18n/messages.ts';
import { estimateTokens } from '../budget/tokens.ts';
import type { KnownWorld } from './known-world.ts';
import { mentions } from './mentions.ts';
import { withNames } from '../prompts/card-names.ts';

function kindLabel(kind: WorldNodeKind, language: Language): string {
  switch (kind) {
    case 'character':
      return tr(language, 'person');
    case 'place':
      return tr(language, 'place');
    case 'faction':
      return tr(language, 'faction');
    case 'thing':
      return tr(language, 'thing');
    case 'lore':
      return tr(language, 'lore');
    default:
      return kind satisfies never;
  }
}

function nodeText(node: WorldNode, self: boolean, language: Language, names: Names): string {
  const body = withNames(node.body.trim(), names);
  if (self)
    return body
      ? tr(language, 'You, {name}: {body}', { name: node.name, body })
      : tr(language, 'You are {name}.', { name: node.name });
  const kind = kindLabel(node.kind, language);
  return body
    ? tr(language, '{name} ({kind}): {body}', { name: node.name, kind, body })
    : tr(language, '{name} ({kind})', { name: node.name, kind });
}

const relationText = (r: Relationship, nameOf: (id: string) => string, language: Language) =>
  tr(language, '- {from} — {relation} — {to}', { from: nameOf(r.from), relation: r.label, to: nameOf(r.to) });

export interface WorldBlock {
  text: string;
  /** Node ids told. */
  nodes: string[];
}

/** The participant told (`name`) and the user, whom a body may name by macro. */
type Names = { name: string; user: string };

/** `window`: the texts of the participant's window, to tell first what it names. */
export function worldBlock(
  known: KnownWorld,
  window: readonly string[],
  room: number,
  language: Language,
  names: Names,
): WorldBlock {
  if (!known.nodes.length) return { text: '', nodes: [] };
  const recent = window.join('\n');
  const rank = (n: WorldNode) => (n.id === known.self?.id ? 0 : mentions(recent, n) ? 1 : 2);
  const ordered = known.nodes
    .map((node, i) => ({ node, i }))
    .sort((a, b) => rank(a.node) - rank(b.node) || a.i - b.i)
    .map(({ node }) => node);
  const heading = tr(language, 'What you know of the world:');
  let used = estimateTokens(heading);
  const told: WorldNode[] = [];
  const parts: string[] = [];
  for (const node of ordered) {
    const text = nodeText(node, node.id === known.self?.id, language, names);
    const cost = estimateTokens(text) + 1;
    if (used + cost > room) continue;
    used += cost;
    told.push(node);
    parts.push(text);
  }
  if (!told.length) return { text: '', nodes: [] };
  const ids = new Set(told.map((n) => n.id));
  const nameOf = (id: string) => told.find((n) => n.id === id)?.name ?? id;
  const relations: string[] = [];
  const relationsHeading = tr(language, 'How they stand to one another, as far as you know:');
  for (const r of known.relationships) {
    if (!ids.has(r.from) || !ids.has(r.to)) continue;
    const line = relationText(r, nameOf, language);
    const cost = estimateTokens(line) + 1 + (relations.length ? 0 : estimateTokens(relationsHeading));
    if (used + cost > room) continue;
    used += cost;
    relations.push(line);
  }
  const blocks = [
    [heading, ...parts].join('\n\n'),
    ...(relations.length ? [[relationsHeading, ...relations].join('\n')] : []),
  ];
  return { text: blocks.join('\n\n'), nodes: told.map((n) => n.id) };
}
