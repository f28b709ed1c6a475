// The world authoring assistant: its subject id, system prompt and welcome from the world/ prompt
// files (overridable like every prompt), and its tools over the world's nodes and prompts.
import type * as Y from 'yjs';
import type { Language } from '../../doc/schema.ts';
import { readWorld } from '../../doc/library-worlds.ts';
import { renderPrompt, type PromptSet } from '../../prompts/render.ts';
import type { Assistant } from '../tools.ts';
import { worldNodeTools } from './world-tools.ts';
import { worldPromptTools } from './world-prompt-tools.ts';

export const worldSubject = (worldId: string): string => `world:${worldId}`;

/** The assistant for a library world, or undefined when the library has no such world. */
export function worldAssistant(input: {
  doc: Y.Doc;
  worldId: string;
  prompts: PromptSet;
  language: Language;
  clock: () => number;
  newId: () => string;
}): Assistant | undefined {
  const world = readWorld(input.doc, input.worldId);
  if (!world) return undefined;
  const { prompts, language } = input;
  const subject = worldSubject(world.id);
  const tools = { ...input, subject };
  return {
    subject,
    system: [
      renderPrompt(prompts, language, 'world/persona', {}),
      renderPrompt(prompts, language, 'world/procedure', { world: world.name }),
    ].join('\n\n'),
    welcome: renderPrompt(prompts, language, 'world/welcome', { world: world.name }),
    tools: [...worldNodeTools(tools), ...worldPromptTools(tools)],
  };
}
