// What the story screen can ask of the worker while playing: send a turn (the user's, or one written
// by hand for a character; who acts after it is the driver's rule), let a character act once or for
// several turns, regenerate, continue a character's last turn, draft the user's next one, cancel,
// presence, branches, and settle stale history. A command refused
// because the history is stale waits for the person's choice (a StaleQuestion), then runs with it.
import * as Comlink from 'comlink';
import type { ActChoice, DriverApi, Result, StaleChoice } from '../../workers/api.ts';

/** Which command waits for the stale-history choice (the banner words its question by it). */
export type WaitingCommand = 'send' | 'act' | 'regenerate' | 'continue' | 'suggest' | 'hint';

export interface StaleQuestion {
  command: WaitingCommand;
  /** Runs the command with the choice. */
  choose(choice: StaleChoice): Promise<void>;
  /** Drops the command; nothing is done. */
  dismiss(): void;
}

export interface StoryCommands {
  /**
   * Stores a turn written by the user, or with `as` a character's turn written by hand. Resolves to
   * whether the turn was stored (so the draft can be cleared), once it ran: a stale history first
   * waits for the person's choice.
   */
  send(text: string, next: ActChoice, as?: string): Promise<boolean>;
  act(next: ActChoice): Promise<void>;
  /** "Let them continue": `turns` automatic turns in a row; Cancel stops after the current one. */
  continueFor(turns: number): Promise<void>;
  /** Settles the story's stale history on its own (the banner's buttons with no command waiting). */
  resolveStale(choice: StaleChoice): Promise<void>;
  /** Makes every view the story does not have yet (an imported chat's), in order. */
  completeViews(): Promise<void>;
  cancel(): Promise<void>;
  setManualTurns(manual: boolean): Promise<void>;
  /** One batched projection request per turn instead of one per audience. */
  setBatched(batched: boolean): Promise<void>;
  /** A participant joins (present) or leaves the scene; later turns reach only those present. */
  setPresent(participantId: string, present: boolean): Promise<void>;
  /** Shows another alternative at a turn's place (and what follows it). */
  switchBranch(turnId: string): Promise<void>;
  /** Writes a generated turn again as a new alternative, which becomes the path. */
  regenerate(turnId: string): Promise<void>;
  /** Takes the last turn, a character's generated one, further: a new alternative, which becomes the path. */
  continueTurn(turnId: string): Promise<void>;
  /** Drafts the user's next turn, given to `onDraft` as it streams; the whole draft, or null when none came. */
  suggestTurn(onDraft: (draft: string) => void): Promise<string | null>;
  /** The plot author's hint from what the user has seen; null when none came (the failure is shown). */
  plotHint(): Promise<string | null>;
  /** Rolls dice ("2d6+1"): how the user's turn tells the roll, or null when it could not (the failure is shown). */
  rollDice(notation: string): Promise<string | null>;
  /** Brings the end of the story into view (after the path changed elsewhere, e.g. a new branch). */
  followEnd(): void;
}

export interface CommandParts {
  api: Comlink.Remote<DriverApi>;
  storyId: string;
  run<T extends object>(command: () => Promise<Result<T>>): Promise<Result<T>>;
  /** Clears the last outcome; `follow` brings the end of the story into view. */
  start(follow: boolean): void;
  length(): number;
  reloadOverview(): Promise<void>;
  setError(detail: string): void;
  /** Shows the stale-history question for a waiting command (null: none waits). */
  ask(question: StaleQuestion | null): void;
}

export function createStoryCommands(parts: CommandParts): StoryCommands {
  const { api, storyId, run, start } = parts;
  /**
   * Runs a command; refused for stale history, it waits for the person's choice and runs again with
   * it. Resolves to the last result (a dismissed question: the refusal).
   */
  const settled = <T extends object>(
    command: WaitingCommand,
    call: (stale?: StaleChoice) => Promise<Result<T>>,
  ): Promise<Result<T>> =>
    run(() => call()).then((result) =>
      !result.ok && result.code === 'stale-history'
        ? new Promise<Result<T>>((resolve) => {
            parts.ask({
              command,
              async choose(choice) {
                parts.ask(null);
                start(true);
                resolve(await run(() => call(choice)));
              },
              dismiss() {
                parts.ask(null);
                resolve(result);
              },
            });
          })
        : result,
    );
  const act = async (next: ActChoice, turns = 1): Promise<void> => {
    start(true);
    await settled('act', (stale) =>
      api.act(storyId, next, { ...(turns > 1 ? { turns } : {}), ...(stale ? { stale } : {}) }),
    );
  };
  return {
    async send(text, next, as) {
      start(true);
      const before = parts.length();
      /**
       * Once the turn is stored, running it again resumes it: the worker finishes what failed after
       * (who acts next is the driver's rule), never a second copy.
       */
      let stored: string | undefined;
      const result = await settled('send', async (stale): Promise<Result> => {
        const sent = await api.send(storyId, {
          text,
          ...(as === undefined ? { next } : { as }),
          ...(stale ? { stale } : {}),
          ...(stored !== undefined ? { resume: stored } : {}),
        });
        stored ??= sent.turnId;
        return sent;
      });
      // A failure after the turn was stored (its projection, or the next actor) still clears the draft.
      return result.ok || (!result.ok && result.code !== 'stale-history' && parts.length() > before);
    },
    act: (next) => act(next),
    continueFor: (turns) => act({ auto: true }, turns),
    async resolveStale(choice) {
      start(choice !== 'keep');
      await run(() => api.resolveStale(storyId, choice));
    },
    async completeViews() {
      start(false);
      await run(() => api.completeViews(storyId));
    },
    async cancel() {
      await api.cancel(storyId);
    },
    async setManualTurns(manual) {
      start(false);
      const result = await api.updateStorySettings(storyId, { turnSelection: manual ? 'manual' : 'auto' });
      if (!result.ok) parts.setError(result.detail);
      await parts.reloadOverview();
    },
    async setBatched(batched) {
      start(false);
      const result = await api.updateStorySettings(storyId, { batchReprojection: batched });
      if (!result.ok) parts.setError(result.detail);
      await parts.reloadOverview();
    },
    async setPresent(participantId, present) {
      start(false);
      const result = await api.setPresent(storyId, participantId, present);
      if (!result.ok) parts.setError(result.detail);
      await parts.reloadOverview();
    },
    async switchBranch(turnId) {
      start(false);
      await run(() => api.switchBranch(storyId, turnId));
    },
    async regenerate(turnId) {
      start(true);
      await settled('regenerate', (stale) => api.regenerateFrom(storyId, turnId, stale ? { stale } : {}));
    },
    async continueTurn(turnId) {
      start(true);
      await settled('continue', (stale) => api.continueTurn(storyId, turnId, stale ? { stale } : {}));
    },
    async suggestTurn(onDraft) {
      start(false);
      const result = await settled('suggest', (stale) =>
        api.suggestTurn(storyId, Comlink.proxy(onDraft), stale ? { stale } : {}),
      );
      return result.ok ? result.text : null;
    },
    async plotHint() {
      start(false);
      const result = await settled('hint', (stale) => api.plotHint(storyId, stale ? { stale } : {}));
      return result.ok ? result.text : null;
    },
    async rollDice(notation) {
      start(false);
      const result = await run(() => api.rollDice(storyId, notation));
      return result.ok ? result.text : null;
    },
    followEnd: () => start(true),
  };
}
