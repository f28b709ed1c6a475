// Reads the eval scenes of a folder (`*.json` at any depth, in name order): the shipped ones by
// default. Any scene with a problem stops the run before the first model call, naming the file.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEvalScene, type EvalScene } from '../driver/eval/scene.ts';
import { UsageError } from './usage-error.ts';

export const SHIPPED_SCENES_DIR = fileURLToPath(new URL('../../eval/scenes', import.meta.url));

function sceneFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch (e) {
    throw new UsageError(`cannot read the scenes folder ${dir} (${(e as Error).message})`);
  }
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** The scene files of `dir` as the worker bundles them: a name relative to `dir`, and the parsed JSON. */
export function evalSceneFiles(dir: string): Array<{ name: string; file: string; json: unknown }> {
  return sceneFiles(dir).map((file) => {
    const name = relative(dir, file).split(sep).join('/');
    try {
      return { name, file, json: JSON.parse(readFileSync(file, 'utf8')) as unknown };
    } catch (e) {
      throw new UsageError(`${file}: not JSON (${(e as Error).message})`);
    }
  });
}

export function readEvalScenes(dir: string, now: string): EvalScene[] {
  const files = evalSceneFiles(dir);
  if (!files.length) throw new UsageError(`no scene files (*.json) in ${dir}`);
  const problems: string[] = [];
  const scenes: EvalScene[] = [];
  for (const { name, file, json } of files) {
    const loaded = loadEvalScene(name, json, now);
    if (loaded.ok) scenes.push(loaded.scene);
    else problems.push(`${file}: ${loaded.detail}`);
  }
  if (problems.length) throw new UsageError(problems.join('; '));
  return scenes;
}
