// The shipped prompt files, bundled into the worker by Vite: `prompts/<lang>/<group>/<name>.md`.
import type { PromptSet } from '../../driver/prompts/render.ts';

const files = import.meta.glob<string>('/prompts/*/*/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const bundledPrompts: PromptSet = new Map(
  Object.entries(files).map(([path, text]) => [path.replace(/^\/prompts\//, '').replace(/\.md$/, ''), text]),
);
