// The world authoring assistant's tools over a world's nodes: list and read them at once; create,
// edit and delete a node (any kind the world knows) as changes for the person to approve. Every
// write goes through putWorld, the check the world editor's Save runs; a deleted node goes to the
// library's trash with the relationships that went with it.
import type * as Y from 'yjs';
import { z } from 'zod';
import type { Language } from '../../doc/schema.ts';
import { worldNodeKindSchema, worldNodeSchema, type World, type WorldNode } from '../../doc/world.ts';
import { putWorld, readWorld } from '../../doc/library-worlds.ts';
import { putInTrash } from '../../doc/library-trash.ts';
import { tr } from '../../i18n/messages.ts';
import { ChangeAction, readTool, writeTool, type AssistantTool, type Change } from '../tools.ts';

export interface WorldToolsInput {
  doc: Y.Doc;
  worldId: string;
  /** The chat's subject, so its trash is its own. */
  subject: string;
  language: Language;
  clock: () => number;
  newId: () => string;
}

export type WriteOutcome = { ok: true } | { ok: false; error: string };

export const worldMissing = { ok: false as const, error: 'The world is no longer in the library.' };

/** Writes the world, checked as the world editor's Save checks it. */
export function saveWorld(doc: Y.Doc, next: World, origin: unknown): WriteOutcome {
  const saved = putWorld(doc, next, origin);
  return saved.ok ? saved : { ok: false, error: `Refused by the world's check: ${saved.detail}` };
}

const nodeId = z.object({ id: z.string().min(1).describe('The node id, as list_nodes gives it') });
const names = z.array(z.string().trim().min(1).max(200));
const nodeFields = z.object({
  kind: worldNodeKindSchema.optional().describe('What the node is'),
  name: z.string().trim().min(1).max(200).optional().describe('The name a story uses for it'),
  aliases: names.optional().describe('Other names it goes by'),
  body: z.string().max(20_000).optional().describe('Markdown: what is true of it, canon for every story'),
});
const createArgs = nodeFields.extend({
  kind: worldNodeKindSchema,
  name: z.string().trim().min(1).max(200),
  id: z.string().optional(),
});
const editArgs = nodeFields.extend(nodeId.shape);

