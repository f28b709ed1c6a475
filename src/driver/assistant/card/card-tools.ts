// The card-reading assistant's tools: read the card and the world it is read into at once; add a
// world piece (a character, place, faction, thing or lore node) or set the world's name and
// description as changes for the person to approve, and take back a piece this chat applied (to
// the chat's trash). A piece of an unknown kind, or one whose name the world already holds, is
// refused; every write goes through putWorld, the check the world editor's Save runs, and the world
// is made by the first piece applied when it is a new one.
import type * as Y from 'yjs';
import { z } from 'zod';
import type { Language } from '../../doc/schema.ts';
import type { LibraryCharacter } from '../../doc/library-doc.ts';
import { readWorld } from '../../doc/library-worlds.ts';
import { readAssistantChat } from '../../doc/assistant-chats.ts';
import { WORLD_NODE_KINDS, type World, type WorldNode, type WorldNodeKind } from '../../doc/world.ts';
import { tr } from '../../i18n/messages.ts';
import { ChangeAction, readTool, writeTool, type AssistantTool, type Change } from '../tools.ts';
import { nodeText, saveWorld, trashNode } from '../world/world-tools.ts';

export interface CardToolsInput {
  doc: Y.Doc;
  character: LibraryCharacter;
  /** The world the pieces go into: a library world, or the id a new one will take. */
  worldId: string;
  language: Language;
  /** The chat's subject: its trash, and the pieces it applied. */
  subject: string;
  clock: () => number;
  newId: () => string;
}

const CARD_FIELDS = ['description', 'personality', 'scenario', 'firstMessage', 'exampleDialogue'] as const;

/** The card's text as the model reads it: each field it has, named. */
export function cardText(character: LibraryCharacter): string {
  return CARD_FIELDS.flatMap((f) => {
    const text = character.card[f]?.trim();
    return text ? [`${f}: ${text}`] : [];
  }).join('\n\n');
}

const name = z.string().trim().min(1).max(200);
const pieceArgs = z.object({
  kind: z.string().describe(`One of: ${WORLD_NODE_KINDS.join(', ')}`),
  name: name.describe('As the card spells it'),
  aliases: z.array(name).max(20).optional().describe('Other names the card gives it'),
  body: z.string().trim().min(1).max(20_000).describe('What the card tells of it, in a few sentences'),
  id: z.string().optional(),
});
const worldArgs = z.object({
  name: name.optional(),
  description: z.string().max(4000).optional(),
});

const pieceId = z.object({ id: z.string().min(1).describe('The piece id, as read_world gives it') });
const appliedArgs = z.object({ id: z.string() });

const isKind = (kind: string): kind is WorldNodeKind => (WORLD_NODE_KINDS as string[]).includes(kind);

const worldText = (w: Pick<World, 'name' | 'description'>, language: Language): string =>
  `${tr(language, 'Name')}: ${w.name}\n${tr(language, 'Description')}: ${w.description}`;

/** Why a piece cannot go into the world, or null: its kind must be known and its names new to the world. */
function pieceProblem(world: World | undefined, piece: z.infer<typeof pieceArgs>): string | null {
  if (!isKind(piece.kind))
    return `Unknown kind "${piece.kind}": a piece is one of ${WORLD_NODE_KINDS.join(', ')}.`;
  const taken = new Set(
    (world?.nodes ?? []).flatMap((n) => [n.name, ...n.aliases]).map((n) => n.toLocaleLowerCase()),
  );
  const clash = [piece.name, ...(piece.aliases ?? [])].find((n) => taken.has(n.toLocaleLowerCase()));
  return clash ? `The world already has a piece named ${clash}: one piece per thing.` : null;
}

