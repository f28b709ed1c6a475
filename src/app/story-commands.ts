// What the story screen can ask of the worker while playing: write a turn (as the user or by hand as
// a character), let a character act once or for several turns, cancel, presence, branches.
import type * as Comlink from 'comlink';
import type { ActChoice, DriverApi, Result } from '../workers/api.ts';

export interface StoryCommands {
  /**
   * Stores a turn written by the user, or with `as` a character's turn written by hand. After the
   * user's own turn the next character acts, unless the user chooses who acts. Resolves to whether the
   * turn was stored (so the draft can be cleared).
   */
  send(text: string, next: ActChoice, as?: string): Promise<boolean>;
  act(next: ActChoice): Promise<void>;
  /** "Let them continue": `turns` automatic turns in a row; Cancel stops after the current one. */
  continueFor(turns: number): Promise<void>;
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
  manualTurns(): boolean;
  reloadOverview(): Promise<void>;
  setError(detail: string): void;
}

export function createStoryCommands(parts: CommandParts): StoryCommands {
  const { api, storyId, run, start } = parts;
  const act = async (next: ActChoice, turns = 1): Promise<void> => {
    start(true);
    await run(() => (turns > 1 ? api.act(storyId, next, { turns }) : api.act(storyId, next)));
  };
  return {
    async send(text, next, as) {
      start(true);
      const before = parts.length();
      const authored = await run(() => api.authorTurn(storyId, as === undefined ? { text } : { text, as }));
      // A failed projection may still have stored the turn: the draft is kept only when it was not.
      const stored = authored.ok || parts.length() > before;
      // A turn written by hand for a character is that character's move: nobody acts after it.
      if (authored.ok && as === undefined && !parts.manualTurns()) await run(() => api.act(storyId, next));
      return stored;
    },
    act: (next) => act(next),
    continueFor: (turns) => act({ auto: true }, turns),
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
      await run(() => api.regenerateFrom(storyId, turnId));
    },
    followEnd: () => start(true),
  };
}