/** A node as the person reads it in a proposal's before and after (a card's piece too). */
export function nodeText(node: WorldNode | undefined, language: Language): string {
  if (!node) return '';
  return [
    `${tr(language, 'Kind')}: ${node.kind}`,
    `${tr(language, 'Name')}: ${node.name}`,
    ...(node.aliases.length ? [`${tr(language, 'Aliases')}: ${node.aliases.join(', ')}`] : []),
    `${tr(language, 'Body')}:`,
    node.body,
  ].join('\n');
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Another node already called `name` (or going by it): two nodes one story could not tell apart. */
function nameTaken(world: World, name: string, except?: string): string | null {
  const other = world.nodes.find(
    (n) => n.id !== except && [n.name, ...n.aliases].some((known) => sameName(known, name)),
  );
  return other ? `The world already has a node called ${name} (${other.id}): edit it instead.` : null;
}

/** The world without one node: its relationships and every knowledge row naming it go too. */
export function withoutNode(world: World, id: string): World {
  const relationships = world.relationships.filter((r) => r.from !== id && r.to !== id);
  const kept = new Set(relationships.map((r) => r.id));
  const knowledge = Object.fromEntries(
    Object.entries(world.knowledge)
      .filter(([who]) => who !== id)
      .map(([who, k]) => [
        who,
        { nodes: k.nodes.filter((n) => n !== id), relationships: k.relationships.filter((r) => kept.has(r)) },
      ]),
  );
  return { ...world, nodes: world.nodes.filter((n) => n.id !== id), relationships, knowledge };
}

/** Deletes a node into the chat's trash with the relationships it was in, in one transaction. */
export function trashNode(
  input: Pick<WorldToolsInput, 'doc' | 'subject' | 'clock' | 'newId'>,
  world: World,
  node: WorldNode,
  origin: unknown,
): WriteOutcome {
  const { doc } = input;
  const relationships = world.relationships.filter((r) => r.from === node.id || r.to === node.id);
  let saved: WriteOutcome = { ok: true };
  doc.transact(() => {
    saved = saveWorld(doc, withoutNode(world, node.id), origin);
    if (saved.ok)
      putInTrash(
        doc,
        {
          id: input.newId(),
          subject: input.subject,
          at: input.clock(),
          kind: 'world-node',
          worldId: world.id,
          node,
          relationships,
        },
        origin,
      );
  }, origin);
  return saved;
}

export function worldNodeTools(input: WorldToolsInput): AssistantTool[] {
  const { doc, worldId, language } = input;
  const world = () => readWorld(doc, worldId);
  const noNode = (id: string) => ({ ok: false as const, error: `No node ${id} in the world.` });

  function nodeChange(
    action: ChangeAction,
    before: WorldNode | undefined,
    after: WorldNode | undefined,
    write: (w: World, origin: unknown) => WriteOutcome,
  ): Change {
    return {
      action,
      label: (after ?? before)?.name ?? '',
      heading: (after ?? before)?.kind ?? 'lore',
      before: nodeText(before, language),
      after: nodeText(after, language),
      apply: (origin) => {
        const current = world();
        return current ? write(current, origin) : worldMissing;
      },
    };
  }

  return [
    readTool({
      name: 'list_nodes',
      description:
        'Lists the world: its name, description, every node (id, kind, name, aliases, body length) and every relationship (from, to, label).',
      args: z.object({}),
      run: () => {
        const w = world();
        if (!w) return worldMissing;
        const nodes = w.nodes.map((n) => ({
          id: n.id,
          kind: n.kind,
          name: n.name,
          aliases: n.aliases,
          bodyChars: n.body.length,
        }));
        const result = { name: w.name, description: w.description, nodes, relationships: w.relationships };
        return { ok: true, result: JSON.stringify(result) };
      },
    }),
    readTool({
      name: 'read_node',
      description: 'Reads one node whole, with the relationships it is in.',
      args: nodeId,
      run: ({ id }) => {
        const w = world();
        const node = w?.nodes.find((n) => n.id === id);
        if (!w || !node) return noNode(id);
        const relationships = w.relationships.filter((r) => r.from === id || r.to === id);
        return { ok: true, result: JSON.stringify({ ...node, relationships }) };
      },
    }),
    writeTool({
      name: 'create_node',
      description:
        'Proposes a new node (the person applies or rejects it): a character, place, faction, thing or piece of lore.',
      args: createArgs,
      propose: (args) => {
        const w = world();
        if (!w) return worldMissing;
        const id = args.id ?? input.newId();
        const { id: _chosen, ...fields } = args;
        const parsed = worldNodeSchema.safeParse({ ...fields, id });
        if (!parsed.success)
          return { ok: false, error: `Invalid node: ${parsed.error.issues[0]?.message ?? ''}` };
        const node = parsed.data;
        const refusal = (current: World) =>
          current.nodes.some((n) => n.id === id)
            ? `The world already has a node ${id}.`
            : nameTaken(current, node.name);
        const problem = refusal(w);
        if (problem) return { ok: false, error: problem };
        const change = nodeChange(ChangeAction.create, undefined, node, (current, origin) => {
          const now = refusal(current);
          return now
            ? { ok: false, error: now }
            : saveWorld(doc, { ...current, nodes: [...current.nodes, node] }, origin);
        });
        return { ok: true, change, args: { ...args, id } };
      },
    }),
    writeTool({
      name: 'edit_node',
      description: 'Proposes changes to one node: only the fields given change.',
      args: editArgs,
      propose: ({ id, ...fields }) => {
        const w = world();
        if (!w) return worldMissing;
        const before = w.nodes.find((n) => n.id === id);
        if (!before) return noNode(id);
        const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
        const parsed = worldNodeSchema.safeParse({ ...before, ...given });
        if (!parsed.success)
          return { ok: false, error: `Invalid node: ${parsed.error.issues[0]?.message ?? ''}` };
        const after = parsed.data;
        const taken = nameTaken(w, after.name, id);
        if (taken) return { ok: false, error: taken };
        const change = nodeChange(ChangeAction.edit, before, after, (current, origin) =>
          current.nodes.some((n) => n.id === id)
            ? saveWorld(
                doc,
                { ...current, nodes: current.nodes.map((n) => (n.id === id ? { ...n, ...given } : n)) },
                origin,
              )
            : noNode(id),
        );
        return { ok: true, change };
      },
    }),
    writeTool({
      name: 'delete_node',
      description:
        'Proposes deleting one node and the relationships it is in; it goes to the trash, where the person can restore it.',
      args: nodeId,
      propose: ({ id }) => {
        const before = world()?.nodes.find((n) => n.id === id);
        if (!before) return noNode(id);
        const change = nodeChange(ChangeAction.delete, before, undefined, (current, origin) => {
          const node = current.nodes.find((n) => n.id === id);
          return node ? trashNode(input, current, node, origin) : noNode(id);
        });
        return { ok: true, change };
      },
    }),
  ];
}
