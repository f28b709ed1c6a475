// The translation's read tools: the source world listed and read (nodes, relationships, its own
// prompts), and the translated world as it stands — its glossary, what is translated and what is
// left — so the model can go on where the chat left off.
import { z } from 'zod';
import { readWorld } from '../../doc/library-worlds.ts';
import { readTool, type AssistantTool } from '../tools.ts';
import { readTranslation, sourceMissing, translationId, type TranslationInput } from './translation-world.ts';

export function translateReadTools(input: TranslationInput): AssistantTool[] {
  const { doc, sourceId, target } = input;
  const source = () => readWorld(doc, sourceId);
  const json = (value: unknown) => ({ ok: true as const, result: JSON.stringify(value) });

  return [
    readTool({
      name: 'list_source',
      description:
        'Lists the source world: its name, description, every node (id, kind, name, aliases, body length), every relationship (id, from, to, label) and the paths of its own prompts.',
      args: z.object({}),
      run: () => {
        const w = source();
        if (!w) return sourceMissing;
        return json({
          name: w.name,
          description: w.description,
          nodes: w.nodes.map((n) => ({
            id: n.id,
            kind: n.kind,
            name: n.name,
            aliases: n.aliases,
            bodyChars: n.body.length,
          })),
          relationships: w.relationships,
          prompts: Object.keys(w.prompts),
        });
      },
    }),
    readTool({
      name: 'read_source_node',
      description: 'Reads one node of the source world whole, with the relationships it is in.',
      args: z.object({ id: z.string().min(1).describe('The node id, as list_source gives it') }),
      run: ({ id }) => {
        const w = source();
        const node = w?.nodes.find((n) => n.id === id);
        if (!w || !node) return { ok: false, error: `No node ${id} in the source world.` };
        return json({ ...node, relationships: w.relationships.filter((r) => r.from === id || r.to === id) });
      },
    }),
    readTool({
      name: 'read_source_prompt',
      description: "Reads one of the source world's own prompts.",
      args: z.object({ path: z.string().min(1).describe('As list_source gives it: en/roleplay/style') }),
      run: ({ path }) => {
        const text = source()?.prompts[path];
        return text === undefined
          ? { ok: false, error: `The source world has no prompt ${path}.` }
          : json({ path, text });
      },
    }),
    readTool({
      name: 'read_translation',
      description:
        'Reads the translated world as it stands: whether it exists yet (it does once a glossary is applied), its name, glossary and description, and which nodes, relationships and prompts are translated and which are left.',
      args: z.object({}),
      run: () => {
        const w = source();
        if (!w) return sourceMissing;
        const t = readTranslation(input);
        if (!t) return json({ id: translationId(sourceId, target), exists: false, language: target });
        const has = (ids: string[], id: string) => ids.includes(id);
        const nodeIds = t.nodes.map((n) => n.id);
        const relationshipIds = t.relationships.map((r) => r.id);
        return json({
          id: t.id,
          exists: true,
          language: target,
          name: t.name,
          glossary: t.translation?.glossary ?? [],
          description: t.description,
          translated: {
            nodes: t.nodes.map((n) => ({ id: n.id, name: n.name })),
            relationships: relationshipIds,
            prompts: Object.keys(t.prompts),
          },
          left: {
            description: w.description.trim() !== '' && t.description.trim() === '',
            nodes: w.nodes.filter((n) => !has(nodeIds, n.id)).map((n) => n.id),
            relationships: w.relationships.filter((r) => !has(relationshipIds, r.id)).map((r) => r.id),
            prompts: Object.keys(w.prompts).filter(
              (p) => !(`${target}/${p.slice(p.indexOf('/') + 1)}` in t.prompts),
            ),
          },
        });
      },
    }),
  ];
}
