// What one participant knows of the story's world at a point of a path: its own character node, what
// it knew from the start, every node an accepted knowledge commit of its own chronicle on that path
// names (by name or alias), and every place its whereabouts named — so a branch learns only what
// happened on it, and what it never heard of never reaches its requests.
import type { StoryWorld } from '../doc/story-world.ts';
import { startKnowledge } from '../doc/story-world.ts';
import type { Relationship, WorldNode } from '../doc/world.ts';
import type { Commit } from '../memory/chronicle-view.ts';
import { mentions } from './mentions.ts';

export interface KnownWorld {
  /** Its own character node, if it is one. */
  self: WorldNode | undefined;
  /** Every node it knows, in the world's order (its own included). */
  nodes: WorldNode[];
  relationships: Relationship[];
  /** Node ids it learned in play (not known from the start). */
  learned: ReadonlySet<string>;
}

/** `commits`: its chronicle's commits on the path so far (chronicleOnPath). */
export function knownWorld(world: StoryWorld, who: string, commits: readonly Commit[]): KnownWorld {
  const start = startKnowledge(world, who);
  const selfId = world.characters[who];
  const known = new Set([...start.nodes, ...(selfId ? [selfId] : [])]);
  const learned = new Set<string>();
  const told = commits.filter(
    (c) => c.subject === who && c.domain === 'knowledge' && c.source !== 'chronicle',
  );
  // Where it has been it knows: the places its whereabouts named (those apply at once).
  told.push(...commits.filter((c) => c.subject === who && c.domain === 'location'));
  for (const node of world.nodes) {
    if (known.has(node.id)) continue;
    if (told.some((c) => mentions(c.value, node))) {
      known.add(node.id);
      learned.add(node.id);
    }
  }
  const relationships = new Set(start.relationships);
  return {
    self: world.nodes.find((n) => n.id === selfId),
    nodes: world.nodes.filter((n) => known.has(n.id)),
    relationships: world.relationships.filter(
      (r) => relationships.has(r.id) && known.has(r.from) && known.has(r.to),
    ),
    learned,
  };
}
