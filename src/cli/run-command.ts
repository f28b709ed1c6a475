// `rashomon run SCENE.json`: plays a scene against an OpenAI-compatible server and writes Story JSON.
// Exit 2: a bad scene, language or prompt override, the folder's or the story's (nothing written, no model call). Exit 1: a model failure after the retries
// (the story is written as it stood after the last completed step). Exit 0: done.
import { readFileSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createStoryViews } from '../driver/story-views.ts';
import { importStory } from '../driver/story-json/import.ts';
import { exportStory } from '../driver/story-json/export.ts';
import { nameLookup } from '../driver/names.ts';
import { setPresent } from '../driver/doc/participants.ts';
import { readStorySampling, setLanguage, updateSettings } from '../driver/doc/story-doc.ts';
import { languageSchema } from '../driver/doc/schema.ts';
import { listPromptOverrides } from '../driver/doc/prompt-overrides.ts';
import { resolvePrompts } from '../driver/prompts/resolve.ts';
import { authorTurn, takeTurn } from '../driver/turn-loop.ts';
import type { DriverEnv, DriverResult, Story } from '../driver/env.ts';
import { createOpenAIChatModel } from '../workers/backends/openai-chat-model.ts';
import { planSteps, sceneSchema, type StepPlan } from './scene.ts';
import { overridePrompts, shippedPrompts } from './prompt-files.ts';
import { UsageError } from './usage-error.ts';

export interface RunOptions {
  scene: string;
  baseURL: string;
  model: string;
  apiKey?: string;
  batch: boolean;
  concurrency: number;
  out?: string;
  /** A folder of prompt overrides, `<lang>/<group>/<name>.md`, over the shipped prompts. */
  prompts?: string;
  /** 'en' or 'zh': the story's language, replacing the scene's. */
  language?: string;
}

function readScene(file: string) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read scene file ${file}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file} is not JSON (${(e as Error).message})`);
  }
  const scene = sceneSchema.safeParse(json);
  if (!scene.success) throw new UsageError(`${file}: a scene is {"story": <Story JSON>, "steps": [...]}`);
  return scene.data;
}

async function runStep(story: Story, env: DriverEnv, step: StepPlan): Promise<DriverResult> {
  switch (step.kind) {
    case 'author':
      return authorTurn(story, env, step.author, step.text);
    case 'act':
      return takeTurn(story, env, step.actor === 'auto' ? { auto: true } : { actor: step.actor });
    case 'present':
      for (const c of step.changes) setPresent(story.doc, c.id, c.present);
      return { ok: true };
  }
}

export async function runScene(opts: RunOptions, log: (line: string) => void): Promise<number> {
  const language = opts.language === undefined ? undefined : languageSchema.safeParse(opts.language);
  if (language && !language.success) throw new UsageError('--language must be en or zh', true);
  const scene = readScene(opts.scene);
  const imported = importStory(scene.story, new Date().toISOString());
  if (!imported.ok) throw new UsageError(`${opts.scene}: story: ${imported.detail}`);
  const planned = planSteps(imported.story, scene.steps);
  if (!planned.ok) throw new UsageError(`${opts.scene}: ${planned.problem}`);

  const doc = imported.doc;
  // The command-line overrides play the part of the library's edits over the shipped prompts; the
  // story's own overrides (Story JSON `prompts`) come last, checked like the folder's before any call.
  const resolved = resolvePrompts({
    shipped: shippedPrompts(),
    ...(opts.prompts ? { library: overridePrompts(opts.prompts) } : {}),
    story: listPromptOverrides(doc),
  });
  const storyProblems = resolved.problems.filter((p) => p.layer === 'story');
  if (storyProblems.length)
    throw new UsageError(
      storyProblems.map((p) => `${opts.scene}: story.prompts.overrides.${p.path}: ${p.reason}`).join('; '),
    );
  const prompts = resolved.prompts;

  if (opts.batch) updateSettings(doc, { batchReprojection: true });
  if (language) setLanguage(doc, language.data);
  const story: Story = { doc, views: createStoryViews(doc) };
  const model = createOpenAIChatModel({
    baseURL: opts.baseURL,
    model: opts.model,
    ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
  });
  const env: DriverEnv = {
    models: { selector: model, projector: model, actor: model },
    prompts,
    // The scene's Story JSON settings carry the story's own sampling, as the app's story does.
    sampling: readStorySampling(doc),
    clock: Date.now,
    newId: randomUUID,
    concurrency: opts.concurrency,
  };
  const write = (json: unknown) => {
    const text = `${JSON.stringify(json, null, 2)}\n`;
    if (opts.out) writeFileSync(opts.out, text);
    else process.stdout.write(text);
  };

  for (const [i, step] of planned.plan.entries()) {
    const before = exportStory(doc);
    log(`step ${i + 1}/${planned.plan.length}: ${describe(step, story)}`);
    const result = await runStep(story, env, step);
    if (!result.ok) {
      write(before);
      log(`rashomon run: step ${i + 1} failed (${result.code}): ${result.detail}`);
      return 1;
    }
  }
  write(exportStory(doc));
  return 0;
}

function describe(step: StepPlan, story: Story): string {
  const name = nameLookup(story.doc);
  switch (step.kind) {
    case 'author':
      return `${name(step.author)} writes a turn`;
    case 'act':
      return step.actor === 'auto' ? 'the next character acts' : `${name(step.actor)} acts`;
    case 'present':
      return step.changes.map((c) => `${name(c.id)} ${c.present ? 'joins' : 'leaves'}`).join(', ');
  }
}
