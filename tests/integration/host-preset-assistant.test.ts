// A preset made from a SillyTavern preset by the model, through the worker's DriverApi over comlink,
// against a real server speaking tool calls: the file's prose reaches the model mapped as the
// deterministic import maps it, the model writes each prose prompt in every shipped language, each
// write waits for Apply, and once applied the preset carries both languages and can be used. The
// preset's own chat opens with its welcome.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startToolServer } from '../support/openai-tool-server.ts';
import type { OpenAIServer } from '../support/openai-server.ts';
import { startHost, type HostHarness } from '../support/host-harness.ts';

const ST_PRESET = {
  temperature: 0.7,
  top_p: 0.95,
  prompts: [
    {
      identifier: 'main',
      name: 'Main',
      role: 'system',
      content: 'Write vivid prose. Never speak for {{user}}.',
    },
    { identifier: 'voice', name: 'Voice', role: 'system', content: '{{char}} speaks in clipped sentences.' },
    { identifier: 'chatHistory', name: 'Chat History', marker: true },
  ],
};

/** What the scripted model writes: each prose prompt the import mapped, in English and in Chinese. */
const WRITES = {
  'en/roleplay/style': 'Write vivid prose. Never speak for the user.',
  'zh/roleplay/style': '文笔要生动。绝不替用户说话。',
  'en/roleplay/character-style': '${name} speaks in clipped sentences.\n\n${style}',
  'zh/roleplay/character-style': '${name} 说话简短利落。\n\n${style}',
};

let server: OpenAIServer;
let host: HostHarness;

beforeAll(async () => {
  server = await startToolServer((body) => {
    if (body.messages.at(-1)?.role === 'tool') return { text: 'I wrote both languages: check and apply.' };
    return {
      calls: Object.entries(WRITES).map(([path, text], i) => ({
        id: `c-${i}`,
        name: 'write_prompt',
        arguments: JSON.stringify({ path, text }),
      })),
    };
  });
  host = await startHost(server);
});
afterAll(async () => {
  await host.close();
  await server.close();
});

describe('a preset made from a SillyTavern preset by the model', () => {
  it('[AS8] the model writes every prose prompt in every shipped language, each applied by the person', async () => {
    const made = await host.api.makePresetWithModel(JSON.stringify(ST_PRESET), {
      title: 'Clipped',
      reportLanguage: 'en',
    });
    if (!made.ok) throw new Error(made.detail);
    expect(made.report.mapped.map((m) => m.target)).toEqual(['roleplay/style', 'roleplay/character-style']);

    // The model was handed the mapped prose once and asked for every language.
    const asked = server.requests[0]?.body.messages.at(-1)?.content ?? '';
    expect(asked).toContain('en (English), zh (中文)');
    expect(asked).toContain('### roleplay/style\nWrite vivid prose. Never speak for the user.');
    expect(asked).toContain('### roleplay/character-style\n${name} speaks in clipped sentences.\n\n${style}');

    // The preset exists with the file's sampling, and nothing the model wrote is in it yet.
    const listed = () => host.api.listPresets().then((all) => all.find((p) => p.id === made.presetId));
    expect(await listed()).toMatchObject({
      title: 'Clipped',
      sampling: { characters: 0.7, topP: 0.95 },
      prompts: [],
    });
    const proposals = made.view.chat.proposals;
    expect(proposals.map((p) => [p.label, p.status])).toEqual(
      Object.keys(WRITES).map((path) => [path, 'pending']),
    );

    const subject = { kind: 'preset', id: made.presetId } as const;
    for (const p of proposals) {
      const applied = await host.api.decideProposal(subject, p.id, 'apply');
      if (!applied.ok) throw new Error(applied.detail);
    }
    const preset = await listed();
    expect(preset?.prompts.map((p) => p.path)).toEqual(Object.keys(WRITES).sort());
    expect(preset?.languages).toEqual(['en', 'zh']);
    expect(preset?.problems).toEqual([]);
    expect(preset?.warning).toBeNull();
  });

  it('[AS8] a file that is not a SillyTavern preset is refused and no preset is made', async () => {
    const before = (await host.api.listPresets()).length;
    const made = await host.api.makePresetWithModel('{"prompts": []}', {
      title: 'Empty',
      reportLanguage: 'en',
    });
    expect(made).toMatchObject({ ok: false, code: 'invalid' });
    expect((await host.api.listPresets()).length).toBe(before);
  });

  it('[AS1] the preset chat opens with its welcome', async () => {
    const [preset] = await host.api.listPresets();
    const opened = await host.api.openAssistant({ kind: 'preset', id: preset!.id });
    if (!opened.ok) throw new Error(opened.detail);
    expect(opened.view.welcome).toContain('“Clipped”');
    expect(opened.view.chat.subject).toBe(`preset:${preset!.id}`);
  });
});
