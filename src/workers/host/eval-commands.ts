// "Evaluate this model": the shipped eval scenes (bundled by Vite, `bundled-eval-scenes.ts`) played
// with one backend profile through driver/eval, the judge being the same model. One at a time; Stop
// aborts it, and the answer then holds the scenes played whole.
import { loadEvalScene, type EvalScene } from '../../driver/eval/scene.ts';
import { runEval } from '../../driver/eval/run-eval.ts';
import { createTape } from '../../driver/eval/tape.ts';
import type { ChatModel } from '../../driver/model.ts';
import type { EvalApi } from '../api/eval.ts';
import { uiText } from '../i18n/ui-text.ts';
import { backendProfileSchema, type BackendProfile } from '../../backends/profile.ts';
import { libraryEnv } from './command-env.ts';
import type { HostContext } from './context.ts';

/** A scene file as bundled: its path under `eval/scenes/` and its parsed JSON. */
export interface EvalSceneFile {
  name: string;
  json: unknown;
}

export function evalCommands(
  ctx: HostContext,
  modelOf: (profile: BackendProfile) => ChatModel,
  files: readonly EvalSceneFile[],
): EvalApi {
  let running: AbortController | undefined;
  const scenes = (): EvalScene[] =>
    files.map((f) => {
      const loaded = loadEvalScene(f.name, f.json, new Date(ctx.clock()).toISOString());
      // The shipped scenes are checked by the tests: one that does not load is a bug of the build.
      if (!loaded.ok) throw new Error(`shipped eval scene ${f.name}: ${loaded.detail}`);
      return loaded.scene;
    });
  return {
    async evaluateModel(profile, languages, onProgress) {
      if (running)
        return {
          ok: false,
          code: 'busy',
          detail: uiText('An evaluation is already running. Stop it, or wait for it to finish.'),
        };
      const parsed = backendProfileSchema.safeParse(profile);
      if (!parsed.success || !parsed.data.model)
        return {
          ok: false,
          code: 'no-backend',
          detail: uiText('Choose a model for this backend before evaluating it.'),
        };
      const chosen = scenes().filter((s) => languages.includes(s.language));
      if (!chosen.length)
        return { ok: false, code: 'invalid', detail: uiText('Choose at least one language of scenes.') };
      const controller = new AbortController();
      running = controller;
      try {
        const model = modelOf(parsed.data);
        const label = parsed.data.label || parsed.data.model;
        const tape = createTape();
        const report = await runEval({
          scenes: chosen,
          model,
          judgeModel: model,
          labels: { model: label, judgeModel: label },
          // The library's edits of the prompts (eval/judge included) over the shipped ones.
          prompts: (await libraryEnv(ctx)).prompts,
          clock: ctx.clock,
          tape,
          signal: controller.signal,
          // A page that went away no longer listens: its progress is not needed.
          onProgress: (p) => void Promise.resolve(onProgress(p)).catch(() => undefined),
        });
        return { ok: true, report, requests: tape.entries };
      } finally {
        running = undefined;
      }
    },
    async stopEvaluation() {
      running?.abort();
    },
  };
}
