// The translation's documents: the world's description, a node's body, a relationship's label and
// one of the world's prompts, each translated from the source and written into the translated world
// only. A document comes after the glossary: before one is applied it is refused with
// translate/notice. A text that writes a source name the glossary renames, or drops a glossary name
// its source text has, is refused naming them. Node names and aliases come from the glossary.
import { z } from 'zod';
import type { World, WorldNode } from '../../doc/world.ts';
import { readWorld } from '../../doc/library-worlds.ts';
import { languageName } from '../../i18n/language-name.ts';
import { tr } from '../../i18n/messages.ts';
import { PROSE_PROMPT_IDS, isPromptId } from '../../prompts/catalogue.ts';
import { renderPrompt } from '../../prompts/render.ts';
import { promptFileProblem } from '../../prompts/resolve.ts';
import { breachesText, glossaryBreaches } from './glossary-names.ts';
import { ChangeAction, writeTool, type AssistantTool, type Change } from '../tools.ts';
import {
  glossaryName,
  readTranslation,
  saveTranslation,
  sourceMissing,
  type Outcome,
  type TranslationInput,
} from './translation-world.ts';
import { nodeText } from '../world/world-tools.ts';

type Ready = { ok: true; source: World; translated: World } | { ok: false; error: string };

const idArg = z.string().min(1);
const text = (max: number) => z.string().trim().min(1).max(max);

