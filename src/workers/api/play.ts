// The part of the worker's API for playing a story: the user's turn, the characters' turns, the
// views still to make, a stale history settled, and the story's presence, settings and language.
// Re-exported by api.ts.
import type { Language, StorySettings } from '../../driver/doc/schema.ts';
import type { HandTurn, StaleSummary } from '../../driver/env.ts';
import type { StaleChoice } from '../../driver/turns/stale-history.ts';
import type { Result } from './result.ts';

/** Who acts: the selector's choice, or one character (the driver's ActorChoice). */
export type { ActorChoice as ActChoice } from '../../driver/turns/turn-loop.ts';
import type { ActorChoice as ActChoice } from '../../driver/turns/turn-loop.ts';

export type { HandTurn, StaleChoice, StaleSummary };

export interface SendInput {
  text: string;
  /** Written by hand for this character (nobody acts after it); unset: the user's own turn. */
  as?: string;
  /**
   * Who acts after the user's turn when the story goes on by itself (turn selection auto; manual:
   * nobody): unset, the selector chooses; null, nobody acts.
   */
  next?: ActChoice | null;
  /** How to settle a stale history first (without it, a stale history refuses the command). */
  stale?: StaleChoice;
  /**
   * The `turnId` of an earlier send's failure after its turn was stored: that turn is not stored
   * again; what should have followed it is done instead (the next actor's turn by the driver's rule,
   * or, when nobody acts, the views still missing).
   */
  resume?: string;
}

export interface PlayApi {
  /**
   * Stores a turn written by the user (or by hand for a character) and projects it; after the user's
   * own turn the next character acts as the story's turn selection says. A failure after the turn was
   * stored carries its `turnId`.
   */
  send(storyId: string, input: SendInput): Promise<Result<{ turnId: string; acted?: string }>>;
  /** One turn, or `turns` in a row ("Let them continue"). */
  act(
    storyId: string,
    choice: ActChoice,
    opts?: { turns?: number; stale?: StaleChoice },
  ): Promise<Result<{ turnIds: string[] }>>;
  /**
   * Makes every view the active path does not have yet (a chat imported to be projected later), in
   * story order, as phases show; `made` counts them. A stale history refuses as `act` does.
   */
  completeViews(storyId: string): Promise<Result<{ made: number }>>;
  /** Starts the story's background work again after a Stop or a failure (it also does after any command). */
  resumeBackground(storyId: string): Promise<void>;
  /** Settles the active path's stale history: keep it as it is, or rewrite it (a new branch). */
  resolveStale(storyId: string, choice: StaleChoice): Promise<Result>;
  cancel(storyId: string): Promise<void>;
  setPresent(storyId: string, participantId: string, present: boolean): Promise<Result>;
  updateStorySettings(storyId: string, patch: Partial<StorySettings>): Promise<Result>;
  /** The story's next requests use `language`'s prompts, text built from data and script check. */
  setStoryLanguage(storyId: string, language: Language): Promise<Result>;
}
