// Loads prompt files from a folder laid out as `<lang>/<group>/<name>.md` into a PromptSet.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PromptSet } from '../driver/prompts/render.ts';

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
