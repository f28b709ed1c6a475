// `rashomon run SCENE.json`: plays a scene against an OpenAI-compatible server and writes Story JSON.
// Exit 2: a bad scene, language or prompt override, the folder's or the story's (nothing written, no
// model call); or a step that cannot be done as the story stands, such as one that would build on a
// stale history without --stale (the story is written as it stood before that step). Exit 1: a model
// failure after the retries (the story as it stood after the last completed step). Exit 130 or 143:
// stopped by SIGINT or SIGTERM (the same story, written at once). Exit 0: done.
import { readFileSync, writeFileSync, writeSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createStoryViews } from '../driver/views/story-views.ts';
import { importStory } from '../driver/story-json/import.ts';
import { readJsonText } from '../driver/import/json-text.ts';
import { exportStory } from '../driver/story-json/export.ts';
import { nameLookup } from '../driver/views/cast.ts';
import { setPresent } from '../driver/doc/participants.ts';
import { readStorySampling, setLanguage, updateSettings } from '../driver/doc/story-doc.ts';
import { languageSchema } from '../driver/doc/schema.ts';
import { listPromptOverrides } from '../driver/doc/prompt-overrides.ts';
import { resolvePrompts } from '../driver/prompts/resolve.ts';
import { continueFor, send, settleStale } from '../driver/turns/commands.ts';
import { createScheduler, type Scheduler } from '../driver/turns/scheduler.ts';
import { completeStory } from '../driver/turns/background.ts';
import { staleChoiceSchema, type StaleChoice } from '../driver/turns/stale-history.ts';
import { DocOrigin } from '../driver/doc/origins.ts';
import { createTokenGauge, type TokenGauge } from '../driver/budget/token-gauge.ts';
import { editPovText } from '../driver/doc/pov.ts';
import { activeLeaf, editSource, hasTurn } from '../driver/doc/turns.ts';
import type { BudgetOp, DriverEnv, DriverResult, Story } from '../driver/env.ts';
import type { ChatModel } from '../driver/model.ts';
import { withContextSetting } from '../backends/context-setting.ts';
import { createOpenAIChatModel } from '../backends/openai/chat-model.ts';
import { english } from '../backends/wording.ts';
import { planSteps, sceneSchema, stepTurnId, type StepPlan } from './scene.ts';
import { overridePrompts, shippedPrompts } from './prompt-files.ts';
import { UsageError } from './usage-error.ts';

export interface RunOptions {
  scene: string;
  baseURL: string;
  model: string;
  apiKey?: string;
  batch: boolean;
  concurrency: number;
  /** The context the model runs with, over what the server says (`--context N`). */
  contextTokens?: number;
  /** How long one model request may take, its answer included (`--timeout SECONDS`). */
  requestTimeoutMs?: number;
  out?: string;
  /** A folder of prompt overrides, `<lang>/<group>/<name>.md`, over the shipped prompts. */
  prompts?: string;
  /** 'en' or 'zh': the story's language, replacing the scene's. */
  language?: string;
  /** What a step that would build on a stale history does: without it, the run stops (exit 2). */
  stale?: string;
}

/** A step the scene asked for that cannot be done as the story stands: exit 2, with one line. */
class SceneStop extends Error {}

function readScene(file: string) {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    throw new UsageError(`cannot read scene file ${file}`);
  }
  const json = readJsonText(text, 'en');
  if (!json.ok) throw new UsageError(`${file}: ${json.reason}`);
  const scene = sceneSchema.safeParse(json.json);
  if (!scene.success) throw new UsageError(`${file}: a scene is {"story": <Story JSON>, "steps": [...]}`);
  return scene.data;
}

/** Turn ids that a scene can name: `step-N` for the turn step N makes, the rest numbered after it. */
interface StepIds {
  next(): string;
  /** Ids from now on: `${base}`, then `${base}-2`, `${base}-3`… (skipping any the story has). */
  start(base: string): void;
}

function stepIds(story: Story): StepIds {
  let base = '';
  let count = 0;
  return {
    next() {
      for (;;) {
        count++;
        const id = count === 1 ? base : `${base}-${count}`;
        if (!hasTurn(story.doc, id)) return id;
      }
    },
    start(next) {
      [base, count] = [next, 0];
    },
  };
}

