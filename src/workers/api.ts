// The one table of everything that crosses the worker boundary: commands (DriverApi) and pushes
// (DriverEvent). The app imports this file as types only; the worker implements it.
import type { Language, Participant, StorySettings } from '../driver/doc/schema.ts';
import type { StoryJson } from '../driver/story-json/schema.ts';
import type { LibraryCharacter, Persona } from '../driver/doc/library-doc.ts';
import type { BackendProfile, DeviceSettings, SharedStory } from './store/device-settings.ts';
export type { Pairing, PairingProblem, PairingRead } from './sync/pairing-link.ts';
import type {
  DriverFailure,
  DriverFailureCode,
  HandTurn,
  Phase,
  StaleSummary,
  TokenSource,
} from '../driver/env.ts';
import type { StaleChoice } from '../driver/views/stale-history.ts';
import type { TextDeltaOp } from '../driver/doc/text-edit.ts';
import type { PairingRead } from './sync/pairing-link.ts';
import type { Peer, PresenceState } from './sync/presence-state.ts';
import type { Access } from '../../sync-server/protocol.ts';
import type { PromptFileProblem, PromptLayer } from '../driver/prompts/resolve.ts';
import type { PresetSummary } from '../driver/presets/summary.ts';
import type { PresetStatus } from '../driver/presets/status.ts';
import type { SillyTavernReport } from '../driver/presets/sillytavern.ts';
import type { ContextSource } from '../driver/model.ts';
import type { NewStoryWorld, WorldApi } from './api-world.ts';
import type { GenerationApi } from './api-generation.ts';
import type { ImportApi } from './api-import.ts';
import type { ContinueSuggestApi } from './api-continue-suggest.ts';
import type { EvalApi } from './api-eval.ts';
export type * from './api-eval.ts';
export type { Given, RequestPart } from '../driver/doc/given.ts';
export type * from './api-world.ts';
export type * from './api-generation.ts';
export type * from './api-import.ts';
export type * from './api-continue-suggest.ts';
import type { PlotHintApi } from './api-plot-hint.ts';
export type * from './api-plot-hint.ts';
import type { DiceApi } from './api-dice.ts';
export type * from './api-dice.ts';
import type { Branched, PathApi } from './api-path.ts';
export type * from './api-path.ts';
import type { CastApi } from './api-cast.ts';
export type * from './api-cast.ts';
import type { LibraryCardsApi } from './api-library-cards.ts';
export type * from './api-library-cards.ts';
import type { AssistantApi } from './api-assistant.ts';
import type { PresetAssistantApi } from './api-preset-assistant.ts';
import type { PresetLibraryApi } from './api-preset-library.ts';
export type * from './api-preset-library.ts';
import type { AssistantTurnsApi } from './api-assistant-turns.ts';
export type * from './api-assistant.ts';
import type { ProblemsApi } from './api-problems.ts';
export type * from './api-problems.ts';
export type * from './api-views.ts';
import type {
  MemoryEditInput,
  MemoryView,
  TranscriptSlice,
  TurnInspection,
  TurnRequest,
} from './api-views.ts';

/**
 * The one failure shape across the boundary: the driver's (code, detail in words the person can act
 * on, and with some codes the turn stored before it or the stale history), plus the worker's codes.
 */
export type Failure = Omit<DriverFailure, 'code'> & {
  code: DriverFailureCode | 'not-found' | 'busy' | 'needs-approval';
};

/** The person saw a preset's rules-prompt warning and approved applying it. */
export interface PresetApproval {
  approveRules?: boolean;
}
export type Result<T = object> = ({ ok: true } & T) | Failure;

export interface StorySummary {
  id: string;
  title: string;
  createdAt: string;
  lastActivity: string;
  participants: string[];
  /** Turns on the active path; absent for a story not counted since it was listed. */
  turns?: number | undefined;
  /** Parts another device wrote that cannot be read (the story opens without them); absent: none counted. */
  unreadable?: number | undefined;
  /** The server of the collaborator's link it was joined with; absent: one of the person's own stories. */
  joinedFrom?: string | undefined;
}

