// Device-local settings: model backends (with API keys, and the person's context and answer lengths
// for each), which backend each operation uses, the sync server and its token, the stories joined with
// a collaborator's room token, and this device's name for co-editing. They live in the device's own
// storage — never in a Y.Doc, an export or a sync message — and are validated on every read.
import { z } from 'zod';
import { LIBRARY_ROOM, ROOM_NAME } from '../../../sync-server/protocol.ts';
import { MAX_REQUEST_TIMEOUT_S, MIN_REQUEST_TIMEOUT_S } from '../../driver/request-deadline.ts';

/** The operations whose answers have a length of their own (max_tokens) to set per backend. */
export const AnswerOperation = {
  actor: 'actor',
  projector: 'projector',
  selector: 'selector',
  chronicler: 'chronicler',
} as const;
export type AnswerOperation = (typeof AnswerOperation)[keyof typeof AnswerOperation];

/** More than any model's context (the longest are some 10 million tokens): a larger number is a slip. */
export const MAX_SETTING_TOKENS = 2 ** 24;
const tokens = z.int().positive().max(MAX_SETTING_TOKENS);

/**
 * The actor's sampling on a backend (driver/turns/sampling.ts reads it): the ranges servers accept, as
 * the story's settings have them, written out here because this module imports nothing that reaches
 * a document (D10).
 */
const backendSamplingSchema = z.object({
  temperature: z.number().min(0).max(2).optional(),
  topP: z.number().min(0).max(1).optional(),
  /** At most four, the most OpenAI-compatible servers take. */
  stop: z.array(z.string().min(1)).max(4).optional(),
});

/** What the person sets of a backend's lengths; unset, the server's (or record's) and the driver's apply. */
const profileLengths = {
  /** The context the model runs with, over what the server or the model's record says. */
  contextTokens: tokens.optional(),
  /** The most tokens one answer of an operation may take on this backend. */
  maxTokens: z.partialRecord(z.enum(AnswerOperation), tokens).optional(),
  /** The actor's temperature, top-p and stop strings on this backend, for stories that set none. */
  sampling: backendSamplingSchema.optional(),
};

export const openAIProfileSchema = z.object({
  id: z.string().min(1),
  label: z.string().default(''),
  kind: z.literal('openai'),
  baseURL: z.url(),
  apiKey: z.string().default(''),
  model: z.string().default(''),
  /** How long one request may take, its answer included; unset, DEFAULT_REQUEST_TIMEOUT_S. */
  requestTimeoutSeconds: z.int().min(MIN_REQUEST_TIMEOUT_S).max(MAX_REQUEST_TIMEOUT_S).optional(),
  /**
   * The server and model that refused a request with `tools` (an assistant turn): assistants ask them
   * for JSON instead. Kept with what refused, so another server or model set in the profile is asked anew.
   */
  refusedTools: z.object({ baseURL: z.string(), model: z.string() }).optional(),
  ...profileLengths,
});

export const webllmProfileSchema = z.object({
  id: z.string().min(1),
  label: z.string().default(''),
  kind: z.literal('webllm'),
  model: z.string().default(''),
  ...profileLengths,
});

export const backendProfileSchema = z.discriminatedUnion('kind', [openAIProfileSchema, webllmProfileSchema]);
export type BackendProfile = z.infer<typeof backendProfileSchema>;

/**
 * Which profile each operation uses; `default` covers the ones left unset. `authoring` is the
 * assistants' chats (a device's choice: a story's own choices never name it).
 */
export const operationProfilesSchema = z.object({
  default: z.string().optional(),
  actor: z.string().optional(),
  projector: z.string().optional(),
  selector: z.string().optional(),
  authoring: z.string().optional(),
});
export type OperationProfiles = z.infer<typeof operationProfilesSchema>;

/**
 * A story joined from a collaborator's link: its room (the story id) on its own server, opened with a
 * token for that room only. Room names as the sync server accepts them, never the library's room
 * (which a room token must not be tried on).
 */
export const sharedStorySchema = z.object({
  room: z
    .string()
    .regex(ROOM_NAME, 'a shared story’s room is 1-128 characters of A-Z a-z 0-9 _ -')
    .refine((room) => room !== LIBRARY_ROOM, 'the story list is not a shared story'),
  serverURL: z.url({ protocol: /^https?$/ }),
  token: z.string().trim().min(1),
});
export type SharedStory = z.infer<typeof sharedStorySchema>;

export const deviceSettingsSchema = z.object({
  version: z.literal(1).default(1),
  uiLanguage: z.enum(['en', 'zh']).default('en'),
  profiles: z.array(backendProfileSchema).default([]),
  operations: operationProfilesSchema.default({}),
  /** Per story, on this device: profiles chosen for that story's operations over the defaults. */
  storyOperations: z.record(z.string(), operationProfilesSchema).default({}),
  sync: z.object({ serverURL: z.url(), token: z.string() }).optional(),
  /** How this device is named to others co-editing a story (presence); the story's player name when unset. */
  deviceName: z.string().trim().max(80).optional(),
  /** Stories joined with a room token, each syncing with its own server; the device's `sync` is apart. */
  sharedStories: z.array(sharedStorySchema).default([]),
});
export type DeviceSettings = z.infer<typeof deviceSettingsSchema>;

export const DEFAULT_DEVICE_SETTINGS: DeviceSettings = deviceSettingsSchema.parse({});

/** What was wrong with stored settings that could not be used (defaults are in use instead). */
export type SettingsProblem = { code: 'not-json' } | { code: 'invalid'; issue: string };

export type SettingsRead =
  { ok: true; settings: DeviceSettings } | { ok: false; settings: DeviceSettings; problem: SettingsProblem };

/** Parses stored settings text (null: nothing stored yet). Invalid text gives defaults and what was wrong. */
export function parseDeviceSettings(raw: string | null): SettingsRead {
  if (raw === null) return { ok: true, settings: DEFAULT_DEVICE_SETTINGS };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, settings: DEFAULT_DEVICE_SETTINGS, problem: { code: 'not-json' } };
  }
  const parsed = deviceSettingsSchema.safeParse(json);
  return parsed.success
    ? { ok: true, settings: parsed.data }
    : {
        ok: false,
        settings: DEFAULT_DEVICE_SETTINGS,
        problem: { code: 'invalid', issue: parsed.error.issues[0]?.message ?? '' },
      };
}

/** What a backend is chosen for: a driver operation, or the assistants' chats. */
export type BackendRole = 'actor' | 'projector' | 'selector' | 'authoring';

/** The profile an operation of a story uses: the story's choice, else the operation's, else the default. */
export function profileFor(
  settings: DeviceSettings,
  storyId: string,
  op: BackendRole,
): BackendProfile | undefined {
  const story = settings.storyOperations[storyId] ?? {};
  const ids = [story[op], story.default, settings.operations[op], settings.operations.default];
  for (const id of ids) {
    const profile = id && settings.profiles.find((p) => p.id === id);
    if (profile) return profile;
  }
  return settings.profiles[0];
}

/**
 * The most tokens an answer of `op` may take on this backend: the person's setting, or undefined
 * when unset (the driver's default for the operation applies).
 */
export function maxTokensFor(profile: BackendProfile, op: AnswerOperation): number | undefined {
  return profile.maxTokens?.[op];
}
