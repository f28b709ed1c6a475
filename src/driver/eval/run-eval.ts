// Runs an eval: every scene in isolation and then as shared history, each played text judged, the
// counts added up. Stoppable at any point (the signal): the report then holds the scenes played whole.
import type { DriverFailureCode } from '../env.ts';
import { ModelFailureCode, type ChatModel } from '../model.ts';
import type { PromptSet } from '../prompts/render.ts';
import { judge } from './judge.ts';
import { addTally, emptyTally, type Tally } from './metrics.ts';
import { observe } from './observe.ts';
import { playScene, type Played } from './play.ts';
import { EVAL_REPORT_FORMAT, scoresOf, type EvalReport } from './report.ts';
import type { EvalScene } from './scene.ts';
import { EvalMode, type Tape } from './tape.ts';

export const EVAL_MODES: readonly EvalMode[] = [EvalMode.isolation, EvalMode.shared];

/** Failures that no other scene would escape: the backend cannot be used, so the run ends there. */
const BACKEND_FAILURES: ReadonlySet<DriverFailureCode> = new Set<DriverFailureCode>([
  ModelFailureCode.unreachable,
  ModelFailureCode.unauthorized,
  ModelFailureCode.modelNotFound,
  ModelFailureCode.noBackend,
  'prompt',
  'context-too-small',
]);

export interface EvalProgress {
  /** Counted from 1. */
  scene: number;
  scenes: number;
  title: string;
  mode: EvalMode;
  stage: 'playing' | 'judging';
  /** Requests made so far, judge included. */
  requests: number;
}

export interface EvalOptions {
  scenes: readonly EvalScene[];
  model: ChatModel;
  judgeModel: ChatModel;
  /** The names the report gives them. */
  labels: { model: string; judgeModel: string };
  prompts: PromptSet;
  clock: () => number;
  tape: Tape;
  signal?: AbortSignal;
  onProgress?: (p: EvalProgress) => void;
  /** Each scene as it stood after a mode was played, for the person to read. */
  onPlayed?: (scene: EvalScene, played: Played) => void;
}

export async function runEval(opts: EvalOptions): Promise<EvalReport> {
  const { scenes, tape, signal } = opts;
  const totals: Record<EvalMode, Tally> = {
    [EvalMode.isolation]: emptyTally(),
    [EvalMode.shared]: emptyTally(),
  };
  const failures: EvalReport['failures'] = [];
  let judgeFailures = 0;
  let played = 0;
  let fatal: string | null = null;
  const env = { model: opts.model, prompts: opts.prompts, clock: opts.clock, ...(signal ? { signal } : {}) };
  scenes: for (const [i, scene] of scenes.entries()) {
    const sceneTally: Partial<Record<EvalMode, Tally>> = {};
    const sceneFailures: EvalReport['failures'] = [];
    let sceneJudgeFailures = 0;
    for (const mode of EVAL_MODES) {
      const progress = (stage: EvalProgress['stage']) =>
        opts.onProgress?.({
          scene: i + 1,
          scenes: scenes.length,
          title: scene.title,
          mode,
          stage,
          requests: tape.entries.length,
        });
      progress('playing');
      const result = await playScene(scene, mode, env, tape);
      if (signal?.aborted) break scenes;
      opts.onPlayed?.(scene, result);
      if (result.failureCode && BACKEND_FAILURES.has(result.failureCode)) {
        fatal = `${scene.name} (${mode}): ${result.failure ?? ''}`;
        break scenes;
      }
      if (result.failure) sceneFailures.push({ scene: scene.name, mode, detail: result.failure });
      const requests = tape.entries.filter((e) => e.scene === scene.name && e.mode === mode);
      const { tally, toJudge } = observe(scene, result, requests);
      if (toJudge.length) progress('judging');
      const judgeModel = tape.record(opts.judgeModel, { scene: scene.name, mode }, () => ({ op: 'judge' }));
      for (const item of toJudge) {
        const verdict = await judge(judgeModel, opts.prompts, scene.language, item, signal);
        if (signal?.aborted) break scenes;
        if (!verdict.ok && verdict.code && BACKEND_FAILURES.has(verdict.code)) {
          fatal = `${scene.name} (${mode}): the judge: ${verdict.detail}`;
          break scenes;
        }
        if (!verdict.ok) {
          sceneJudgeFailures++;
          tally.L2.opportunities -= item.facts.length;
        } else tally.L2.hits += item.facts.filter((f) => verdict.revealed.has(f.id)).length;
      }
      sceneTally[mode] = tally;
    }
    // Only whole scenes count: a stopped one would weigh its first mode alone.
    for (const mode of EVAL_MODES) addTally(totals[mode], sceneTally[mode] ?? emptyTally());
    failures.push(...sceneFailures);
    judgeFailures += sceneJudgeFailures;
    played++;
  }
  return {
    format: EVAL_REPORT_FORMAT,
    version: 1,
    model: opts.labels.model,
    judgeModel: opts.labels.judgeModel,
    stopped: signal?.aborted ?? false,
    fatal,
    scenes: { total: scenes.length, played },
    failures,
    judgeFailures,
    requests: tape.entries.length,
    modes: {
      [EvalMode.isolation]: scoresOf(totals.isolation),
      [EvalMode.shared]: scoresOf(totals[EvalMode.shared]),
    },
  };
}
