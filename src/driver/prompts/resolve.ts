// A story's prompts from their layers, later ones replacing earlier ones file by file, and every
// file with a problem (path and reason) so the app can list them at start; use refuses them again.
import { languageSchema, type Language } from '../doc/schema.ts';
import { tr } from '../i18n/messages.ts';
import { isPromptId } from './catalogue.ts';
import { promptTextProblem, type PromptSet } from './render.ts';

/**
 * The layers, lowest first. A world's prompts go between `library` and `preset` when worlds exist.
 * A preset applied to a story is copied into its overrides (the `story` layer); the `preset` layer
 * is for a preset that is not copied (a preview, a headless run).
 */
export const PROMPT_LAYERS = ['shipped', 'library', 'preset', 'story'] as const;
export type PromptLayer = (typeof PROMPT_LAYERS)[number];

export type PromptLayers = { shipped: PromptSet } & Partial<Record<PromptLayer, PromptSet>>;

export interface PromptFileProblem {
  /** '<lang>/<group>/<name>', as in the layer. */
  path: string;
  reason: string;
}

export interface ResolvedPrompts {
  prompts: PromptSet;
  /** The layer each path's text came from. */
  from: ReadonlyMap<string, PromptLayer>;
  /** Every file with a problem, by layer. Files that are not a shipped prompt were left out. */
  problems: Array<PromptFileProblem & { layer: PromptLayer }>;
}

/**
 * Why a file of a layer cannot be read as a prompt (it is then ignored), or null. Reasons are told in
 * `told` (the reader's language: the interface's, or a story's).
 */
export function promptPathProblem(path: string, told: Language = 'en'): string | null {
  const [language, group, name, ...more] = path.split('/');
  if (!language || !group || !name || more.length)
    return tr(told, 'not a prompt: files are <language>/<group>/<name>.md');
  if (!languageSchema.safeParse(language).success)
    return tr(told, '"{folder}" is not a language folder ({languages})', {
      folder: language,
      languages: languageSchema.options.join(', '),
    });
  if (!isPromptId(`${group}/${name}`))
    return tr(told, '{id} is not a prompt the package ships', { id: `${group}/${name}` });
  return null;
}

/** The problem with one file of a layer (its path, then its text), or null. */
export function promptFileProblem(path: string, text: string, told: Language = 'en'): string | null {
  const pathProblem = promptPathProblem(path, told);
  if (pathProblem) return pathProblem;
  const id = path.slice(path.indexOf('/') + 1);
  return isPromptId(id) ? promptTextProblem(id, text, told) : null;
}

/** Every file of a set with a problem: not a shipped prompt, not in a language folder, empty, an unknown variable, {{…}}. */
export function promptProblems(set: PromptSet, told: Language = 'en'): PromptFileProblem[] {
  const out: PromptFileProblem[] = [];
  for (const [path, text] of set) {
    const reason = promptFileProblem(path, text, told);
    if (reason) out.push({ path, reason });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** The layers resolved; problems are told in `told` (the interface language where it lists them). */
export function resolvePrompts(layers: PromptLayers, told: Language = 'en'): ResolvedPrompts {
  const prompts = new Map<string, string>();
  const from = new Map<string, PromptLayer>();
  const problems: ResolvedPrompts['problems'] = [];
  for (const layer of PROMPT_LAYERS) {
    const set = layers[layer];
    if (!set) continue;
    for (const problem of promptProblems(set, told)) problems.push({ layer, ...problem });
    for (const [path, text] of set) {
      // A file the package has no prompt for is never read; one with a bad text is kept so that
      // using it fails with the same reason the list gives.
      if (promptPathProblem(path)) continue;
      prompts.set(path, text);
      from.set(path, layer);
    }
  }
  return { prompts, from, problems };
}
