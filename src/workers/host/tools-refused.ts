// A backend profile whose server refused `tools`: remembered on the device, so the assistants' later
// turns on it go straight to the JSON fallback instead of being refused first.
import type { ChatModel } from '../../driver/model.ts';
import type { BackendProfile } from '../store/device-settings.ts';
import type { SettingsStore } from '../store/settings-store.ts';

/** The profile's model, told to take no tools when its server refused them before. */
export function assistantModel(model: ChatModel, profile: BackendProfile | undefined): ChatModel {
  if (profile?.kind !== 'openai' || !profile.refusesTools) return model;
  return {
    complete: (request) => model.complete(request),
    ...(model.limits ? { limits: model.limits } : {}),
    toolCalls: false,
  };
}

export async function rememberToolsRefused(settings: SettingsStore, profileId: string): Promise<void> {
  const now = await settings.read();
  const profiles = now.profiles.map((p) =>
    p.id === profileId && p.kind === 'openai' ? { ...p, refusesTools: true as const } : p,
  );
  await settings.write({ ...now, profiles });
}
