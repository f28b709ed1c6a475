// What the worker's command handlers share: the documents, device settings, model backends, the
// clock and ids, and the event stream to the UI.
import type { SettingsStore } from '../store/settings-store.ts';
import type { PictureStore } from '../store/picture-store.ts';
import type { BackendRole } from '../store/device-settings.ts';
import type { BackendProfile } from '../../backends/profile.ts';
import type { TokenGauge } from '../../driver/budget/token-gauge.ts';
import type { PromptSet } from '../../driver/prompts/render.ts';
import type { ChatModel, ModelFailure } from '../../driver/model.ts';
import type { BudgetOp } from '../../driver/env.ts';
import type { DriverEvent, Failure } from '../api.ts';
import type { OpenStory, StoryStore } from '../store/story-store.ts';
import type { Timers } from './token-batcher.ts';
import { uiText } from '../i18n/ui-text.ts';

export interface HostContext {
  store: StoryStore;
  settings: SettingsStore;
  /** This device's pictures (a card's original, expressions): never synced. */
  pictures: PictureStore;
  prompts: PromptSet;
  clock: () => number;
  newId: () => string;
  timers: Timers;
  /**
   * The gauge of a backend profile's token counts for one operation, kept for the worker's life: each
   * operation's requests are alike, so each learns a steady ratio and its windows stay put.
   */
  gaugeFor(profile: BackendProfile | undefined, op: BudgetOp): TokenGauge;
  /** The model an operation of a story uses, from this device's settings. */
  modelFor(storyId: string, op: BackendRole): Promise<ChatModel | ModelFailure>;
  emit(event: DriverEvent): void;
  /**
   * Opens a story or says why it cannot be opened. `showing`: only its rows or its root are read
   * (opening it, a transcript slice, what its screen shows beside them: its world, its generation
   * settings, its problems, its prompts), so a segmented story's prompt window need not be loaded yet.
   */
  story(storyId: string, showing?: boolean): Promise<OpenStory | Failure>;
}

export const notFound = (storyId: string): Failure => ({
  ok: false,
  code: 'not-found',
  detail: uiText('No story {storyId} on this device.', { storyId }),
});

export const noTurn = (turnId: string): Failure => ({
  ok: false,
  code: 'not-found',
  detail: uiText('No turn {turnId} in this story.', { turnId }),
});

export const isFailure = (x: unknown): x is Failure =>
  typeof x === 'object' && x !== null && (x as { ok?: unknown }).ok === false;
