// A backend profile whose server refused `tools`: remembered on the device with the server and model
// that refused, so the assistants' later turns on them go straight to the JSON fallback instead of
// being refused first, and a profile pointed elsewhere since is asked with tools again.
import type { ChatModel } from '../../driver/model.ts';
import type { BackendProfile } from '../../backends/profile.ts';
import type { SettingsStore } from '../store/settings-store.ts';

/** The profile's model, told to take no tools when its server refused them before. */
export function assistantModel(model: ChatModel, profile: BackendProfile | undefined): ChatModel {
  if (profile?.kind !== 'openai') return model;
  const refused = profile.refusedTools;
  if (refused?.baseURL !== profile.baseURL || refused.model !== profile.model) return model;
  return {
    complete: (request) => model.complete(request),
    ...(model.limits ? { limits: model.limits } : {}),
    toolCalls: false,
  };
}

export async function rememberToolsRefused(settings: SettingsStore, profile: BackendProfile): Promise<void> {
  if (profile.kind !== 'openai') return;
  const now = await settings.read();
  const refusedTools = { baseURL: profile.baseURL, model: profile.model };
  const profiles = now.profiles.map((p) =>
    p.id === profile.id && p.kind === 'openai' ? { ...p, refusedTools } : p,
  );
  await settings.write({ ...now, profiles });
}
