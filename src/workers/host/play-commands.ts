// Playing commands: send a turn, act (once or several times), settle stale history, cancel, presence
// and settings; the rules are the driver's (commands.ts). One command runs per story at a time, and
// each story's background work (the views nobody waited for, memories: background.ts) runs between
// commands through the driver's scheduler, stopped by the next command; Cancel aborts a command end
// to end and holds the background until the next one; nothing partial is stored.
import type { PlayApi } from '../api/play.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { setPresent } from '../../driver/doc/participants.ts';
import { participantRefusal } from '../../driver/i18n/doc-refusals.ts';
import { readMeta, setLanguage, updateSettings } from '../../driver/doc/story-doc.ts';
import { touchStory } from '../../driver/doc/library-doc.ts';
import type { DriverEnv, DriverResult, TokenSource } from '../../driver/env.ts';
import { continueFor, send, settleStale } from '../../driver/turns/commands.ts';
import { listParticipants, userParticipant } from '../../driver/doc/participants.ts';
import { freshen } from '../../driver/turns/freshen.ts';
import { completeStory, pendingViews } from '../../driver/turns/background.ts';
import { createScheduler, type Scheduler } from '../../driver/turns/scheduler.ts';
import { activeLeaf } from '../../driver/doc/turns.ts';
import type { Failure } from '../api.ts';
import { isFailure, type HostContext } from './context.ts';
import { commandEnv } from './command-env.ts';
import { createTokenBatcher } from './token-batcher.ts';
import { createFailedRuns, type FailedRun } from './failed-generations.ts';
import type { OpenStory } from '../store/story-store.ts';
import { uiText } from '../i18n/ui-text.ts';

export interface Generations {
  /**
   * Runs `work` as the story's one generation, with an env whose signal Cancel aborts. `rowsFirst`:
   * the story is opened as for its rows, and the env's `window` loads what prompts read (a sent turn
   * is stored without waiting for the band below the leaf's).
   */
  run<T>(
    storyId: string,
    work: (story: OpenStory, env: DriverEnv) => Promise<DriverResult<T> | Failure>,
    opts?: { rowsFirst?: boolean },
  ): Promise<DriverResult<T> | Failure>;
  /** The same for work that writes nothing into the story (a suggestion, a hint): its failure is not kept to be run again. */
  draft: Generations['run'];
  cancel(storyId: string): void;
  /** The story's last generating command that failed (none once one succeeded), with a way to run it again. */
  lastFailed(storyId: string): FailedRun | undefined;
  /** Starts the story's background work unless a command runs (after a Stop or a failure). */
  resume(storyId: string): void;
  /**
   * A story opened with `interrupted` views a stopped run left (a crash, a closed tab:
   * `interruptedViews`): its background resumes once the story has been quiet a while, since another
   * tab or device may be writing them. A backlog the person has not asked for waits for a command.
   */
  opened(storyId: string, interrupted: number): void;
  /** The story changed (here, in another tab, on another device): a resume on open waits for quiet again. */
  changed(storyId: string): void;
  /** Resolves once the story's background has stopped: its views written, or why not (`pending` left). */
  settled(storyId: string): Promise<void>;
  /** Stops the story's background for good (the story was deleted). */
  forget(storyId: string): void;
}

/** How long an opened story must go unchanged before its background resumes (another tab may be on it). */
export const RESUME_QUIET_MS = 2_000;

