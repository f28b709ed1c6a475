// Device-local settings: model backends (with API keys, and the person's context and answer lengths
// for each), which backend each operation uses, the sync server and its token, the stories joined with
// a collaborator's room token, and this device's name for co-editing. They live in the device's own
// storage — never in a Y.Doc, an export or a sync message — and are validated on every read.
import { z } from 'zod';
import { LIBRARY_ROOM, ROOM_NAME } from '../../../sync-server/protocol.ts';
import { AnswerOperation, backendProfileSchema, type BackendProfile } from '../../backends/profile.ts';

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