async function runStep(
  story: Story,
  env: DriverEnv,
  step: StepPlan,
  n: number,
  ids: StepIds,
  stale: StaleChoice | undefined,
  log: (line: string) => void,
): Promise<DriverResult> {
  if (step.kind === 'author' || step.kind === 'act') {
    // Settled first, under ids of its own, so that `step-N` is the turn the step itself makes.
    ids.start(`${stepTurnId(n)}-rewrite`);
    const settled = await settleStale(story, env, activeLeaf(story.doc), stale);
    if (!settled.ok) return settled;
    if (settled.left?.length) log(`rashomon run: step ${n}: ${leftLine(settled.left)}`);
    ids.start(stepTurnId(n));
  }
  switch (step.kind) {
    case 'author':
      // The scene says who acts next with its own steps: nobody acts after a written turn.
      return send(story, env, { author: step.author, text: step.text, next: null });
    case 'act':
      return continueFor(story, env, {
        choice: step.actor === 'auto' ? { auto: true } : { actor: step.actor },
        turns: 1,
      });
    case 'present':
      for (const c of step.changes) setPresent(story.doc, c.id, c.present, DocOrigin.person);
      return { ok: true };
    case 'edit-source':
      // As the app's editor applies it: the smallest change, a generated turn marked edited by hand.
      editSource(story.doc, step.turn, { text: step.text }, DocOrigin.person);
      return { ok: true };
    case 'edit-view': {
      const view = story.views.node(step.turn).pov.get(step.audience);
      if (view === undefined || view.state === 'missing')
        throw new SceneStop(`there is no view of turn "${step.turn}" for that audience to edit`);
      editPovText(story.doc, step.turn, step.audience, { text: step.text }, view.expected, DocOrigin.person);
      return { ok: true };
    }
  }
}

export async function runScene(opts: RunOptions, log: (line: string) => void): Promise<number> {
  const language = opts.language === undefined ? undefined : languageSchema.safeParse(opts.language);
  if (language && !language.success) throw new UsageError('--language must be en or zh', true);
  const staleChoice = opts.stale === undefined ? undefined : staleChoiceSchema.safeParse(opts.stale);
  if (staleChoice && !staleChoice.success) throw new UsageError('--stale must be keep or rewrite', true);
  const stale = staleChoice?.data;
  const scene = readScene(opts.scene);
  const imported = importStory(scene.story, new Date().toISOString());
  if (!imported.ok) throw new UsageError(`${opts.scene}: story: ${imported.detail}`);
  const planned = planSteps(imported.story, scene.steps);
  if (!planned.ok) throw new UsageError(`${opts.scene}: ${planned.detail}`);

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
  const model = sceneModel(opts);
  // A gauge per operation, for the whole run: each operation's requests are alike (a server may
  // count a structured request's schema too), so each learns a steady ratio and its windows stay put.
  const gauges = new Map<BudgetOp, TokenGauge>();
  const gaugeOf = (op: BudgetOp): TokenGauge => {
    let gauge = gauges.get(op);
    if (!gauge) gauges.set(op, (gauge = createTokenGauge()));
    return gauge;
  };
  const ids = stepIds(story);
  const userId = story.views.cast().user?.id;
  const env: DriverEnv = {
    models: { selector: model, projector: model, actor: model },
    prompts,
    // The scene's Story JSON settings carry the story's own sampling, as the app's story does.
    sampling: readStorySampling(doc),
    clock: Date.now,
    newId: ids.next,
    concurrency: opts.concurrency,
    origin: DocOrigin.driver,
    gauges: gaugeOf,
  };
  const write = (json: unknown) => {
    const text = `${JSON.stringify(json, null, 2)}\n`;
    if (opts.out) writeFileSync(opts.out, text);
    else process.stdout.write(text);
  };

  // As in the app: what the person waits for runs at once, the other views and memories after it,
  // finished before the next step (the time a person takes to read and write).
  // The background makes no turn, only records (memories, audit): ids of their own, never a step's.
  const scheduler = createScheduler((signal) =>
    completeStory(story, { ...env, signal, newId: () => randomUUID() }),
  );
  const plan = planned.plan;
  // What a stop writes (E10): the story after the last completed step, and how many that is.
  let kept = { story: exportStory(doc), steps: 0 };
  const stopped = (signal: NodeJS.Signals) => {
    const text = `${JSON.stringify(kept.story, null, 2)}\n`;
    // Written at once and whole: the process ends here, a request in flight dropped with it.
    if (opts.out) writeFileSync(opts.out, text);
    else writeSync(process.stdout.fd, text);
    log(
      `rashomon run: stopped (${signal}) after ${kept.steps} of ${plan.length} steps; the story as it stood then is written${opts.out ? ` to ${opts.out}` : ''}`,
    );
    process.exit(STOPPED_EXIT[signal as keyof typeof STOPPED_EXIT] ?? STOPPED_EXIT.SIGINT);
  };
  for (const signal of STOP_SIGNALS) process.once(signal, stopped);
  try {
    return await play();
  } finally {
    for (const signal of STOP_SIGNALS) process.off(signal, stopped);
  }

  async function play(): Promise<number> {
    for (let i = 0; i < plan.length; i++) {
      const step = plan[i] as StepPlan;
      let before = exportStory(doc);
      kept = { story: before, steps: i };
      // The user's turn and the act after it are one Send, as the app sends them.
      const next = plan[i + 1];
      const joined = step.kind === 'author' && step.author === userId && next?.kind === 'act' ? next : null;
      const steps = joined ? [step, joined] : [step];
      for (const [k, s] of steps.entries()) log(`step ${i + k + 1}/${plan.length}: ${describe(s, story)}`);
      let result: DriverResult;
      try {
        result = await scheduler.run(async () => {
          for (const [k, s] of steps.entries()) {
            const r = await runStep(story, env, s, i + k + 1, ids, stale, log);
            if (!r.ok) return r;
            before = exportStory(doc);
            kept = { story: before, steps: i + k + 1 };
          }
          return { ok: true };
        });
        // Every step is done; what the background could not write is missing from the story written.
        if (result.ok) {
          const end = await scheduler.idle();
          if (end.kind === 'failed') result = end.failure;
        }
      } catch (e) {
        if (!(e instanceof SceneStop)) throw e;
        await stop(scheduler);
        write(before);
        log(`rashomon run: step ${i + 1}: ${e.message}`);
        return 2;
      }
      const last = i + steps.length;
      if (!result.ok) await stop(scheduler);
      if (!result.ok && result.code === 'stale-history') {
        write(before);
        log(`rashomon run: step ${last}: ${staleLine(result.stale?.turns ?? [])}`);
        return 2;
      }
      if (!result.ok) {
        write(before);
        log(`rashomon run: step ${last} failed (${result.code}): ${result.detail}`);
        return 1;
      }
      i = last - 1;
    }
    write(exportStory(doc));
    return 0;
  }
}