export function createGenerations(ctx: HostContext): Generations {
  const running = new Map<string, AbortController>();
  const failed = createFailedRuns();
  const schedulers = new Map<string, Scheduler>();
  const schedulerOf = (storyId: string): Scheduler => {
    let scheduler = schedulers.get(storyId);
    if (!scheduler)
      schedulers.set(storyId, (scheduler = createScheduler((signal) => background(ctx, storyId, signal))));
    return scheduler;
  };
  const generations: Generations = {
    run: (storyId, work, opts) => runOne(storyId, work, { kept: true, rowsFirst: opts?.rowsFirst ?? false }),
    draft: (storyId, work) => runOne(storyId, work, { kept: false, rowsFirst: false }),
    cancel(storyId) {
      running.get(storyId)?.abort();
      schedulers.get(storyId)?.hold();
    },
    lastFailed: (storyId) => failed.get(storyId),
    resume(storyId) {
      if (!running.has(storyId)) schedulerOf(storyId).resume();
    },
    opened(storyId, interrupted) {
      if (interrupted > 0) resumeWhenQuiet(storyId);
    },
    changed(storyId) {
      if (quiet.has(storyId)) resumeWhenQuiet(storyId);
    },
    async settled(storyId) {
      // An export wants what is still to write: a resume waiting for quiet goes now.
      if (quiet.has(storyId)) {
        stopWaiting(storyId);
        generations.resume(storyId);
      }
      await schedulers.get(storyId)?.idle();
    },
    forget(storyId) {
      stopWaiting(storyId);
      running.get(storyId)?.abort();
      schedulers.get(storyId)?.hold();
      schedulers.delete(storyId);
    },
  };
  const quiet = new Map<string, unknown>();
  const stopWaiting = (storyId: string) => {
    ctx.timers.clearTimeout(quiet.get(storyId));
    quiet.delete(storyId);
  };
  const resumeWhenQuiet = (storyId: string) => {
    stopWaiting(storyId);
    quiet.set(
      storyId,
      ctx.timers.setTimeout(() => {
        quiet.delete(storyId);
        generations.resume(storyId);
      }, RESUME_QUIET_MS),
    );
  };
  async function runOne<T>(
    storyId: string,
    work: (story: OpenStory, env: DriverEnv) => Promise<DriverResult<T> | Failure>,
    { kept, rowsFirst }: { kept: boolean; rowsFirst: boolean },
  ): Promise<DriverResult<T> | Failure> {
    if (running.has(storyId))
      return {
        ok: false,
        code: 'busy',
        detail: uiText('Something is already being generated in this story. Wait for it or cancel it.'),
      };
    // Taken before anything is awaited, so a second command meanwhile is refused, not run alongside.
    const controller = new AbortController();
    running.set(storyId, controller);
    // The background resumes after the command anyway.
    if (kept) stopWaiting(storyId);
    // The story's background stops first (what it was writing is not stored) and resumes after; a draft
    // (a hint, a suggestion) writes nothing, so it starts none that was not running.
    return schedulerOf(storyId).run(() => runNow(storyId, controller, work, { kept, rowsFirst }), {
      resumes: kept,
    });
  }
  async function runNow<T>(
    storyId: string,
    controller: AbortController,
    work: (story: OpenStory, env: DriverEnv) => Promise<DriverResult<T> | Failure>,
    { kept, rowsFirst }: { kept: boolean; rowsFirst: boolean },
  ): Promise<DriverResult<T> | Failure> {
    const story = await ctx.story(storyId, rowsFirst);
    if (isFailure(story)) {
      running.delete(storyId);
      return story;
    }
    const tokens = createTokenBatcher<TokenSource>(
      (key, text) => ctx.emit({ kind: 'tokens', storyId, ...key, text }),
      ctx.timers,
    );
    const env = await commandEnv(ctx, storyId, story, {
      signal: controller.signal,
      onPhase: (phase) => {
        tokens.flush();
        ctx.emit({ kind: 'phase', storyId, phase });
      },
      onToken: (source, delta) => tokens.push(source, delta),
      ...(rowsFirst ? { window: () => promptWindow(ctx, storyId) } : {}),
    });
    try {
      const result = await work(story, env);
      if (kept) failed.note(storyId, result, () => generations.run(storyId, work, { rowsFirst }));
      return result;
    } finally {
      tokens.flush();
      running.delete(storyId);
      ctx.emit({ kind: 'phase', storyId, phase: null });
      touchStory(ctx.store.library, storyId, new Date(ctx.clock()).toISOString());
    }
  }
  return generations;
}

