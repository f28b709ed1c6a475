// Turns this device's backend profiles into ChatModels, one per profile, reused while the profile
// is unchanged (a WebLLM engine is expensive to load; an OpenAI client is cheap but stateless), whose
// limits tell the profile's context setting over what the server says.
import type { ChatModel, ModelFailure } from '../../driver/model.ts';
import { withContextSetting } from '../../backends/context-setting.ts';
import { profileFor, type BackendRole, type DeviceSettings } from '../store/device-settings.ts';
import { type BackendProfile } from '../../backends/profile.ts';
import { uiText } from '../i18n/ui-text.ts';
import type { BackendFactory } from '../../backends/device-backends.ts';

export interface ModelRegistry {
  modelFor(settings: DeviceSettings, storyId: string, op: BackendRole): ChatModel | ModelFailure;
  /** The model of one profile with a model chosen (built once while the profile is unchanged). */
  modelOf(profile: BackendProfile): ChatModel;
}

export function createModelRegistry(factory: BackendFactory): ModelRegistry {
  const built = new Map<string, ChatModel>();
  const modelOf = (profile: BackendProfile): ChatModel => {
    const key = JSON.stringify(profile);
    let model = built.get(key);
    if (!model) {
      model = withContextSetting(factory(profile), profile.contextTokens);
      built.set(key, model);
    }
    return model;
  };
  return {
    modelOf,
    modelFor(settings, storyId, op) {
      const profile = profileFor(settings, storyId, op);
      if (!profile) {
        return {
          ok: false,
          code: 'no-backend',
          detail: uiText(
            'No model is set up on this device. Open Settings and add an OpenAI-compatible server or an in-browser model.',
          ),
        };
      }
      if (!profile.model) {
        return {
          ok: false,
          code: 'no-backend',
          detail: uiText('Choose a model for "{profile}" in Settings.', {
            profile: profile.label || profile.id,
          }),
        };
      }
      return modelOf(profile);
    },
  };
}

/**
 * A model resolved on its first request and kept for the rest of the command: a command resolves
 * only the operations it uses (a hand-written turn nobody else perceives needs none).
 */
export function lazyModel(resolve: () => Promise<ChatModel | ModelFailure>): ChatModel {
  let resolved: Promise<ChatModel | ModelFailure> | undefined;
  const model = () => (resolved ??= resolve());
  return {
    async complete(request) {
      const m = await model();
      return 'complete' in m ? m.complete(request) : m;
    },
    async limits() {
      const m = await model();
      return ('complete' in m ? await m.limits?.() : undefined) ?? { contextTokens: null };
    },
  };
}
