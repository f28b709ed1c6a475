// The shipped eval scenes, bundled into the worker by Vite: `eval/scenes/<lang>/<name>.json`.
import type { EvalSceneFile } from './eval-commands.ts';

const files = import.meta.glob<unknown>('/eval/scenes/*/*.json', { import: 'default', eager: true });

export const bundledEvalScenes: EvalSceneFile[] = Object.entries(files)
  .map(([path, json]) => ({ name: path.replace(/^\/eval\/scenes\//, ''), json }))
  .sort((a, b) => a.name.localeCompare(b.name));