export interface NewStoryInput {
  title: string;
  language: Language;
  user: { name: string; persona?: string };
  characters: Array<{ name: string; card?: Participant['card']; present?: boolean }>;
  /** A library world the story starts with (copied into it), and who knows what at the start. */
  world?: NewStoryWorld;
  /** Library lorebooks attached to the story itself (the world's, characters' and persona's come along). */
  books?: string[];
  /**
   * The story's first turn: one of a character's greetings (its card's first message or another
   * opening), by that character (its name, as in `characters`), perceived by everyone as written.
   */
  opening?: { character: string; text: string };
  /**
   * The start dialog's preset, applied over the world's prompts: an id, or null for none even when the
   * world suggests one; absent: the world's suggestion, below its prompts (SPEC PL4).
   */
  preset?: string | null;
  /** The person approved the rules prompts of the chosen or suggested preset (SPEC PL2). */
  approvePresetRules?: boolean;
}

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

export type PromptScope = { kind: 'library' } | { kind: 'story'; storyId: string };

/** One prompt as the editor shows it: the shipped original, each layer's edit, and what is used. */
export interface PromptEntry {
  /** '<lang>/<group>/<name>'. */
  path: string;
  /** '<group>/<name>'. */
  id: string;
  language: Language;
  shipped: string;
  library?: string;
  story?: string;
  /** The text requests use: the highest layer present. */
  text: string;
  from: PromptLayer;
  variables: readonly string[];
  /** A prose prompt (persona, style, character-style); any other is a rules prompt, edited with care. */
  prose: boolean;
  problem?: string;
}

export type ActChoice = { auto: true } | { actor: string };

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
}

export interface ConnectionReport {
  ok: boolean;
  /** reachable → authorized → model found; the first failing step, with `detail` saying what to do. */
  code?: 'unreachable' | 'cors' | 'unauthorized' | 'model-not-found' | 'no-models';
  detail: string;
  models: string[];
}

/** What Settings shows of a backend profile's context: what requests are fitted into, and why. */
export interface ModelLimitsReport {
  /** What requests are fitted into: the profile's setting when set, else what was detected; null: neither. */
  contextTokens: number | null;
  source?: ContextSource;
  /** What the server or the model's record says the model runs with (null: nothing says), even under a setting. */
  detected: number | null;
  /** The model's trained length, where the server tells it beside what it runs with (Ollama, LM Studio). */
  trainedTokens?: number;
  /** Where `detected` comes from, in words. */
  detail: string;
  /** The server runs the model with less context than it was trained for (Ollama): what it costs and the fix. */
  warning?: string;
  /** How the server keeps each participant's prompt, and the setting that helps, where it says which server it is. */
  promptKeeping?: string;
}

export interface EndpointPreset {
  id: string;
  label: string;
  baseURL: string;
  /** How to let a web page reach it when the browser blocks the request (CORS). */
  corsHelp: string;
}

export interface WebGpuStatus {
  available: boolean;
  shaderF16: boolean;
  /** Why in-browser models cannot run here, and what to use instead. */
  detail: string;
}

export interface WebllmModel {
  id: string;
  downloadMB: number;
  memoryMB: number;
  lowResource: boolean;
  fitsDevice: boolean;
  cached: boolean;
}

export type DriverEvent =
  | { kind: 'library-changed' }
  | { kind: 'story-changed'; storyId: string; turnIds: string[]; participants: boolean; meta: boolean }
  /** Deleted on another device or in another tab: closed here and its local copy cleared. */
  | { kind: 'story-deleted'; storyId: string }
  | { kind: 'phase'; storyId: string; phase: Phase | null }
  /**
   * The story's background work (the views nobody waited for, then memories): `pending` views of the
   * active path still to write; `running` while it writes them; `failure` when it stopped on one (it
   * tries again with the next command, or `resumeBackground`).
   */
  | { kind: 'background'; storyId: string; pending: number; running: boolean; failure?: string }
  /** Streamed text; a higher `attempt` for the same stream voids what earlier attempts sent. */
  | ({ kind: 'tokens'; storyId: string; text: string } & TokenSource)
  | {
      kind: 'download';
      modelId: string;
      progress: number;
      loadedMB: number;
      totalMB: number;
      secondsLeft?: number;
      text: string;
    }
  | ({ kind: 'sync' } & SyncStatus)
  /** Other devices in a story's room, whenever one comes, goes or moves. */
  | { kind: 'presence'; storyId: string; peers: Peer[] };

