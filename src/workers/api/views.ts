// The part of the worker's API that the story screen reads: the user's transcript slices, the
// turn inspector's view of one turn and what its requests were given, and "What X remembers".
// Re-exported by api.ts, the one file the app imports.
import type { StaleSummary } from '../../driver/env.ts';
import type { Given } from '../../driver/doc/given.ts';
import type { ChatMessage } from '../../driver/model.ts';
import type { Audit, ChronicleEvent, Memory, StateChange, StateDomain } from '../../driver/doc/chronicle.ts';
import type { Language, Participant, StorySettings } from '../../driver/doc/schema.ts';
import type { Result } from './result.ts';

export interface StoryOverview {
  id: string;
  title: string;
  language: Language;
  settings: StorySettings;
  participants: Participant[];
  /** Turns on the active path. */
  length: number;
  userId: string;
}

/** One row of the user's transcript. `nothing`: the user perceived nothing (an interstitial row). */
export interface TranscriptRow {
  turnId: string;
  index: number;
  author: string;
  authorName: string;
  kind: 'own' | 'perceived' | 'nothing' | 'missing';
  text: string;
  stale: boolean;
  /** Position among its siblings (for ‹ 2/3 ›). */
  sibling: { index: number; count: number };
  /** The alternatives at this turn's place, itself included, oldest first (for switchBranch). */
  siblings: string[];
  /** 'generated': a character's model-written turn (Regenerate makes an alternative of it). */
  origin: 'authored' | 'generated';
  /** The reader wrote this turn by hand for its author (Write as): `kind` is 'own', `text` what they wrote. */
  writtenByReader?: true;
  /** The dice its character rolled, on a row the reader wrote or perceived (DI8); absent when none. */
  rolls?: RowRoll[];
  /** Its text is a model's answer that stopped at its length limit (B6): it ends where it was cut. */
  cut?: true;
}

/** A roll as a row shows it: the notation, each die, the total, and `shown` ("3 + 4 + 1 = 8"). */
export interface RowRoll {
  notation: string;
  dice: number[];
  total: number;
  shown: string;
}

export interface TranscriptSlice {
  /** Rows of turns on the active path the user attended, in order, within [start, end) of the path. */
  rows: TranscriptRow[];
  /** Path length, so a virtual list knows the full extent. */
  length: number;
  /**
   * Rows at the start of the path (indices 0 … notHere − 1) this device does not hold although the
   * part above its first row was opened here: never received (a new device offline before its
   * background fetch reached them). 0 when every row asked for is here or not asked for yet.
   */
  notHere: number;
  /** What on the active path was made from an earlier version of the story (the person decides). */
  stale: StaleSummary | null;
  /** Views on the active path not made yet, everyone's (an imported chat's, to be projected). */
  missing: number;
}

export type ItemBadge = 'missing' | 'stale' | 'fresh';

/** One lore entry a request held, as the story's books name it now ('' when the book no longer has it). */
export interface FiredLoreRow {
  bookName: string;
  title: string;
  /** Carried by sticky from an earlier request, not fired by this one's text. */
  carried: boolean;
}

/** What a request was given, with the lore entries it held. */
export type GivenView = Given & { fired?: FiredLoreRow[] };

export interface TurnInspection {
  turnId: string;
  author: string;
  origin: 'authored' | 'generated';
  source: string;
  stale: boolean;
  /** A model-written turn whose source was edited by hand. */
  edited: boolean;
  /** Its source stopped at the model's length limit (B6). */
  cut?: true;
  /** What the request that wrote it was given (a generated turn, when stored). */
  given?: GivenView;
  variants: Array<{
    audience: string;
    name: string;
    badge: ItemBadge;
    perceived: boolean;
    text: string;
    edited: boolean;
    /** Its text stopped at the model's length limit (B6). */
    cut?: true;
    /** What the request that projected it was given, when stored. */
    given?: GivenView;
  }>;
}

/** A request's full text, rebuilt from the story as it is now (see TurnInspection.given for what was asked). */
export interface TurnRequest {
  messages: ChatMessage[];
  promptTokens: number;
  /** Counted by the backend, not estimated. */
  exact: boolean;
  context: number;
  maxTokens: number;
}

/** "What X remembers": one participant's chronicle on the active path. */
export interface MemoryView {
  participant: string;
  name: string;
  /** Oldest first; `byPerson`: added by the person, not by the chronicler. */
  memories: Array<Memory & { byPerson: boolean }>;
  /** How things stand for it now (appearance, location, inventory, conditions, and what was accepted). */
  state: Array<{ subject: string; subjectName: string; domain: StateDomain; value: string }>;
  /** Changes of relationship, knowledge or goals waiting for the person: accept, amend or reject. */
  pending: Array<StateChange & { subjectName: string }>;
  events: ChronicleEvent[];
  uncertainties: string[];
  /** What chronicler answers about turns on this path held that was refused, and why; newest first. */
  audit: Audit[];
  /** Entries a later edit of their turns made stale (the story's stale-history choice settles them). */
  staleEntries: number;
  /** Turns it has memories of (those that left its window). */
  chronicledTurns: number;
}

/** A change to someone's memory, by the person. */
export type MemoryEditInput =
  | { kind: 'review'; changeId: string; decision: 'accepted' | 'rejected' }
  | { kind: 'amend'; changeId: string; value: string }
  | { kind: 'correct'; subject: string; domain: StateDomain; value: string }
  | { kind: 'add-memory'; text: string; importance: number }
  | { kind: 'forget-memory'; memoryId: string };

/** The turn inspector's reads of one turn. */
export interface InspectApi {
  inspectTurn(storyId: string, turnId: string): Promise<Result<{ turn: TurnInspection }>>;
  /** The full request that wrote a turn (no audience) or projected it to `audience`, rebuilt now. */
  turnRequest(storyId: string, turnId: string, audience?: string): Promise<Result<{ request: TurnRequest }>>;
}

/** "What X remembers", read and corrected. */
export interface MemoryApi {
  /** What a participant remembers, on the active path. */
  memory(storyId: string, participantId: string): Promise<Result<{ memory: MemoryView }>>;
  /** The person reviews, corrects or adds to what a participant remembers (at the active path's end). */
  editMemory(storyId: string, participantId: string, edit: MemoryEditInput): Promise<Result>;
}

export interface ViewsApi extends InspectApi, MemoryApi {
  openStory(storyId: string): Promise<Result<{ story: StoryOverview }>>;
  /**
   * A range of the active path as `participant` (default: the user) wrote and perceived it. Another
   * participant's is "Read as", for the person's eyes: no model request is ever made from it.
   */
  transcript(
    storyId: string,
    range?: { start?: number; end?: number },
    participant?: string,
  ): Promise<Result<TranscriptSlice>>;
}
