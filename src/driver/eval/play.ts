// Plays one eval scene in one mode. Isolation is Rashomon's own turn loop, exactly as in play
// (projections, isolated actors). Shared history is the baseline only eval reaches: every turn's
// source goes unfiltered into every character's request, as in a group chat, and nothing is projected.
import { presentIds, setPresent } from '../doc/participants.ts';
import { updateSettings } from '../doc/story-doc.ts';
import { appendTurn } from '../doc/turns.ts';
import { DocOrigin } from '../doc/origins.ts';
import type { DriverEnv, DriverFailureCode, DriverResult, Phase, Story } from '../env.ts';
import type { ChatModel } from '../model.ts';
import type { PromptSet } from '../prompts/render.ts';
import { exportStory } from '../story-json/export.ts';
import { importStory } from '../story-json/import.ts';
import type { StoryJson } from '../story-json/schema.ts';
import { authorTurn, takeTurn } from '../turns/turn-loop.ts';
import { completeStory } from '../turns/background.ts';
import { createScheduler } from '../turns/scheduler.ts';
import { createStoryViews } from '../views/story-views.ts';
import type { EvalScene, EvalStep } from './scene.ts';
import { sharedHistoryTurn } from './shared-history.ts';
import { EvalMode, type RequestTag, type Tape } from './tape.ts';

export interface EvalEnv {
  model: ChatModel;
  prompts: PromptSet;
  clock: () => number;
  signal?: AbortSignal;
}

export interface Played {
  mode: EvalMode;
  /** The story as it stood after the last step played. */
  story: StoryJson;
  /** The turn each author or act step made, by step index. */
  stepTurns: Map<number, string>;
  /** Turns a model wrote (the characters' acts). */
  generated: Set<string>;
  /** Why the scene stopped before its last step (a model failure after the retries), and its code. */
  failure?: string;
  failureCode?: DriverFailureCode;
}

const tagOf = (phase: Phase): RequestTag => {
  switch (phase.kind) {
    case 'projecting':
      return { op: 'project', audience: phase.audiences[0] ?? '', turnId: phase.turnId };
    case 'acting':
      return { op: 'act', actor: phase.actor };
    case 'remembering':
      return { op: 'remember', participant: phase.participant };
    case 'selecting':
      return { op: 'select' };
  }
};

export async function playScene(scene: EvalScene, mode: EvalMode, env: EvalEnv, tape: Tape): Promise<Played> {
  const imported = importStory(scene.story, new Date(env.clock()).toISOString());
  if (!imported.ok)
    throw new Error(`scene ${scene.name} was checked and no longer imports: ${imported.detail}`);
  const doc = imported.doc;
  // Isolated projections, one at a time: each request is tagged by the phase that asked for it.
  updateSettings(doc, { batchReprojection: false });
  const story: Story = { doc, views: createStoryViews(doc) };
  let tag: RequestTag = { op: 'select' };
  let ids = 0;
  const model = tape.record(env.model, { scene: scene.name, mode }, () => tag);
  const driverEnv: DriverEnv = {
    models: { selector: model, projector: model, actor: model },
    prompts: env.prompts,
    clock: env.clock,
    newId: () => `t${++ids}`,
    concurrency: 1,
    origin: DocOrigin.driver,
    onPhase: (phase) => (tag = tagOf(phase)),
    ...(env.signal ? { signal: env.signal } : {}),
  };
  const played: Played = { mode, story: exportStory(doc), stepTurns: new Map(), generated: new Set() };
  // Isolation plays through the scheduler as the app does; the shared-history baseline has no background.
  const scheduler = createScheduler((signal) =>
    mode === EvalMode.isolation
      ? completeStory(story, { ...driverEnv, signal })
      : Promise.resolve({ ok: true }),
  );
  try {
    for (const [i, step] of scene.steps.entries()) {
      if (env.signal?.aborted) break;
      const result = await scheduler.run(() => playStep(story, driverEnv, step, mode, (t) => (tag = t)));
      if (!result.ok) {
        played.failure = `step ${i + 1}: ${result.detail}`;
        played.failureCode = result.code;
        break;
      }
      if ('turnId' in result && typeof result.turnId === 'string') {
        played.stepTurns.set(i, result.turnId);
        if (step.kind === 'act') played.generated.add(result.turnId);
      }
      // As in play, the views nobody waited for and the memories are written before the next step.
      const end = await scheduler.idle();
      if (end.kind === 'failed') {
        played.failure = `step ${i + 1}: ${end.failure.detail}`;
        played.failureCode = end.failure.code;
        break;
      }
    }
    played.story = exportStory(doc);
    return played;
  } finally {
    story.views.dispose();
    doc.destroy();
  }
}

function playStep(
  story: Story,
  env: DriverEnv,
  step: EvalStep,
  mode: EvalMode,
  setTag: (tag: RequestTag) => void,
): Promise<DriverResult<{ turnId?: string }>> {
  switch (step.kind) {
    case 'present':
      for (const c of step.changes) setPresent(story.doc, c.id, c.present, DocOrigin.person);
      return Promise.resolve({ ok: true });
    case 'author':
      if (mode === EvalMode.isolation) return authorTurn(story, env, step.author, step.text);
      return Promise.resolve({
        ok: true,
        turnId: appendTurn(
          story.doc,
          {
            id: env.newId(),
            author: step.author,
            text: step.text,
            origin: 'authored',
            audiences: presentIds(story.doc),
            createdAt: new Date(env.clock()).toISOString(),
          },
          env.origin,
        ),
      });
    case 'act':
      if (mode === EvalMode.isolation) return takeTurn(story, env, { actor: step.actor });
      setTag({ op: 'act', actor: step.actor });
      return sharedHistoryTurn(story, env, step.actor);
  }
}