/** Ctrl-C and a polite kill stop the run; each exits as shells report that signal (128 + its number). */
const STOPPED_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;
const STOP_SIGNALS = Object.keys(STOPPED_EXIT) as Array<keyof typeof STOPPED_EXIT>;

/** The run ends on a failed step: the background the step started stops, its request aborted. */
async function stop(scheduler: Scheduler): Promise<void> {
  scheduler.hold();
  await scheduler.idle();
}

/** The run's model: the server's, telling `--context` as its context when given, else what the server says. */
export function sceneModel(
  opts: Pick<RunOptions, 'baseURL' | 'model' | 'apiKey' | 'contextTokens' | 'requestTimeoutMs'>,
): ChatModel {
  const model = createOpenAIChatModel({
    baseURL: opts.baseURL,
    model: opts.model,
    ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
    ...(opts.requestTimeoutMs !== undefined ? { requestTimeoutMs: opts.requestTimeoutMs } : {}),
    wording: english,
  });
  return withContextSetting(model, opts.contextTokens);
}

const quoted = (turns: readonly string[]): string => turns.map((t) => `"${t}"`).join(', ');

function staleLine(turns: readonly string[]): string {
  return `the history is stale: ${turns.length === 1 ? 'turn' : 'turns'} ${quoted(turns)} ${turns.length === 1 ? 'was' : 'were'} written from an earlier version of the story; run again with --stale keep (keep them as they are) or --stale rewrite (write them again, the old ones kept on their branch, and turns written or edited by hand after the first one left there)`;
}

/** A rewrite copies no turn a person wrote or edited: it answered a story that changed (H9). */
function leftLine(turns: readonly string[]): string {
  return `the rewrite left ${turns.length === 1 ? 'turn' : 'turns'} ${quoted(turns)}, written or edited by hand, on the old branch; the new branch goes on without ${turns.length === 1 ? 'it' : 'them'}`;
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
    case 'edit-source':
      return `the source of turn "${step.turn}" is edited`;
    case 'edit-view':
      return `${name(step.audience)}'s view of turn "${step.turn}" is edited`;
  }
}
