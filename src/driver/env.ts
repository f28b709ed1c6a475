// What every driver operation is given from outside: the story, the models, prompts, clock and ids.
// The driver never reaches for globals (timers, fetch, randomness): everything comes through here.
import type * as Y from 'yjs';
import type { StoryGeneration } from './doc/schema.ts';
import type { ChatModel, ModelFailureCode } from './model.ts';
import type { PromptSet } from './prompts/render.ts';
import type { StoryViews } from './views/story-views.ts';
import type { TokenGauge } from './budget/token-gauge.ts';

/** What a backend profile gives the actor's requests when the story does not set it (device settings validate it). */
export interface BackendSampling {
  temperature?: number | undefined;
  topP?: number | undefined;
  stop?: string[] | undefined;
}

export interface Story {
  doc: Y.Doc;
  views: StoryViews;
}

export const Operation = { selector: 'selector', projector: 'projector', actor: 'actor' } as const;
export type Operation = (typeof Operation)[keyof typeof Operation];

/** What a request's budget is per: the operations, and the chronicler (which uses the projector's model). */
export const BudgetOp = { ...Operation, chronicler: 'chronicler' } as const;
export type BudgetOp = (typeof BudgetOp)[keyof typeof BudgetOp];

export type Phase =
  | { kind: 'selecting' }
  | { kind: 'projecting'; turnId: string; audiences: string[] }
  | { kind: 'acting'; actor: string; turnId?: string }
  /** A participant's chronicler records what it will remember of turns that left its window. */
  | { kind: 'remembering'; participant: string };

export interface DriverEnv {
  /** The model for each operation (they may differ: a small local projector, a large remote actor). */
  models: Record<Operation, ChatModel>;
  prompts: PromptSet;
  /** Milliseconds since the epoch. */
  clock: () => number;
  newId: () => string;
  /** Uniform in [0, 1), seeded by the caller (dice/seeded-random.ts): dice roll with it. */
  random?: () => number;
  /** Validation retries after the first answer (default 2). */
  retries?: number;
  /** Parallel isolated projection requests (default 4). */
  concurrency?: number;
  /** The story's own sampling (its settings): the actor's requests carry it (`sampling.ts`). */
  sampling?: StoryGeneration;
  /** The actor's backend profile's sampling, for what the story does not set (`sampling.ts`). */
  backendSampling?: BackendSampling;
  signal?: AbortSignal;
  onPhase?: (phase: Phase) => void;
  /** Streamed tokens of actor and projection answers; set it to make requests stream. */
  onToken?: (source: TokenSource, delta: string) => void;
  /** Where origin-tagged writes come from (providers skip their own origin). */
  origin?: unknown;
  /** The answer's room per operation (`max_tokens`); unset: the driver's defaults (request-budget.ts). */
  maxTokens?: Partial<Record<BudgetOp, number>>;
  /**
   * The gauge of the backend an operation uses: how its token counts compare with the driver's
   * estimate, kept across commands by the caller; unset, each request starts from no knowledge.
   */
  gauges?: (op: BudgetOp) => TokenGauge;
  /**
   * Loads what prompts read, for a story opened for its rows only (a segmented story's prompt window
   * reaches into the band below the leaf's): a sent turn is written before it, its projections after.
   * Unset: the story has it all.
   */
  window?: () => Promise<void>;
}

/**
 * Where streamed tokens come from. `attempt` counts from 0 and grows when a refused answer is asked
 * for again, or a cut one to go on (whose stream then begins with the text so far): text streamed under
 * an earlier attempt is void.
 */
export interface TokenSource {
  /** `suggestion`: a draft of the user's own next turn (suggest-turn.ts), theirs to read as it comes. */
  op: 'actor' | 'projector' | 'suggestion';
  audience?: string;
  actor?: string;
  /** The turn being projected (an actor's new turn has no id until it is stored). */
  turnId?: string;
  attempt: number;
}

export const DEFAULT_RETRIES = 2;
export const DEFAULT_CONCURRENCY = 4;

export type DriverFailureCode =
  | ModelFailureCode
  | 'prompt'
  | 'context-too-small'
  | 'stale-history'
  | 'no-candidates'
  | 'not-present'
  | 'unknown-participant';

/** Items on a path made from an earlier version of the story, as the person is asked about them. */
export interface StaleSummary {
  /** The turns holding a stale item (the turn itself or a view of it), in path order. */
  turns: string[];
  /** The path index of the first of them. */
  from: number;
  /** How many stale items are a person's text (edited by hand): both choices keep those as they are. */
  byHand: number;
  /** How many chronicle entries (what someone remembers of some turns) read those turns before they changed. */
  chronicles?: number; /**
   * The person's turns (written or edited by hand) after the first turn a rewrite writes again: a
   * rewrite copies each onto its new branch only when asked, else it stays on the old branch (H9).
   */
  handTurns?: HandTurn[];
}

/** A turn a person wrote or edited by hand, as the stale-history question names it (H9). */
export interface HandTurn {
  turnId: string;
  author: string;
  /** Who wrote it by hand for its author (H8); unset: the author. */
  writtenBy?: string;
  /** Its first words, enough to tell it apart. */
  opening: string;
}

export interface DriverFailure {
  ok: false;
  code: DriverFailureCode;
  detail: string;
  /** A turn that was stored before the failure (an authored turn whose projection then failed). */
  turnId?: string;
  /** With `stale-history`: what is stale; the command runs once it is given a StaleChoice. */
  stale?: StaleSummary;
}

export type DriverResult<T = object> = ({ ok: true } & T) | DriverFailure;

export const isoNow = (env: DriverEnv): string => new Date(env.clock()).toISOString();
