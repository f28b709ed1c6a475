// The translation assistant: one library world translated into another language, into a new world
// (the source is only read). Glossary first — the names the translation uses, applied as the new
// world — then the documents, each keeping the glossary's names. Its prompts are translate/ files
// (overridable like every prompt); its subject is the source and the language together.
import type * as Y from 'yjs';
import type { Language } from '../../doc/schema.ts';
import { readWorld } from '../../doc/library-worlds.ts';
import { languageName } from '../../i18n/language-name.ts';
import { tr } from '../../i18n/messages.ts';
import { renderPrompt, type PromptSet } from '../../prompts/render.ts';
import type { Assistant } from '../tools.ts';
import { glossaryText, glossaryTool } from './translate-glossary-tool.ts';
import { translateDocumentTools } from './translate-document-tools.ts';
import { translateReadTools } from './translate-read-tools.ts';
import { readTranslation, sourceNames } from './translation-world.ts';

export const translateSubject = (worldId: string, target: Language): string =>
  `translate:${worldId}:${target}`;

/** The assistant translating a library world into `target`, or undefined when the library has no such world. */
export function translateAssistant(input: {
  doc: Y.Doc;
  worldId: string;
  target: Language;
  prompts: PromptSet;
  language: Language;
}): Assistant | undefined {
  const source = readWorld(input.doc, input.worldId);
  if (!source) return undefined;
  const { prompts, language } = input;
  const tools = { ...input, sourceId: source.id };
  const names = { world: source.name, target: languageName(input.target) };
  const glossary = readTranslation(tools)?.translation?.glossary;
  return {
    subject: translateSubject(source.id, input.target),
    system: [
      renderPrompt(prompts, language, 'translate/persona', {}),
      renderPrompt(prompts, language, 'translate/procedure', names),
      renderPrompt(prompts, language, 'translate/glossary', {
        ...names,
        names: sourceNames(source)
          .map((n) => `- ${n}`)
          .join('\n'),
      }),
      renderPrompt(prompts, language, 'translate/document', {
        target: names.target,
        glossary: glossary ? glossaryText(glossary) : tr(language, '(no glossary is applied yet)'),
      }),
    ].join('\n\n'),
    welcome: renderPrompt(prompts, language, 'translate/welcome', names),
    tools: [...translateReadTools(tools), glossaryTool(tools), ...translateDocumentTools(tools)],
  };
}
