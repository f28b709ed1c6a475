// Loads prompt files from a folder laid out as `<lang>/<group>/<name>.md` into a PromptSet, and a
// folder of overrides (`run --prompts DIR`), refused as a whole when any file has a problem.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PromptSet } from '../driver/prompts/render.ts';
import { promptProblems } from '../driver/prompts/resolve.ts';
import { UsageError } from './usage-error.ts';

export const SHIPPED_PROMPTS_DIR = fileURLToPath(new URL('../../prompts', import.meta.url));

export function loadPromptDir(dir: string): Map<string, string> {
  const set = new Map<string, string>();
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md') && entry.name !== 'README.md') {
        set.set(relative(dir, full).split(sep).join('/').replace(/\.md$/, ''), readFileSync(full, 'utf8'));
      }
    }
  };
  walk(dir);
  return set;
}

export function shippedPrompts(): PromptSet {
  return loadPromptDir(SHIPPED_PROMPTS_DIR);
}

/** The overrides in `dir`, checked before any model call: a bad file is a usage error naming it. */
export function overridePrompts(dir: string): PromptSet {
  let set: Map<string, string>;
  try {
    set = loadPromptDir(dir);
  } catch (e) {
    throw new UsageError(`cannot read the prompts folder ${dir} (${(e as Error).message})`);
  }
  const problems = promptProblems(set);
  if (problems.length)
    throw new UsageError(problems.map((p) => `${join(dir, `${p.path}.md`)}: ${p.reason}`).join('; '));
  return set;
}
