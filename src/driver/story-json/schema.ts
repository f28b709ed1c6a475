// Story JSON: the export/import format of a story, validated with zod on the way in.
import { z } from 'zod';
import {
  cardSchema,
  languageSchema,
  participantKindSchema,
  povOriginSchema,
  storySettingsSchema,
  turnOriginSchema,
} from '../doc/schema.ts';

export const STORY_JSON_FORMAT = 'rashomon.story';
export const STORY_JSON_VERSION = 1;

export const storyJsonPovSchema = z.object({
  perceived: z.boolean(),
  text: z.string(),
  origin: povOriginSchema.default('generated'),
});

export const storyJsonTurnSchema = z.object({
  id: z.string().min(1),
  parent: z.string().min(1).nullable(),
  author: z.string().min(1),
  audiences: z.array(z.string().min(1)),
  origin: turnOriginSchema,
  source: z.string(),
  createdAt: z.iso.datetime({ offset: true }).optional(),
  pov: z.record(z.string(), storyJsonPovSchema).default({}),
});

export const storyJsonParticipantSchema = z.object({
  id: z.string().min(1),
  kind: participantKindSchema,
  name: z.string().trim().min(1),
  present: z.boolean().default(true),
  persona: z.string().optional(),
  card: cardSchema.optional(),
});

export const storyJsonSchema = z.object({
  format: z.literal(STORY_JSON_FORMAT),
  version: z.literal(STORY_JSON_VERSION),
  id: z.string().min(1),
  title: z.string(),
  language: languageSchema,
  settings: storySettingsSchema.default({ batchReprojection: false, turnSelection: 'auto' }),
  participants: z.array(storyJsonParticipantSchema),
  turns: z.array(storyJsonTurnSchema),
  activeLeaf: z.string().min(1).nullable(),
});

export type StoryJson = z.infer<typeof storyJsonSchema>;
export type StoryJsonInput = z.input<typeof storyJsonSchema>;
