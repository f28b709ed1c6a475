// Renders a prompt file: `${name}` variables only; an unknown variable, `{{…}}` or an empty file is
// refused naming the prompt's path. Every prompt is given `${language}`, besides its own variables.
// A line holding only a variable given as empty text is dropped.
// Problems are told in the language asked for: a story's, when they stop one of its requests.
import type { Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { languageName } from '../i18n/language-name.ts';
import { promptVariables, type PromptId, type PromptVars } from './catalogue.ts';

/** Prompt texts by path `<lang>/<group>/<name>` (e.g. `en/roleplay/actor`), without `.md`. */
export type PromptSet = ReadonlyMap<string, string>;

export class PromptProblem extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`prompts/${path}.md: ${reason}`);
    this.name = 'PromptProblem';
  }
}

const VARIABLE = /\$\{([^}]*)\}/g;

const asVariable = (name: string): string => `\${${name}}`;

/** The problem with a prompt text, or null: checked at load time and again at use. */
export function promptTextProblem(id: PromptId, text: string, language: Language = 'en'): string | null {
  if (text.trim() === '') return tr(language, 'the file is empty (delete it to restore the shipped prompt)');
  if (/\{\{[^}]*\}\}/.test(text))
    return tr(language, '{braces} is not a variable here; use {syntax}', {
      braces: '{{…}}',
      syntax: asVariable('name'),
    });
  const allowed = promptVariables(id);
  for (const m of text.matchAll(VARIABLE)) {
    const name = m[1] ?? '';
    if (!allowed.includes(name)) {
      return tr(language, 'unknown variable {variable} (this prompt is given: {allowed})', {
        variable: asVariable(name),
        allowed: allowed.map(asVariable).join(', '),
      });
    }
  }
  return null;
}

function lookup(set: PromptSet, language: Language, id: PromptId): { path: string; text: string } {
  for (const lang of [language, 'en']) {
    const text = set.get(`${lang}/${id}`);
    if (text !== undefined) return { path: `${lang}/${id}`, text };
  }
  throw new PromptProblem(`${language}/${id}`, tr(language, 'no such prompt is shipped or overridden'));
}

export function renderPrompt<Id extends PromptId>(
  set: PromptSet,
  language: Language,
  id: Id,
  vars: PromptVars<Id>,
): string {
  const { path, text } = lookup(set, language, id);
  const problem = promptTextProblem(id, text, language);
  if (problem) throw new PromptProblem(path, problem);
  // The story's language, even where its folder lacks the file and English is read: the prompt is
  // still for a story told in it.
  const values: Record<string, string> = { ...vars, language: languageName(language) };
  const lines = text.split('\n').filter((line) => {
    const only = /^\s*\$\{([^}]*)\}\s*$/.exec(line);
    return !(only && values[only[1] ?? ''] === '');
  });
  // Blank lines left around a dropped line collapse in the template, never inside a value.
  const template = lines
    .filter((line, i) => !(line.trim() === '' && (lines[i - 1] ?? '').trim() === ''))
    .join('\n');
  return template.replace(VARIABLE, (_, name: string) => values[name] ?? '').trim();
}
