// The preset authoring assistant: its subject id, system prompt and welcome from the preset/ prompt
// files (overridable like every prompt), and its tools over the preset. Also the first message that
// asks it to make the preset's prose prompts from a SillyTavern preset, in every shipped language.
import type * as Y from 'yjs';
import type { Language } from '../../doc/schema.ts';
import { readPreset } from '../../doc/library-presets.ts';
import { languageName } from '../../i18n/language-name.ts';
import { SHIPPED_LANGUAGES } from '../../prompts/catalogue.ts';
import { renderPrompt, type PromptSet } from '../../prompts/render.ts';
import { presetTools } from './preset-tools.ts';
import type { Assistant } from '../tools.ts';

export const presetSubject = (presetId: string): string => `preset:${presetId}`;

/** The assistant for a library preset, or undefined when the library has no such preset. */
export function presetAssistant(input: {
  doc: Y.Doc;
  presetId: string;
  prompts: PromptSet;
  language: Language;
  clock: () => number;
  newId: () => string;
}): Assistant | undefined {
  const preset = readPreset(input.doc, input.presetId);
  if (!preset) return undefined;
  const { prompts, language } = input;
  const subject = presetSubject(preset.id);
  return {
    subject,
    system: [
      renderPrompt(prompts, language, 'preset/persona', {}),
      renderPrompt(prompts, language, 'preset/procedure', {
        preset: preset.title,
        languages: SHIPPED_LANGUAGES.join(', '),
      }),
    ].join('\n\n'),
    welcome: renderPrompt(prompts, language, 'preset/welcome', { preset: preset.title }),
    tools: presetTools({ ...input, subject }),
  };
}

/**
 * The message that hands the model a SillyTavern preset's prose, as the deterministic import mapped
 * it (one folder's texts: the prose is the same in every folder), to write in every shipped language.
 */
export function sillyTavernImportMessage(input: {
  prompts: PromptSet;
  language: Language;
  imported: ReadonlyMap<string, string>;
}): string {
  const [first] = SHIPPED_LANGUAGES;
  const texts = [...input.imported]
    .filter(([path]) => path.startsWith(`${first}/`))
    .map(([path, text]) => `### ${path.slice(path.indexOf('/') + 1)}\n${text}`)
    .join('\n\n');
  return renderPrompt(input.prompts, input.language, 'preset/import-sillytavern', {
    languages: SHIPPED_LANGUAGES.map((l) => `${l} (${languageName(l)})`).join(', '),
    prompts: texts,
  });
}
