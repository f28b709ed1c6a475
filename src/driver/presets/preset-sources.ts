// What a new preset starts from: the shipped prose prompts of every shipped language (a copy to edit
// from), or a world's own prose prompts (its rules prompts stay the world's: spec "saving a world's
// prose prompts").
import type { World } from '../doc/world.ts';
import { PROSE_PROMPT_IDS, SHIPPED_LANGUAGES } from '../prompts/catalogue.ts';
import type { PromptSet } from '../prompts/render.ts';

export function shippedProse(shipped: PromptSet): Map<string, string> {
  const prompts = new Map<string, string>();
  for (const language of SHIPPED_LANGUAGES)
    for (const id of PROSE_PROMPT_IDS) {
      const text = shipped.get(`${language}/${id}`);
      if (text !== undefined) prompts.set(`${language}/${id}`, text);
    }
  return prompts;
}

export function worldProse(world: Pick<World, 'prompts'>): Map<string, string> {
  const prose = (path: string) => PROSE_PROMPT_IDS.some((id) => path.slice(path.indexOf('/') + 1) === id);
  return new Map(Object.entries(world.prompts).filter(([path]) => prose(path)));
}
