// Story JSON: the export/import format of a story, validated with zod on the way in.
import { z } from 'zod';
import { avatarSchema } from '../doc/avatar.ts';
import { promptPathSchema } from '../doc/prompt-overrides.ts';
import {
  auditSchema,
  checkpointSchema,
  chronicleEntrySchema,
  correctionSchema,
  memoryEditSchema,
  reviewSchema,
} from '../doc/chronicle.ts';
import { copiedFileSchema, storyPresetSchema, trashedPromptSchema } from '../doc/story-preset.ts';
import { storyBookSchema, storyWorldSchema } from '../doc/story-world.ts';
import { loreSettingsSchema } from '../doc/lore-book.ts';
import {
  cardSchema,
  languageSchema,
  participantKindSchema,
  povOriginSchema,
  storySettingsSchema,
  turnOriginSchema,
} from '../doc/schema.ts';
import { STORY_ID } from '../doc/story-id.ts';
import { MAX_NAME_CHARS, MAX_TITLE_CHARS } from './field-limits.ts';
import { turnRollsSchema } from '../doc/turn-rolls.ts';

export const STORY_JSON_FORMAT = 'rashomon.story';
export const STORY_JSON_VERSION = 1;

export const storyJsonPovSchema = z.object({
  perceived: z.boolean(),
  text: z.string(),
  origin: povOriginSchema.default('generated'),
  /** The fingerprint of what it was made from, so a stale view is stale after import; absent: fresh. */
  basis: z.string().min(1).optional(),
  /** A projection whose answer still stopped at its length limit (B6). */
  cut: z.boolean().optional(),
});

export const storyJsonTurnSchema = z.object({
  id: z.string().min(1),
  parent: z.string().min(1).nullable(),
  author: z.string().min(1),
  audiences: z.array(z.string().min(1)),
  origin: turnOriginSchema,
  source: z.string(),
  /** Generated turns: the fingerprint of the history it was made from (absent: fresh on import). */
  basis: z.string().min(1).optional(),
  /** A generated turn whose source a person edited by hand. */
  edited: z.boolean().optional(),
  /** A turn written by hand for its author by this participant (the user, with Write as). */
  writtenBy: z.string().min(1).optional(),
  /** A generated turn whose answer still stopped at its length limit (B6). */
  cut: z.boolean().optional(),
  createdAt: z.iso.datetime({ offset: true }).optional(),
  pov: z.record(z.string(), storyJsonPovSchema).default({}),
  /** The dice its character rolled while writing it, which stand (DI5); each must add up. */
  rolls: turnRollsSchema.optional(),
});

/**
 * A participant's chronicle (memories, state commits with their evidence, the person's reviews,
 * corrections and memory edits, checkpoints, audit), inside its own entry. Optional: older files, and
 * stories too short to have left anyone's window, have none.
 */
export const storyJsonChronicleSchema = z.object({
  entries: z.array(chronicleEntrySchema).default([]),
  reviews: z.array(reviewSchema).default([]),
  corrections: z.array(correctionSchema).default([]),
  memoryEdits: z.array(memoryEditSchema).default([]),
  checkpoints: z.array(checkpointSchema).default([]),
  audit: z.array(auditSchema).default([]),
});

export const storyJsonParticipantSchema = z.object({
  id: z.string().min(1),
  kind: participantKindSchema,
  name: z.string().trim().min(1).max(MAX_NAME_CHARS),
  present: z.boolean().default(true),
  persona: z.string().optional(),
  card: cardSchema.optional(),
  /** Removed from the story (C2); absent in files from before removal. */
  removed: z.boolean().optional(),
  avatar: avatarSchema.optional(),
  chronicle: storyJsonChronicleSchema.optional(),
});

/**
 * The story's own prompts: its overrides, the preset they came from and the trash of replaced copies.
 * Optional within story version 1 (a file without it is a story with none, so older files import
 * unchanged) and versioned on its own, so that it can grow without a new story version.
 */
export const STORY_JSON_PROMPTS_VERSION = 1;

export const storyJsonPromptsSchema = z.object({
  version: z.literal(STORY_JSON_PROMPTS_VERSION),
  /** '<lang>/<group>/<name>' → the story's override (an applied preset's copies are here too). */
  overrides: z.record(promptPathSchema, z.string()).default({}),
  /** Which preset the story came from and what each copied file held; null when none. */
  preset: storyPresetSchema
    .extend({ files: z.record(promptPathSchema, copiedFileSchema) })
    .nullable()
    .default(null),
  /** Copies a preset switch, re-apply or removal replaced, newest first. */
  trash: z.array(trashedPromptSchema.extend({ path: promptPathSchema })).default([]),
});

/** The story's world and lore (issue 15): optional and versioned on its own, as `prompts`. */
export const STORY_JSON_WORLD_VERSION = 1;

export const storyJsonWorldSchema = z.object({
  version: z.literal(STORY_JSON_WORLD_VERSION),
  world: storyWorldSchema.nullable().default(null),
  books: z.array(storyBookSchema).default([]),
  settings: loreSettingsSchema.default(loreSettingsSchema.parse({})),
});

export const storyJsonSchema = z.object({
  format: z.literal(STORY_JSON_FORMAT),
  version: z.literal(STORY_JSON_VERSION),
  /** The story's id is its sync room's name too (and goes into a shell command to share it). */
  id: z.string().regex(STORY_ID, 'a story id is 1-128 characters of A-Z a-z 0-9 _ -'),
  title: z.string().max(MAX_TITLE_CHARS),
  language: languageSchema,
  settings: storySettingsSchema.default({ batchReprojection: false, turnSelection: 'auto' }),
  participants: z.array(storyJsonParticipantSchema),
  turns: z.array(storyJsonTurnSchema),
  activeLeaf: z.string().min(1).nullable(),
  prompts: storyJsonPromptsSchema.optional(),
  world: storyJsonWorldSchema.optional(),
});

export type StoryJson = z.infer<typeof storyJsonSchema>;
export type StoryJsonPrompts = z.infer<typeof storyJsonPromptsSchema>;
export type StoryJsonWorld = z.infer<typeof storyJsonWorldSchema>;
export type StoryJsonChronicle = z.infer<typeof storyJsonChronicleSchema>;
export type StoryJsonInput = z.input<typeof storyJsonSchema>;
