// The person's lengths per backend profile: a context over what the server says (the model the
// registry builds tells it, source 'setting', with the backend's exact count) and an answer length per
// operation (maxTokensFor); both optional, validated, unset by default.
import { describe, expect, it } from 'vitest';
import type { ChatModel } from '../../src/driver/model.ts';
import { withContextSetting } from '../../src/backends/context-setting.ts';
import { createModelRegistry, lazyModel } from '../../src/workers/host/model-registry.ts';
import {
  deviceSettingsSchema,
  maxTokensFor,
  parseDeviceSettings,
  type DeviceSettings,
} from '../../src/workers/store/device-settings.ts';
import { MAX_SETTING_TOKENS, type BackendProfile } from '../../src/backends/profile.ts';
import { createScriptedModel } from '../support/scripted-model.ts';

const OLLAMA: BackendProfile = {
  id: 'ollama',
  label: 'Ollama',
  kind: 'openai',
  baseURL: 'http://localhost:11434/v1',
  apiKey: '',
  model: 'llama3.2',
};

const settingsWith = (profile: BackendProfile): DeviceSettings =>
  deviceSettingsSchema.parse({ profiles: [profile], operations: { default: profile.id } });

/** A backend that says 4096 and counts a token per word. */
const serverModel = (): ChatModel => ({
  complete: async () => ({ ok: true, text: 'ok' }),
  limits: async () => ({
    contextTokens: 4096,
    source: 'server',
    countTokens: async (text) => text.split(' ').length,
  }),
});

describe('backend lengths in the device settings', () => {
  it('leaves both unset by default, and keeps what is set', () => {
    const read = parseDeviceSettings(JSON.stringify({ profiles: [{ id: 'w', kind: 'webllm' }] }));
    expect(read.settings.profiles[0]).toEqual({ id: 'w', label: '', kind: 'webllm', model: '' });
    const set = { ...OLLAMA, contextTokens: 8192, maxTokens: { actor: 600, chronicler: 1200 } };
    expect(settingsWith(set).profiles[0]).toEqual(set);
  });

  it('refuses lengths that are not a whole number of tokens from 1 up, or name no operation', () => {
    for (const bad of [
      { contextTokens: 0 },
      { contextTokens: 4096.5 },
      { contextTokens: MAX_SETTING_TOKENS + 1 },
      { maxTokens: { actor: -1 } },
      { maxTokens: { narrator: 100 } },
    ])
      expect(
        deviceSettingsSchema.safeParse({ profiles: [{ ...OLLAMA, ...bad }] }).success,
        JSON.stringify(bad),
      ).toBe(false);
  });

  it("maxTokensFor tells the profile's answer length for an operation, undefined where unset", () => {
    const profile = { ...OLLAMA, maxTokens: { actor: 600, selector: 40 } };
    expect(maxTokensFor(profile, 'actor')).toBe(600);
    expect(maxTokensFor(profile, 'selector')).toBe(40);
    expect(maxTokensFor(profile, 'projector')).toBeUndefined();
    expect(maxTokensFor(OLLAMA, 'chronicler')).toBeUndefined();
  });
});

describe('the context setting over what the server says', () => {
  it("the registry's model tells the setting (source 'setting') with the server's exact count", async () => {
    const registry = createModelRegistry(serverModel);
    const model = registry.modelFor(settingsWith({ ...OLLAMA, contextTokens: 16384 }), 's1', 'actor');
    if (!('complete' in model)) throw new Error(model.detail);
    const limits = await model.limits!();
    expect(limits).toMatchObject({ contextTokens: 16384, source: 'setting' });
    expect(await limits.countTokens!('Ann waves at Bo')).toBe(4);
    expect(await model.complete({ messages: [] })).toEqual({ ok: true, text: 'ok' });
  });

  it('without a setting the server says, through a lazily resolved model too', async () => {
    const registry = createModelRegistry(serverModel);
    const model = registry.modelFor(settingsWith(OLLAMA), 's1', 'actor');
    if (!('complete' in model)) throw new Error(model.detail);
    expect(await lazyModel(async () => model).limits!()).toMatchObject({
      contextTokens: 4096,
      source: 'server',
    });
  });

  it('a setting over a backend that counts nothing gives no counter', async () => {
    const limits = await withContextSetting(
      createScriptedModel(() => 'ok'),
      2048,
    ).limits!();
    expect(limits).toEqual({ contextTokens: 2048, source: 'setting' });
  });
});