export function cardTools(input: CardToolsInput): AssistantTool[] {
  const { doc, character, worldId, language } = input;
  const world = () => readWorld(doc, worldId);
  /** The world as it is, or the new one the first applied piece makes (named after the card). */
  const worldOrNew = (): World =>
    world() ?? {
      id: worldId,
      name: character.name,
      description: '',
      nodes: [],
      relationships: [],
      knowledge: {},
      books: [],
      prompts: {},
      suggestedPreset: null,
    };

  /** The ids of the pieces this chat applied: the only ones it may take back (the rest are the person's). */
  const applied = (): Set<string> =>
    new Set(
      readAssistantChat(doc, input.subject).proposals.flatMap((p) => {
        const args = appliedArgs.safeParse(p.args);
        return p.tool === 'add_piece' && p.status === 'applied' && args.success ? [args.data.id] : [];
      }),
    );
  /** The piece `id` if this chat applied it and the world still has it, or why not. */
  const ownPiece = (
    id: string,
  ): { ok: true; node: WorldNode; world: World } | { ok: false; error: string } => {
    const w = world();
    const node = w?.nodes.find((n) => n.id === id);
    if (!w || !node) return { ok: false, error: `The world has no piece ${id}.` };
    if (!applied().has(id))
      return {
        ok: false,
        error: `${node.name} is not a piece this chat applied: only those can be taken back.`,
      };
    return { ok: true, node, world: w };
  };

  return [
    readTool({
      name: 'read_card',
      description: "Reads the card: its name and each of its fields' text.",
      args: z.object({}),
      run: () => ({ ok: true, result: JSON.stringify({ name: character.name, card: cardText(character) }) }),
    }),
    readTool({
      name: 'read_world',
      description:
        'Reads the world the pieces go into: its name, description and every piece (id, kind, name, aliases; applied: true for a piece this chat applied); new: true when it is made by the first piece applied.',
      args: z.object({}),
      run: () => {
        const w = worldOrNew();
        const mine = applied();
        const pieces = w.nodes.map((n) => ({
          id: n.id,
          kind: n.kind,
          name: n.name,
          aliases: n.aliases,
          ...(mine.has(n.id) ? { applied: true } : {}),
        }));
        return {
          ok: true,
          result: JSON.stringify({ name: w.name, description: w.description, new: !world(), pieces }),
        };
      },
    }),
    writeTool({
      name: 'add_piece',
      description:
        'Proposes one world piece from the card (the person applies or rejects it): its kind, its name as the card spells it, other names, and what the card tells of it.',
      args: pieceArgs,
      propose: (args) => {
        const problem = pieceProblem(world(), args);
        if (problem) return { ok: false, error: problem };
        const id = args.id ?? input.newId();
        const node: WorldNode = {
          id,
          kind: args.kind as WorldNodeKind,
          name: args.name,
          aliases: args.aliases ?? [],
          body: args.body,
        };
        const change: Change = {
          action: ChangeAction.create,
          label: node.name,
          heading: node.kind,
          before: '',
          after: nodeText(node, language),
          apply: (origin) => {
            const current = worldOrNew();
            const again = pieceProblem(current, args);
            return again
              ? { ok: false, error: again }
              : saveWorld(doc, { ...current, nodes: [...current.nodes, node] }, origin);
          },
        };
        return { ok: true, change, args: { ...args, id } };
      },
    }),
    writeTool({
      name: 'remove_piece',
      description:
        'Proposes taking back a piece this chat applied (read_world marks it applied), with its relationships; it goes to the trash, where the person can restore it.',
      args: pieceId,
      propose: ({ id }) => {
        const own = ownPiece(id);
        if (!own.ok) return own;
        const change: Change = {
          action: ChangeAction.delete,
          label: own.node.name,
          heading: own.node.kind,
          before: nodeText(own.node, language),
          after: '',
          apply: (origin) => {
            const now = ownPiece(id);
            return now.ok ? trashNode(input, now.world, now.node, origin) : now;
          },
        };
        return { ok: true, change };
      },
    }),
    writeTool({
      name: 'set_world',
      description:
        "Proposes the world's name or description (what the card's setting is, in a few sentences).",
      args: worldArgs,
      propose: (args) => {
        const before = worldOrNew();
        const after = { name: args.name ?? before.name, description: args.description ?? before.description };
        const change: Change = {
          action: ChangeAction.settings,
          label: after.name,
          heading: 'world',
          before: world() ? worldText(before, language) : '',
          after: worldText(after, language),
          apply: (origin) => saveWorld(doc, { ...worldOrNew(), ...after }, origin),
        };
        return { ok: true, change };
      },
    }),
  ];
}
