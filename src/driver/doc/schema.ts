// Record kinds of the story document: zod schemas, the types derived from them, and defaults.
// Imported data, sync peers and settings are parsed with these; code inside trusts the types.
import { z } from 'zod';
import { authorNoteSettingsShape } from './author-note.ts';
import { avatarSchema } from './avatar.ts';
import type { DiceRoll } from './turn-rolls.ts';

export const STORY_SCHEMA_VERSION = 1;

export const Language = { en: 'en', zh: 'zh' } as const;
export const languageSchema = z.enum([Language.en, Language.zh]);
export type Language = z.infer<typeof languageSchema>;

export const ParticipantKind = { user: 'user', character: 'character' } as const;
export const participantKindSchema = z.enum([ParticipantKind.user, ParticipantKind.character]);
export type ParticipantKind = z.infer<typeof participantKindSchema>;

export const TurnOrigin = { authored: 'authored', generated: 'generated' } as const;
export const turnOriginSchema = z.enum([TurnOrigin.authored, TurnOrigin.generated]);
export type TurnOrigin = z.infer<typeof turnOriginSchema>;

/**
 * Where a view's text comes from: a projection of ours, a person's edit, or another app's chat brought
 * in as it was (a SillyTavern chat's message is what everyone saw there).
 */
export const PovOrigin = { generated: 'generated', edited: 'edited', imported: 'imported' } as const;
export const povOriginSchema = z.enum([PovOrigin.generated, PovOrigin.edited, PovOrigin.imported]);
export type PovOrigin = z.infer<typeof povOriginSchema>;

/** A view that is the person's data (edited by hand, or imported): a rewrite keeps it, never regenerates it. */
export function isPersonsView(origin: PovOrigin): boolean {
  switch (origin) {
    case PovOrigin.generated:
      return false;
    case PovOrigin.edited:
    case PovOrigin.imported:
      return true;
    default:
      return origin satisfies never;
  }
}

export const TurnSelection = { auto: 'auto', manual: 'manual' } as const;
export const turnSelectionSchema = z.enum([TurnSelection.auto, TurnSelection.manual]);

export const CARD_FIELDS = [
  'description',
  'personality',
  'scenario',
  'firstMessage',
  'exampleDialogue',
] as const;
export const cardSchema = z.strictObject({
  description: z.string().optional(),
  personality: z.string().optional(),
  scenario: z.string().optional(),
  firstMessage: z.string().optional(),
  exampleDialogue: z.string().optional(),
});
export type Card = z.infer<typeof cardSchema>;

/** The range OpenAI-compatible servers accept for a temperature. */
export const temperatureSchema = z.number().min(0).max(2);
export const topPSchema = z.number().min(0).max(1);
/** The most stop strings OpenAI-compatible servers take in one request. */
export const MAX_STOP_STRINGS = 4;
export const stopSchema = z.array(z.string().min(1)).max(MAX_STOP_STRINGS);

export const storySettingsSchema = z.object({
  batchReprojection: z.boolean().default(false),
  turnSelection: turnSelectionSchema.default(TurnSelection.auto),
  /**
   * The story's own creative sampling: the actor's temperature and top-p. Unset (older stories too)
   * means the backend's defaults; applying a preset fills what is unset.
   */
  actorTemperature: temperatureSchema.optional(),
  actorTopP: topPSchema.optional(),
  /** The Author's Note told to every actor request at a depth of its window (doc/author-note.ts). */
  ...authorNoteSettingsShape,
  /** The story's own reply limit (the actor's max_tokens) and stop strings, over the backend's. */
  actorMaxTokens: z.int().positive().optional(),
  actorStop: stopSchema.optional(),
  /** Characters may roll dice while they write a turn (the `roll` tool, DI4); off unless set. */
  characterDice: z.boolean().optional(),
});
export type StorySettings = z.infer<typeof storySettingsSchema>;
/** The sampling part of a story's settings, the only settings a preset touches. */
export const storySamplingSchema = storySettingsSchema.pick({ actorTemperature: true, actorTopP: true });
export type StorySampling = z.infer<typeof storySamplingSchema>;
export const SAMPLING_SETTINGS = storySamplingSchema.keyof().options;
/** What a story sets of its actor's requests (a preset touches only the sampling part). */
export const storyGenerationSchema = storySettingsSchema.pick({
  actorTemperature: true,
  actorTopP: true,
  actorMaxTokens: true,
  actorStop: true,
  characterDice: true,
});
export type StoryGeneration = z.infer<typeof storyGenerationSchema>;
/** A change of some of them: null unsets one (the backend's applies again), a key left out stays. */
export const storyGenerationPatchSchema = z.object({
  actorTemperature: temperatureSchema.nullable().optional(),
  actorTopP: topPSchema.nullable().optional(),
  actorMaxTokens: z.int().positive().nullable().optional(),
  actorStop: stopSchema.nullable().optional(),
  characterDice: z.boolean().nullable().optional(),
});
export type StoryGenerationPatch = z.infer<typeof storyGenerationPatchSchema>;
export type SamplingSetting = (typeof SAMPLING_SETTINGS)[number];
export const DEFAULT_STORY_SETTINGS: StorySettings = { batchReprojection: false, turnSelection: 'auto' };

export const participantSchema = z.object({
  id: z.string().min(1),
  kind: participantKindSchema,
  name: z.string().trim().min(1),
  present: z.boolean(),
  persona: z.string().optional(),
  card: cardSchema.optional(),
  /** Removed from the story: out of the scene and the cast for good, its turns kept (rule C2). */
  removed: z.boolean().optional(),
  /** Its picture, shown beside its name (doc/avatar.ts). */
  avatar: avatarSchema.optional(),
});
export type Participant = z.infer<typeof participantSchema>;

export interface StoryMeta {
  id: string;
  schemaVersion: number;
  title: string;
  language: Language;
  createdAt: string;
  activeLeaf: string | null;
  settings: StorySettings;
}

export interface PovSnapshot {
  perceived: boolean;
  text: string;
  basis: string;
  origin: PovOrigin;
  model?: string;
  createdAt?: string;
  /** A projection whose answer still stopped at its length limit (B6): stored as the model left it, said to be cut. */
  cut?: true;
}

export interface TurnSnapshot {
  id: string;
  parent: string | null;
  author: string;
  audiences: string[];
  source: string;
  origin: TurnOrigin;
  basis?: string;
  /** A generated turn whose source a person changed by hand. */
  edited: boolean;
  /** A turn written by hand for its author by another participant (the user, with Write as). */
  writtenBy?: string;
  /** A generated turn whose answer still stopped at its length limit (B6); an edit by hand makes it whole. */
  cut?: true;
  createdAt: string;
  pov: Record<string, PovSnapshot>;
  /** The dice its character rolled while writing it, which stand (DI5); absent when none. */
  rolls?: DiceRoll[];
}

/** The sentinel that stands for "perceived nothing" in model context; never stored as text. */
export const EMPTY_SENTINEL = '<empty>';
