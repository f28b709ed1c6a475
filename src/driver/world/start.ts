// What a story copies of a library world and lorebooks when it starts (and again when the person
// re-applies them): the world's nodes and relationships, which participant is which character node,
// who knows what at the start, and every lorebook that reaches the story with whom it is attached to.
import type * as Y from 'yjs';
import type { Participant } from '../doc/schema.ts';
import type { Knowledge, World } from '../doc/world.ts';
import type { LoreBook } from '../doc/lore-book.ts';
import { listCharacters, listPersonas } from '../doc/library-doc.ts';
import { readLorebook } from '../doc/library-worlds.ts';
import type { BookAttachmentValue, StoryBookInput, StoryWorld } from '../doc/story-world.ts';
import { fingerprint } from '../views/fingerprint.ts';
import { mentions } from './mentions.ts';

/** The fingerprint of a world's nodes and relationships: what "edited" and "changed" compare. */
export const worldHash = (w: Pick<World, 'nodes' | 'relationships'>): string =>
  fingerprint('world', JSON.stringify(w.nodes), JSON.stringify(w.relationships));

export const bookHash = (b: Pick<LoreBook, 'name' | 'description' | 'entries'>): string =>
  fingerprint('lorebook', b.name, b.description, JSON.stringify(b.entries));

const same = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** The character node a participant is: the one chosen, else the node named (or aliased) as it is. */
function nodeFor(
  world: World,
  p: Participant,
  chosen: Record<string, string> | undefined,
): string | undefined {
  const pick = chosen?.[p.name];
  if (pick && world.nodes.some((n) => n.id === pick)) return pick;
  return world.nodes.find(
    (n) => n.kind === 'character' && (same(n.name, p.name) || n.aliases.some((a) => same(a, p.name))),
  )?.id;
}

export interface WorldChoice {
  characters?: Record<string, string>;
  knowledge?: Record<string, Knowledge>;
}

/** What a participant's own text (its card, or the user's persona) says: it knows of the nodes it names. */
const ownText = (p: Participant): string => [p.persona ?? '', ...Object.values(p.card ?? {})].join('\n');

/**
 * The story's copy of `world` for its participants. What each knows at the start: as chosen, else
 * the world's row for its node; and in either case every node its own card (or persona) names.
 */
export function startWorld(
  world: World,
  participants: readonly Participant[],
  choice: WorldChoice,
  at: string,
): StoryWorld {
  const characters: Record<string, string> = {};
  const knowledge: Record<string, Knowledge> = {};
  for (const p of participants) {
    const node = nodeFor(world, p, choice.characters);
    if (node) characters[p.id] = node;
    const known = choice.knowledge?.[p.name] ?? (node ? world.knowledge[node] : undefined);
    const text = ownText(p);
    const named = world.nodes.filter((n) => n.id !== node && mentions(text, n)).map((n) => n.id);
    const nodes = [...new Set([...(known?.nodes ?? []), ...named])];
    if (nodes.length || known?.relationships.length)
      knowledge[p.id] = { nodes, relationships: known?.relationships ?? [] };
  }
  return {
    name: world.name,
    nodes: world.nodes,
    relationships: world.relationships,
    characters,
    knowledge,
    from: {
      id: world.id,
      name: world.name,
      appliedAt: at,
      hash: worldHash(world),
      libraryHash: worldHash(world),
    },
    notices: [],
  };
}

/** The story's copy after re-applying the library's `world`: what someone knows of a node now gone is dropped. */
export function reappliedWorld(current: StoryWorld, world: World, at: string): StoryWorld {
  const nodes = new Set(world.nodes.map((n) => n.id));
  const relationships = new Set(world.relationships.map((r) => r.id));
  const knowledge = Object.fromEntries(
    Object.entries(current.knowledge).map(([who, k]) => [
      who,
      {
        nodes: k.nodes.filter((n) => nodes.has(n)),
        relationships: k.relationships.filter((r) => relationships.has(r)),
      },
    ]),
  );
  const characters = Object.fromEntries(Object.entries(current.characters).filter(([, n]) => nodes.has(n)));
  return { ...startWorld(world, [], {}, at), characters, knowledge, notices: current.notices };
}

/** Every library lorebook a new story gets, and whom each is attached to. Ids the library lacks are left out. */
export function startBooks(
  library: Y.Doc,
  participants: readonly Participant[],
  picks: { world?: World; story?: readonly string[] },
  at: string,
): StoryBookInput[] {
  const attached = new Map<string, BookAttachmentValue[]>();
  const attach = (ids: readonly string[], to: BookAttachmentValue) => {
    for (const id of ids) attached.set(id, [...(attached.get(id) ?? []), to]);
  };
  attach(picks.world?.books ?? [], { kind: 'world' });
  attach(picks.story ?? [], { kind: 'story' });
  const characters = listCharacters(library);
  const personas = listPersonas(library);
  for (const p of participants) {
    if (p.kind === 'character') {
      const c = characters.find((c) => same(c.name, p.name));
      if (c) attach(c.books, { kind: 'character', participant: p.id });
    } else {
      const persona = personas.find((x) => same(x.name, p.name));
      if (persona) attach(persona.books, { kind: 'persona' });
    }
  }
  return [...attached].flatMap(([id, attachments]) => {
    const book = readLorebook(library, id);
    if (!book) return [];
    const hash = bookHash(book);
    return [{ ...book, attachments, from: { id, name: book.name, appliedAt: at, hash, libraryHash: hash } }];
  });
}
