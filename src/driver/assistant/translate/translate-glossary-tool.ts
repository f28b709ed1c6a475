// The translation's first write: the glossary, each name of the source world and the name the
// translation uses. Applied, it makes the translated world (named as the glossary names the
// source) or updates its glossary and the names of what is translated already. Entries given replace
// those for the same source name; the result must name every name and alias the source has.
import { z } from 'zod';
import type { World } from '../../doc/world.ts';
import { MAX_GLOSSARY_ENTRIES, type GlossaryEntry } from '../../doc/world-translation.ts';
import { readWorld } from '../../doc/library-worlds.ts';
import { tr } from '../../i18n/messages.ts';
import { ChangeAction, writeTool, type AssistantTool, type Change } from '../tools.ts';
import {
  glossaryName,
  readTranslation,
  saveTranslation,
  sourceMissing,
  sourceNames,
  translationId,
  type TranslationInput,
} from './translation-world.ts';

const name = z.string().trim().min(1).max(200);
const glossaryArgs = z.object({
  entries: z
    .array(
      z.object({
        source: name.describe('A name as the source world spells it'),
        target: name.describe('The name the translation uses for it (the same when it stays)'),
      }),
    )
    .min(1)
    .max(MAX_GLOSSARY_ENTRIES)
    .describe(
      "The world's name, every node's name and alias, and any term worth fixing; entries replace those already in the glossary for the same source name",
    ),
});

const folded = (text: string): string => text.trim().toLocaleLowerCase();

/** A glossary as the person reads it in a proposal: one "source → target" line each. */
export function glossaryText(glossary: readonly GlossaryEntry[]): string {
  return glossary.map((e) => `${e.source} → ${e.target}`).join('\n');
}

/** The glossary with `entries` put in (replacing the same source names), in the order first given. */
function merged(glossary: readonly GlossaryEntry[], entries: readonly GlossaryEntry[]): GlossaryEntry[] {
  const given = new Map(entries.map((e) => [folded(e.source), e]));
  const kept = glossary.map((e) => given.get(folded(e.source)) ?? e);
  const known = new Set(glossary.map((e) => folded(e.source)));
  return [...kept, ...entries.filter((e) => !known.has(folded(e.source)))];
}

/** Why the glossary cannot be applied to this source, or null. */
function glossaryProblem(source: World, glossary: readonly GlossaryEntry[]): string | null {
  const missing = sourceNames(source).filter((n) => glossaryName(glossary, n) === undefined);
  if (missing.length)
    return `The glossary has no name for ${missing.map((n) => `“${n}”`).join(', ')}: give each one (the same name when it stays).`;
  const byTarget = new Map<string, string>();
  for (const node of source.nodes) {
    const target = folded(glossaryName(glossary, node.name) ?? '');
    const other = byTarget.get(target);
    if (other !== undefined)
      return `“${other}” and “${node.name}” would both be called “${glossaryName(glossary, node.name)}”: give them different names.`;
    byTarget.set(target, node.name);
  }
  return null;
}

export function glossaryTool(input: TranslationInput): AssistantTool {
  const { doc, sourceId, target, language } = input;
  const id = translationId(sourceId, target);

  /** The translated world with the glossary applied, made again from the library as it is now. */
  function build(
    entries: readonly GlossaryEntry[],
  ): { ok: true; before?: World; after: World; source: World } | { ok: false; error: string } {
    const source = readWorld(doc, sourceId);
    if (!source) return sourceMissing;
    const before = readTranslation(input);
    if (!before && readWorld(doc, id))
      return { ok: false, error: `The library has another world with the id ${id}: it is not overwritten.` };
    const twice = entries.find(
      (e, i) => entries.findIndex((o) => folded(o.source) === folded(e.source)) !== i,
    );
    if (twice) return { ok: false, error: `“${twice.source}” is given twice: give each name once.` };
    const glossary = merged(before?.translation?.glossary ?? [], entries);
    const problem = glossaryProblem(source, glossary);
    if (problem) return { ok: false, error: problem };
    const named = (n: string) => glossaryName(glossary, n) ?? n;
    const sourceNode = new Map(source.nodes.map((n) => [n.id, n]));
    const base: World = before ?? {
      id,
      name: source.name,
      description: '',
      nodes: [],
      relationships: [],
      knowledge: {},
      books: [],
      prompts: {},
      suggestedPreset: source.suggestedPreset,
    };
    const after: World = {
      ...base,
      name: named(source.name),
      nodes: base.nodes.map((n) => {
        const from = sourceNode.get(n.id);
        return from ? { ...n, name: named(from.name), aliases: from.aliases.map(named) } : n;
      }),
      translation: { from: sourceId, language: target, glossary },
    };
    return { ok: true, ...(before ? { before } : {}), after, source };
  }

  const worldLine = (w: World) => `${tr(language, 'Name')}: ${w.name}`;

  return writeTool({
    name: 'propose_glossary',
    description:
      'Proposes the glossary (the person applies or rejects it): each name of the source world and the name the translation uses. Applied, it makes the translated world, named as the glossary names the source world. Documents are accepted only once a glossary is applied.',
    args: glossaryArgs,
    propose: ({ entries }) => {
      const built = build(entries);
      if (!built.ok) return built;
      const { before, after } = built;
      const change: Change = {
        action: before ? ChangeAction.edit : ChangeAction.create,
        heading: 'glossary',
        label: after.name,
        before: before ? `${worldLine(before)}\n${glossaryText(before.translation?.glossary ?? [])}` : '',
        after: `${worldLine(after)}\n${glossaryText(after.translation?.glossary ?? [])}`,
        apply: (origin) => {
          const now = build(entries);
          return now.ok ? saveTranslation(doc, now.after, now.source, origin) : now;
        },
      };
      return { ok: true, change };
    },
  });
}