export function translateDocumentTools(input: TranslationInput): AssistantTool[] {
  const { doc, sourceId, target, language, prompts } = input;

  /** Both worlds, or why no document can be written yet. */
  function ready(): Ready {
    const source = readWorld(doc, sourceId);
    if (!source) return sourceMissing;
    const translated = readTranslation(input);
    if (!translated)
      return {
        ok: false,
        error: renderPrompt(prompts, language, 'translate/notice', { target: languageName(target) }),
      };
    return { ok: true, source, translated };
  }

  /** Why the text cannot stand for its source, or null. */
  const breaks = (translated: World, from: string, to: string): string | null =>
    breachesText(glossaryBreaches(from, to, translated.translation?.glossary ?? []));

  /**
   * A document's change: checked now and again at Apply against both worlds as they are then.
   * `make` gives the change's thing before and after and the world to write, or a refusal.
   */
  function documentChange(
    make: (
      source: World,
      translated: World,
    ) =>
      | {
          ok: true;
          action: ChangeAction;
          label: string;
          before: string;
          after: string;
          next: World;
          warning?: string;
        }
      | { ok: false; error: string },
  ): { ok: true; change: Change } | { ok: false; error: string } {
    const now = ready();
    if (!now.ok) return now;
    const made = make(now.source, now.translated);
    if (!made.ok) return made;
    const { next: _next, ...shown } = made;
    return {
      ok: true,
      change: {
        ...shown,
        heading: 'translation',
        apply: (origin): Outcome => {
          const then = ready();
          if (!then.ok) return then;
          const again = make(then.source, then.translated);
          return again.ok ? saveTranslation(doc, again.next, then.source, origin) : again;
        },
      },
    };
  }

  const nodeOf = (source: WorldNode, translated: World, body: string): WorldNode | string => {
    const glossary = translated.translation?.glossary ?? [];
    const missing = [source.name, ...source.aliases].filter((n) => glossaryName(glossary, n) === undefined);
    if (missing.length)
      return `The glossary has no name for ${missing.map((n) => `“${n}”`).join(', ')}: propose it first.`;
    const named = (n: string) => glossaryName(glossary, n) ?? n;
    return { ...source, name: named(source.name), aliases: source.aliases.map(named), body };
  };

  return [
    writeTool({
      name: 'translate_description',
      description: "Proposes the translated world's description, translated from the source's.",
      args: z.object({ text: text(4000).describe('The description, translated') }),
      propose: ({ text: description }) =>
        documentChange((source, translated) => {
          const problem = breaks(translated, source.description, description);
          if (problem) return { ok: false, error: problem };
          return {
            ok: true,
            action: ChangeAction.settings,
            label: translated.name,
            before: translated.description,
            after: description,
            next: { ...translated, description },
          };
        }),
    }),
    writeTool({
      name: 'translate_node',
      description:
        "Proposes one node of the translated world: the source node's body, translated (its kind stays; its name and aliases are the glossary's).",
      args: z.object({
        id: idArg.describe('The source node id, as list_source gives it'),
        body: text(20_000).describe("The node's body, translated"),
      }),
      propose: ({ id, body }) =>
        documentChange((source, translated) => {
          const from = source.nodes.find((n) => n.id === id);
          if (!from) return { ok: false, error: `No node ${id} in the source world.` };
          const problem = breaks(translated, from.body, body);
          if (problem) return { ok: false, error: problem };
          const node = nodeOf(from, translated, body);
          if (typeof node === 'string') return { ok: false, error: node };
          const before = translated.nodes.find((n) => n.id === id);
          return {
            ok: true,
            action: before ? ChangeAction.edit : ChangeAction.create,
            label: node.name,
            before: nodeText(before, language),
            after: nodeText(node, language),
            next: {
              ...translated,
              nodes: before
                ? translated.nodes.map((n) => (n.id === id ? node : n))
                : [...translated.nodes, node],
            },
          };
        }),
    }),
    writeTool({
      name: 'translate_relationship',
      description:
        "Proposes one relationship of the translated world: the source relationship's label, translated. Both of its nodes must be translated first.",
      args: z.object({
        id: idArg.describe('The source relationship id'),
        label: text(500).describe('How the one stands to the other, translated'),
      }),
      propose: ({ id, label }) =>
        documentChange((source, translated) => {
          const from = source.relationships.find((r) => r.id === id);
          if (!from) return { ok: false, error: `No relationship ${id} in the source world.` };
          const untranslated = [from.from, from.to].filter((n) => !translated.nodes.some((t) => t.id === n));
          if (untranslated.length)
            return {
              ok: false,
              error: `Translate ${untranslated.length > 1 ? 'the nodes' : 'the node'} ${untranslated.join(' and ')} first: a relationship comes after both of its nodes.`,
            };
          const problem = breaks(translated, from.label, label);
          if (problem) return { ok: false, error: problem };
          const before = translated.relationships.find((r) => r.id === id);
          const ends = (n: string) => translated.nodes.find((t) => t.id === n)?.name ?? n;
          const line = (l: string) => `${ends(from.from)} — ${l} — ${ends(from.to)}`;
          return {
            ok: true,
            action: before ? ChangeAction.edit : ChangeAction.create,
            label: line(label),
            before: before ? line(before.label) : '',
            after: line(label),
            next: {
              ...translated,
              relationships: before
                ? translated.relationships.map((r) => (r.id === id ? { ...from, label } : r))
                : [...translated.relationships, { ...from, label }],
            },
          };
        }),
    }),
    writeTool({
      name: 'translate_prompt',
      description: `Proposes one of the source world's own prompts, translated: written under the ${target} folder of the translated world, checked as a story's prompt is (not empty, only its own variables).`,
      args: z.object({
        path: idArg.describe("The source prompt's path, as list_source gives it: en/roleplay/style"),
        text: text(40_000).describe(
          'The whole prompt, translated; its variables and tool names stay as they are',
        ),
      }),
      propose: ({ path, text: prompt }) =>
        documentChange((source, translated) => {
          const original = source.prompts[path];
          if (original === undefined) return { ok: false, error: `The source world has no prompt ${path}.` };
          const id = path.slice(path.indexOf('/') + 1);
          const to = `${target}/${id}`;
          const refused = promptFileProblem(to, prompt, language);
          if (refused) return { ok: false, error: `The prompt ${to} was refused: ${refused}.` };
          const problem = breaks(translated, original, prompt);
          if (problem) return { ok: false, error: problem };
          const before = translated.prompts[to];
          const rules = isPromptId(id) && !PROSE_PROMPT_IDS.includes(id);
          return {
            ok: true,
            action: before === undefined ? ChangeAction.create : ChangeAction.edit,
            label: to,
            before: before ?? '',
            after: prompt,
            next: { ...translated, prompts: { ...translated.prompts, [to]: prompt } },
            ...(rules
              ? {
                  warning: tr(
                    language,
                    'A rules prompt: the program relies on what it asks for (names, answer shapes). Apply it only if you mean to change those rules for every story with this world.',
                  ),
                }
              : {}),
          };
        }),
    }),
  ];
}