/**
 * One run of a story's background work, with the story's own backends and prompts (the full prompt
 * window loaded), its progress told as `background` events.
 */
async function background(ctx: HostContext, storyId: string, signal: AbortSignal): Promise<DriverResult> {
  const story = await ctx.story(storyId);
  if (isFailure(story)) return { ok: true };
  const tell = (running: boolean, failure?: string) =>
    ctx.emit({
      kind: 'background',
      storyId,
      pending: pendingViews(story),
      running,
      ...(failure ? { failure } : {}),
    });
  tell(true);
  let result: DriverResult = { ok: true };
  try {
    const env = await commandEnv(ctx, storyId, story, { signal, onPhase: () => tell(true) });
    result = await completeStory(story, env);
    return result;
  } finally {
    // Its end is told here, after its last progress and before any next run's start. A stop by a
    // command or by the person, and a stale story waiting for the person's choice, are no failure.
    const failure =
      result.ok || signal.aborted || result.code === 'cancelled' || result.code === 'stale-history'
        ? undefined
        : result.detail;
    tell(false, failure);
  }
}

/** Loads the story's prompt window (ctx.story without `showing`); the story was open a moment ago. */
async function promptWindow(ctx: HostContext, storyId: string): Promise<void> {
  const story = await ctx.story(storyId);
  if (isFailure(story)) throw new Error(story.detail);
}

/** Views not made yet on the active path, everyone's. */
const missingViews = (story: OpenStory): number =>
  listParticipants(story.doc).reduce((n, p) => n + story.views.missing(p.id).length, 0);

export function playCommands(ctx: HostContext, generations: Generations): PlayApi {
  return {
    send(storyId, input) {
      return generations.run(
        storyId,
        async (story, env) => {
          const author = input.as ?? userParticipant(story.doc)?.id;
          if (!author)
            return { ok: false, code: 'unknown-participant', detail: uiText('This story has no user.') };
          return send(story, env, {
            author,
            text: input.text,
            ...(input.next !== undefined ? { next: input.next } : {}),
            ...(input.stale ? { stale: input.stale } : {}),
            ...(input.resume !== undefined ? { resume: input.resume } : {}),
          });
        },
        // A resumed send stored its turn already: only the first one shows its row before generating.
        { rowsFirst: input.resume === undefined },
      );
    },

    act(storyId, choice, opts = {}) {
      return generations.run(storyId, (story, env) =>
        continueFor(story, env, {
          choice,
          turns: opts.turns ?? 1,
          ...(opts.stale ? { stale: opts.stale } : {}),
        }),
      );
    },

    completeViews(storyId) {
      return generations.run(storyId, async (story, env) => {
        const before = missingViews(story);
        const done = await freshen(
          story,
          env,
          listParticipants(story.doc).map((p) => p.id),
          activeLeaf(story.doc),
        );
        return done.ok ? { ok: true, made: before - missingViews(story) } : done;
      });
    },

    resolveStale(storyId, choice) {
      return generations.run(storyId, async (story, env) => {
        const settled = await settleStale(story, env, activeLeaf(story.doc), choice);
        return settled.ok ? { ok: true } : settled;
      });
    },

    async cancel(storyId) {
      generations.cancel(storyId);
    },

    async resumeBackground(storyId) {
      generations.resume(storyId);
    },

    async setPresent(storyId, participantId, present) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const r = setPresent(story.doc, participantId, present, DocOrigin.person);
      return r.ok
        ? r
        : {
            ok: false,
            code: 'unknown-participant',
            detail: participantRefusal(readMeta(story.doc).language, r),
          };
    },

    async updateStorySettings(storyId, patch) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      updateSettings(story.doc, patch, DocOrigin.person);
      return { ok: true };
    },

    async setStoryLanguage(storyId, language) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      setLanguage(story.doc, language, DocOrigin.person);
      return { ok: true };
    },
  };
}
