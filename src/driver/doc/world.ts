// A world: its nodes (characters, places, factions, things, lore), each with a Markdown body that is
// canon (the driver never rewrites it), the relationships between them, and who knows what: for
// each character node, the nodes and relationships it knows from the start.
import { z } from 'zod';
import { worldTranslationSchema } from './world-translation.ts';

export const WorldNodeKind = {
  character: 'character',
  place: 'place',
  faction: 'faction',
  thing: 'thing',
  lore: 'lore',
} as const;
export type WorldNodeKind = (typeof WorldNodeKind)[keyof typeof WorldNodeKind];
export const WORLD_NODE_KINDS = Object.values(WorldNodeKind);
export const worldNodeKindSchema = z.enum(WORLD_NODE_KINDS as [WorldNodeKind, ...WorldNodeKind[]]);

const id = z.string().min(1).max(200);
const name = z.string().trim().min(1).max(200);

export const worldNodeSchema = z.object({
  id,
  kind: worldNodeKindSchema,
  name,
  /** Other names it goes by: a mention of any of them counts as a mention of the node. */
  aliases: z.array(name).default([]),
  body: z.string().max(20_000).default(''),
});
export type WorldNode = z.infer<typeof worldNodeSchema>;

export const relationshipSchema = z.object({
  id,
  from: id,
  to: id,
  /** How `from` stands to `to`, in the world's words: "sister of", "sworn to", "hidden in". */
  label: z.string().trim().min(1).max(500),
});
export type Relationship = z.infer<typeof relationshipSchema>;

/** What one character knows: node ids and relationship ids. Its own node it always knows. */
export const knowledgeSchema = z.object({
  nodes: z.array(id).default([]),
  relationships: z.array(id).default([]),
});
export type Knowledge = z.infer<typeof knowledgeSchema>;

/** A world's content: what a story copies when it starts with it. */
export const worldContentSchema = z.object({
  nodes: z.array(worldNodeSchema).default([]),
  relationships: z.array(relationshipSchema).default([]),
  /** Character node id → what it knows. */
  knowledge: z.record(id, knowledgeSchema).default({}),
});
export type WorldContent = z.infer<typeof worldContentSchema>;

export const worldSchema = worldContentSchema.extend({
  id,
  name,
  description: z.string().max(4000).default(''),
  /** Lorebooks of the library attached to the world (every story with it gets them). */
  books: z.array(id).default([]),
  /** The world's prompts, '<lang>/<group>/<name>' → text, copied into a story at its start. */
  prompts: z.record(z.string(), z.string()).default({}),
  /** A library preset the world suggests, applied at a story's start below the world's own prompts. */
  suggestedPreset: id.nullable().default(null),
  /** Set on a world made by translating another: where it came from and its glossary. */
  translation: worldTranslationSchema.optional(),
});
export type World = z.infer<typeof worldSchema>;
export type WorldInput = z.input<typeof worldSchema>;

/** Which problems a world's content has: a relationship or a knowledge row naming no node. */
export function worldContentProblems(content: WorldContent): string[] {
  const nodes = new Set(content.nodes.map((n) => n.id));
  const relationships = new Set(content.relationships.map((r) => r.id));
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const n of content.nodes) {
    if (seen.has(n.id)) problems.push(`nodes.${n.id}: duplicate id`);
    seen.add(n.id);
  }
  for (const r of content.relationships) {
    if (!nodes.has(r.from)) problems.push(`relationships.${r.id}.from: no node ${r.from}`);
    if (!nodes.has(r.to)) problems.push(`relationships.${r.id}.to: no node ${r.to}`);
  }
  for (const [who, k] of Object.entries(content.knowledge)) {
    if (!nodes.has(who)) problems.push(`knowledge.${who}: no node ${who}`);
    for (const n of k.nodes) if (!nodes.has(n)) problems.push(`knowledge.${who}.nodes: no node ${n}`);
    for (const r of k.relationships)
      if (!relationships.has(r)) problems.push(`knowledge.${who}.relationships: no relationship ${r}`);
  }
  return problems;
}
