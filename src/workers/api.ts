// The one table of everything that crosses the worker boundary: commands (DriverApi, the sum of the
// parts in api/) and pushes (DriverEvent). The app imports this file as types only; the worker
// implements it. Each part names its commands and their types; this file joins them and re-exports
// every type the app needs, so that src/app imports this one file.
import type { Phase, TokenSource } from '../driver/env.ts';
import type { DownloadEvent } from '../backends/reports.ts';
import type { AssistantApi, AssistantTurnsApi, PresetAssistantApi } from './api/assistant.ts';
import type { CastApi } from './api/cast.ts';
import type { ContinueSuggestApi } from './api/continue-suggest.ts';
import type { DeviceApi } from './api/device.ts';
import type { DiceApi } from './api/dice.ts';
import type { EditApi } from './api/edit.ts';
import type { EvalApi } from './api/eval.ts';
import type { GenerationApi } from './api/generation.ts';
import type { ImportApi } from './api/import.ts';
import type { LibraryApi } from './api/library.ts';
import type { LibraryCardsApi } from './api/library-cards.ts';
import type { PathApi } from './api/path.ts';
import type { PlayApi } from './api/play.ts';
import type { PlotHintApi } from './api/plot-hint.ts';
import type { PresetLibraryApi } from './api/preset-library.ts';
import type { ProblemsApi } from './api/problems.ts';
import type { PromptsApi } from './api/prompts.ts';
import type { Peer, SyncApi, SyncStatus } from './api/sync.ts';
import type { ViewsApi } from './api/views.ts';
import type { LoreTestApi, WorldApi } from './api/world.ts';

export type * from './api/result.ts';
export type * from './api/assistant.ts';
export type * from './api/cast.ts';
export type * from './api/continue-suggest.ts';
export type * from './api/device.ts';
export type * from './api/dice.ts';
export type * from './api/edit.ts';
export type * from './api/eval.ts';
export type * from './api/generation.ts';
export type * from './api/import.ts';
export type * from './api/library.ts';
export type * from './api/library-cards.ts';
export type * from './api/path.ts';
export type * from './api/play.ts';
export type * from './api/plot-hint.ts';
export type * from './api/preset-library.ts';
export type * from './api/problems.ts';
export type * from './api/prompts.ts';
export type * from './api/sync.ts';
export type * from './api/views.ts';
export type * from './api/world.ts';

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
  | DownloadEvent
  | ({ kind: 'sync' } & SyncStatus)
  /** Other devices in a story's room, whenever one comes, goes or moves. */
  | { kind: 'presence'; storyId: string; peers: Peer[] };

export interface DriverApi
  extends
    LibraryApi,
    ViewsApi,
    PlayApi,
    EditApi,
    PromptsApi,
    DeviceApi,
    SyncApi,
    WorldApi,
    LoreTestApi,
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
  // pushes
  subscribe(listener: (event: DriverEvent) => void): Promise<void>;
}

// --- Types the app needs from the driver and the worker, re-exported so that src/app imports this one
// file only (eslint.config.js forbids src/app any other import from src/driver or src/workers). ---
export type { Given, RequestPart } from '../driver/doc/given.ts';
export type { Card, Language, SamplingSetting } from '../driver/doc/schema.ts';
export type { Sampling } from '../driver/doc/library-presets.ts';
export type { TextDeltaOp } from '../driver/doc/text-edit.ts';
export type { Phase } from '../driver/env.ts';
export type { ContextSource } from '../driver/model.ts';
export type { PresetStatus } from '../driver/presets/status.ts';
export type { PresetSummary } from '../driver/presets/summary.ts';
export type { StoryJson } from '../driver/story-json/schema.ts';
export type { Audit, ChronicleEvent, Memory, StateChange, StateDomain } from '../driver/doc/chronicle.ts';
export type { DeviceSettings, OperationProfiles, SharedStory } from './store/device-settings.ts';
export type { AnswerOperation, BackendProfile } from '../backends/profile.ts';
