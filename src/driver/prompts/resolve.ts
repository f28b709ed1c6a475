// A story's prompts from their layers, later ones replacing earlier ones file by file, and every
// file with a problem (path and reason) so the app can list them at start; use refuses them again.
import { languageSchema } from '../doc/schema.ts';
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

/** Why a file of a layer cannot be read as a prompt (it is then ignored), or null. */
export function promptPathProblem(path: string): string | null {
  const [language, group, name, ...more] = path.split('/');
  if (!language || !group || !name || more.length)
    return 'not a prompt: files are <language>/<group>/<name>.md';
  if (!languageSchema.safeParse(language).success)
    return `"${language}" is not a language folder (${languageSchema.options.join(', ')})`;
  if (!isPromptId(`${group}/${name}`)) return `${group}/${name} is not a prompt the package ships`;
  return null;
}

/** The problem with one file of a layer (its path, then its text), or null. */
export function promptFileProblem(path: string, text: string): string | null {
  const pathProblem = promptPathProblem(path);
  if (pathProblem) return pathProblem;
  const id = path.slice(path.indexOf('/') + 1);
  return isPromptId(id) ? promptTextProblem(id, text) : null;
}

/** Every file of a set with a problem: not a shipped prompt, not in a language folder, empty, an unknown variable, {{…}}. */
export function promptProblems(set: PromptSet): PromptFileProblem[] {
  const out: PromptFileProblem[] = [];
  for (const [path, text] of set) {
    const reason = promptFileProblem(path, text);
    if (reason) out.push({ path, reason });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

export function resolvePrompts(layers: PromptLayers): ResolvedPrompts {
  const prompts = new Map<string, string>();
  const from = new Map<string, PromptLayer>();
  const problems: ResolvedPrompts['problems'] = [];
  for (const layer of PROMPT_LAYERS) {
    const set = layers[layer];
    if (!set) continue;
    for (const problem of promptProblems(set)) problems.push({ layer, ...problem });
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