/**
 * Sync with the server, per room and overall (the worst room): `off` no server set; `syncing`
 * connecting or catching up; `connected` up to date and live; `offline` no answer (edits stay on this
 * device and go out on reconnect); `refused` the server turned the token down (retrying stopped);
 * `too-large` a change is over the server's message limit (retrying stopped).
 */
export type SyncState = 'off' | 'connected' | 'syncing' | 'offline' | 'refused' | 'too-large';

export interface SyncRoomStatus {
  /** 'library' or a story id (a joined story's too). */
  room: string;
  status: Exclude<SyncState, 'off'>;
  detail: string;
}

export interface SyncStatus {
  status: SyncState;
  /** What the state means here and what to do, for a tooltip or the settings. */
  detail: string;
  rooms?: SyncRoomStatus[];
}

/** The sync settings' Test button: the access probe's answer. */
export interface SyncTestReport {
  ok: boolean;
  /** owner: opens every room; room: one story only (the library does not sync with it). */
  access?: Access;
  /** Why not, with `detail` saying what to do. */
  code?: 'refused' | 'unreachable' | 'invalid';
  detail: string;
}

export type { Peer, PresenceState };

export interface DriverApi
  extends
    WorldApi,
    ImportApi,
    ContinueSuggestApi,
    PlotHintApi,
    DiceApi,
    PathApi,
    CastApi,
    GenerationApi,
    LibraryCardsApi,
    EvalApi,
    AssistantApi,
    ProblemsApi,
    PresetAssistantApi,
    PresetLibraryApi,
    AssistantTurnsApi {
  // library
  listStories(): Promise<StorySummary[]>;
  /** `notices`: what the person should know of the start (a suggested preset that could not be used). */
  createStory(input: NewStoryInput): Promise<Result<{ storyId: string; notices?: string[] }>>;
  /** Characters and personas saved in the library (every story's new ones are added). */
  libraryCast(): Promise<{ characters: LibraryCharacter[]; personas: Persona[] }>;
  deleteStory(storyId: string): Promise<Result>;
  importStory(json: unknown): Promise<Result<{ storyId: string }>>;
  /**
   * Waits for the story's background work, then exports; `unwritten` counts the views it could not
   * write (stopped or failed), which the file goes without.
   */
  exportStory(storyId: string): Promise<Result<{ story: StoryJson; unwritten: number }>>;
  // views of one story
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
  inspectTurn(storyId: string, turnId: string): Promise<Result<{ turn: TurnInspection }>>;
  /** The full request that wrote a turn (no audience) or projected it to `audience`, rebuilt now. */
  turnRequest(storyId: string, turnId: string, audience?: string): Promise<Result<{ request: TurnRequest }>>;
  /** What a participant remembers, on the active path. */
  memory(storyId: string, participantId: string): Promise<Result<{ memory: MemoryView }>>;
  /** The person reviews, corrects or adds to what a participant remembers (at the active path's end). */
  editMemory(storyId: string, participantId: string, edit: MemoryEditInput): Promise<Result>;
  // playing
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
  // editing
  /** Refused (nothing written) when it would leave the source empty. */
  editSource(storyId: string, turnId: string, delta: TextDeltaOp[]): Promise<Result>;
  /** Refused when it would leave the view empty: "perceived nothing" is markPerceivedNothing. */
  editPov(storyId: string, turnId: string, audience: string, delta: TextDeltaOp[]): Promise<Result>;
  markPerceivedNothing(storyId: string, turnId: string, audience: string): Promise<Result>;
  regenerateProjection(storyId: string, turnId: string, audience: string): Promise<Result>;
  regenerateFrom(storyId: string, turnId: string, opts?: { stale?: StaleChoice }): Promise<Result>;
  keepAsIs(storyId: string, turnId: string, audience?: string): Promise<Result>;
  switchBranch(storyId: string, turnId: string): Promise<Result>;
  /** Ends the active path at `turnId`: the next turn starts a new branch there (the later turns stay). */
  branchFrom(storyId: string, turnId: string): Promise<Result<Branched>>;
  // prompts and presets
  listPrompts(
    language: Language,
    storyId?: string,
  ): Promise<Result<{ prompts: PromptEntry[]; problems: Array<PromptFileProblem & { layer: PromptLayer }> }>>;
  setPrompt(scope: PromptScope, path: string, text: string): Promise<Result>;
  restorePrompt(scope: PromptScope, path: string): Promise<Result>;
  listPresets(): Promise<PresetSummary[]>;
  /** The prose goes into every shipped language; the report and a refusal are in `reportLanguage`. */
  importSillyTavernPreset(
    json: unknown,
    options: { title: string; reportLanguage: Language },
  ): Promise<Result<{ presetId: string; report: SillyTavernReport }>>;
  /** The same from a file's text, read as every import reads JSON (a BOM dropped, a damaging nesting refused). */
  importSillyTavernPresetText(
    text: string,
    options: { title: string; reportLanguage: Language },
  ): Promise<Result<{ presetId: string; report: SillyTavernReport }>>;
  storyPreset(storyId: string): Promise<Result<{ preset: PresetStatus }>>;
  /** A preset carrying rules prompts needs `approveRules` (SPEC PL2): refused as `needs-approval` with its warning. */
  applyPreset(storyId: string, presetId: string, options?: PresetApproval): Promise<Result>;
  reapplyPreset(storyId: string, options?: PresetApproval): Promise<Result>;
  removeStoryPreset(storyId: string): Promise<Result>;
  // device
  getDeviceSettings(): Promise<DeviceSettings>;
  /** Why the settings saved on this device could not be used (the defaults are in use), or null. */
  settingsProblem(): Promise<string | null>;
  setDeviceSettings(settings: DeviceSettings): Promise<Result>;
  endpointPresets(): Promise<EndpointPreset[]>;
  testConnection(endpoint: { baseURL: string; apiKey?: string; model?: string }): Promise<ConnectionReport>;
  probeLocalServers(): Promise<Array<{ preset: EndpointPreset; report: ConnectionReport }>>;
  /** Asks the profile's server (or its model's record) for the context, as the profile stands (saved or not). */
  modelLimits(profile: BackendProfile): Promise<ModelLimitsReport>;
  webgpuStatus(): Promise<WebGpuStatus>;
  webllmModels(): Promise<WebllmModel[]>;
  downloadWebllmModel(modelId: string): Promise<Result>;
  deleteWebllmModel(modelId: string): Promise<Result>;
  // sync and presence
  syncStatus(): Promise<SyncStatus>;
  testSync(target: { serverURL: string; token: string }): Promise<SyncTestReport>;
  /**
   * Joins one story with a collaborator's room token (from their link): saved in the device settings
   * beside the device's own pairing, synced with its own server and token; it is listed once it arrives.
   * Joining a story again replaces its server and token.
   */
  joinSharedStory(story: SharedStory): Promise<Result>;
  /**
   * Reads a pairing link (a whole pasted link, or the address bar's fragment): null when the text
   * holds none; else the server, token (and a shared story's room), or why it cannot be used.
   */
  readPairingLink(text: string): Promise<PairingRead>;
  /** Stops syncing a joined story; its copy on this device stays. */
  leaveSharedStory(room: string): Promise<Result>;
  /** Shares where this device is in a story with its room's peers; null stops sharing. */
  setPresence(storyId: string, state: PresenceState | null): Promise<Result>;
  /** Peers in a story's room now (later changes come as 'presence' events). */
  presence(storyId: string): Promise<Peer[]>;
  // pushes
  subscribe(listener: (event: DriverEvent) => void): Promise<void>;
}

// --- Types the app needs from the driver and the worker, re-exported so that src/app imports this one
// file only (eslint.config.js forbids src/app any other import from src/driver or src/workers). ---
export type { Card, Language, SamplingSetting } from '../driver/doc/schema.ts';
export type { Sampling } from '../driver/doc/library-presets.ts';
export type { TextDeltaOp } from '../driver/doc/text-edit.ts';
export type { Phase } from '../driver/env.ts';
export type { ContextSource } from '../driver/model.ts';
export type { PresetStatus } from '../driver/presets/status.ts';
export type { PresetSummary } from '../driver/presets/summary.ts';
export type { StoryJson } from '../driver/story-json/schema.ts';
export type { Audit, ChronicleEvent, Memory, StateChange, StateDomain } from '../driver/doc/chronicle.ts';
export type {
  AnswerOperation,
  BackendProfile,
  DeviceSettings,
  OperationProfiles,
  SharedStory,
} from './store/device-settings.ts';
