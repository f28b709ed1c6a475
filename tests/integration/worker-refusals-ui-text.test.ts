// Refusals built from checks of what the person handed in (a Story JSON file, settings, a join link, a
// SillyTavern preset) follow the interface language like the worker's other texts: in Chinese with a
// zh device, zod's own messages included, still naming the field and the turn; English after switching back.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoryJson } from '../../src/driver/story-json/schema.ts';
import { setWorkerUiLanguage } from '../../src/workers/i18n/ui-text.ts';
import { newStory, startHost, type HostHarness } from '../support/host-harness.ts';
import type { OpenAIServer } from '../support/openai-server.ts';

/** No model is asked in these tests: the profile points nowhere. */
const NO_SERVER = {
  baseURL: 'http://127.0.0.1:9/v1',
  requests: [],
  close: async () => {},
} satisfies OpenAIServer;

const SILLYTAVERN = JSON.parse(
  readFileSync(new URL('../fixtures/sillytavern/night-market.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

let host: HostHarness | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
  setWorkerUiLanguage('en'); // module state: later tests read English
});

async function useLanguage(h: HostHarness, uiLanguage: 'en' | 'zh'): Promise<void> {
  const saved = await h.api.setDeviceSettings({ ...(await h.api.getDeviceSettings()), uiLanguage });
  expect(saved).toEqual({ ok: true });
}

/** A story of this device exported, with two turns: t1 by the user, then t2 (its parent `parent`). */
async function storyFile(h: HostHarness, parent = 't1'): Promise<StoryJson> {
  const exported = await h.api.exportStory(await newStory(h.api));
  if (!exported.ok) throw new Error(exported.detail);
  const user = exported.story.participants.find((p) => p.kind === 'user')?.id ?? '';
  const turn = (id: string, parentId: string | null) => ({
    id,
    parent: parentId,
    author: user,
    audiences: [],
    origin: 'authored' as const,
    source: 'I knock.',
    pov: {},
  });
  return { ...exported.story, id: 'imported', turns: [turn('t1', null), turn('t2', parent)] };
}

const refusal = async (h: HostHarness, file: unknown) => {
  const r = await h.api.importStory(file);
  expect(r).toMatchObject({ ok: false, code: 'invalid' });
  return r.ok ? '' : r.detail;
};

describe('refusals of what the person hands in follow the interface language', () => {
  it('refuses a broken Story JSON in Chinese naming the field and the turn, and in English after switching back', async () => {
    host = await startHost(NO_SERVER);
    const broken = await storyFile(host, 'x');

    await useLanguage(host, 'zh');
    expect(await refusal(host, broken)).toBe('turns[1]（回合“t2”）.parent：“x”不是这个故事中的回合。');
    await useLanguage(host, 'en');
    expect(await refusal(host, broken)).toBe('turns[1] (turn "t2").parent: "x" is not a turn of this story.');
    expect((await host.api.listStories()).map((s) => s.id)).not.toContain('imported');
  });

  it("tells zod's own messages and our schemas' messages in Chinese too", async () => {
    host = await startHost(NO_SERVER);
    const file = await storyFile(host);
    const wrongType = { ...file, turns: [file.turns[0], { ...file.turns[1], source: 42 }] };
    const badPromptPath = {
      ...file,
      prompts: { version: 1, overrides: { 'roleplay-style': 'x' }, preset: null, trash: [] },
    };

    await useLanguage(host, 'zh');
    expect(await refusal(host, wrongType)).toBe(
      'turns[1].source（回合“t2”）：无效输入：期望 string，实际接收 数字',
    );
    expect(await refusal(host, badPromptPath)).toBe(
      'prompts.overrides.roleplay-style：提示词路径应为 <language>/<group>/<name>，例如 en/roleplay/style',
    );
    expect(await refusal(host, { ...file, version: 2 })).toBe(
      '不支持 version 2（这个版本的 Rashomon 读取的是版本 1）。',
    );

    await useLanguage(host, 'en');
    expect(await refusal(host, wrongType)).toBe(
      'turns[1].source (turn "t2"): Invalid input: expected string, received number',
    );
    expect(await refusal(host, badPromptPath)).toBe(
      'prompts.overrides.roleplay-style: a prompt path is <language>/<group>/<name>, e.g. en/roleplay/style',
    );
  });

  it('says why settings were not saved and a story was not joined in Chinese', async () => {
    host = await startHost(NO_SERVER);
    await useLanguage(host, 'zh');
    const settings = await host.api.getDeviceSettings();
    const french = { ...settings, uiLanguage: 'fr' } as unknown as typeof settings;
    expect(await host.api.setDeviceSettings(french)).toEqual({
      ok: false,
      code: 'invalid',
      detail: '设置未保存：无效选项：期望以下之一 "en"|"zh"',
    });
    expect(
      await host.api.joinSharedStory({ room: 'library', serverURL: 'https://sync.example', token: 't' }),
    ).toMatchObject({ ok: false, detail: '未加入：故事列表不是共享故事' });
    expect(
      await host.api.joinSharedStory({ room: 'a room', serverURL: 'https://sync.example', token: 't' }),
    ).toMatchObject({ detail: '未加入：共享故事的房间名应为 1-128 个字符，只能包含 A-Z a-z 0-9 _ -' });

    await useLanguage(host, 'en');
    expect(await host.api.setDeviceSettings(french)).toMatchObject({
      detail: 'Settings not saved: Invalid option: expected one of "en"|"zh"',
    });
  });

  it("reports a SillyTavern import in the panel's language (the interface's); the prose goes into every shipped language", async () => {
    host = await startHost(NO_SERVER);
    await useLanguage(host, 'zh');
    const imported = await host.api.importSillyTavernPreset(SILLYTAVERN, {
      title: 'Night market',
      reportLanguage: 'zh',
    });
    if (!imported.ok) throw new Error(imported.detail);
    const why = Object.fromEntries(imported.report.notMapped.map((n) => [n.identifier, n.why]));
    expect(why.chatHistory).toBe('占位标记，对应的部分由 Rashomon 自己生成');
    expect(why.nsfw).toBe('内容为空');
    const [preset] = await host.api.listPresets();
    expect(preset).toMatchObject({
      title: 'Night market',
      description: '从 SillyTavern 预设导入。',
      languages: ['en', 'zh'],
    });
    expect(
      await host.api.importSillyTavernPreset({ temperature: 1 }, { title: 'x', reportLanguage: 'zh' }),
    ).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^这不是 SillyTavern 的聊天补全预设（prompts：无效输入/),
    });

    await useLanguage(host, 'en');
    const again = await host.api.importSillyTavernPreset(SILLYTAVERN, {
      title: 'Night market',
      reportLanguage: 'en',
    });
    expect(again.ok && again.report.notMapped.find((n) => n.identifier === 'nsfw')?.why).toBe('empty');
  });
});
