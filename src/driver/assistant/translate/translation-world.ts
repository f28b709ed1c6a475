// The two worlds a translation chat works between: the source, which it only reads, and the new
// translated world, which exists once its glossary is applied. The translated world keeps the
// source's ids, so what each character knows is the source's knowledge, kept for the nodes and
// relationships translated so far; a name comes from the glossary.
import type * as Y from 'yjs';
import type { Language } from '../../doc/schema.ts';
import type { World } from '../../doc/world.ts';
import type { GlossaryEntry } from '../../doc/world-translation.ts';
import { putWorld, readWorld } from '../../doc/library-worlds.ts';
import type { PromptSet } from '../../prompts/render.ts';

export interface TranslationInput {
  doc: Y.Doc;
  /** The world translated (never written). */
  sourceId: string;
  /** The language it is translated into. */
  target: Language;
  /** The chat's language: what the person reads and the prompts' folder. */
  language: Language;
  prompts: PromptSet;
}

/** The translated world's id: one per source and language, so reopening the chat goes on with it. */
export const translationId = (sourceId: string, target: Language): string => `${sourceId}-${target}`;

export type Outcome = { ok: true } | { ok: false; error: string };

export const sourceMissing = { ok: false as const, error: 'The source world is no longer in the library.' };

const folded = (name: string): string => name.trim().toLocaleLowerCase();

/** The glossary's name for a source name (case aside), or undefined when it has none. */
export const glossaryName = (glossary: readonly GlossaryEntry[], name: string): string | undefined =>
  glossary.find((e) => folded(e.source) === folded(name))?.target;

/** Every name of the source a glossary must give: the world's, and each node's name and aliases. */
export function sourceNames(source: World): string[] {
  const seen = new Set<string>();
  return [source.name, ...source.nodes.flatMap((n) => [n.name, ...n.aliases])].filter((name) => {
    const key = folded(name);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The translated world as it stands, when it is this source's translation into this language. */
export function readTranslation(input: TranslationInput): World | undefined {
  const world = readWorld(input.doc, translationId(input.sourceId, input.target));
  const t = world?.translation;
  return t && t.from === input.sourceId && t.language === input.target ? world : undefined;
}

/** The translated world with the source's knowledge for what it holds, written through putWorld. */
export function saveTranslation(doc: Y.Doc, next: World, source: World, origin: unknown): Outcome {
  const nodes = new Set(next.nodes.map((n) => n.id));
  const relationships = new Set(next.relationships.map((r) => r.id));
  const knowledge = Object.fromEntries(
    Object.entries(source.knowledge)
      .filter(([who]) => nodes.has(who))
      .map(([who, k]) => [
        who,
        {
          nodes: k.nodes.filter((n) => nodes.has(n)),
          relationships: k.relationships.filter((r) => relationships.has(r)),
        },
      ]),
  );
  const saved = putWorld(doc, { ...next, knowledge }, origin);
  return saved.ok ? saved : { ok: false, error: `Refused by the world's check: ${saved.detail}` };
}
