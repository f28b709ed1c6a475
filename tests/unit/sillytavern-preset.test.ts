// Importing a SillyTavern chat-completion preset: enabled prose in the global order mapped into the
// prose prompts, macros converted or dropped, secrets never copied, and a report of the rest.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { putPreset, readPreset } from '../../src/driver/doc/library-presets.ts';
import { importSillyTavernPreset } from '../../src/driver/presets/sillytavern.ts';
import { presetProblems } from '../../src/driver/presets/summary.ts';
import { SHIPPED_LANGUAGES } from '../../src/driver/prompts/catalogue.ts';

const FIXTURE = new URL('../fixtures/sillytavern/night-market.json', import.meta.url);
const raw = readFileSync(FIXTURE, 'utf8');
const json = JSON.parse(raw) as Record<string, unknown>;

function imported(reportLanguage: 'en' | 'zh' = 'en') {
  const result = importSillyTavernPreset(json, { title: 'Night market', reportLanguage });
  if (!result.ok) throw new Error(result.detail);
  return result;
}

describe('[R5] SillyTavern preset import', () => {
  it('maps the enabled prose of the global order: {{char}} prompts to character-style, the rest to style', () => {
    const { preset, report } = imported();
    expect([...preset.prompts.keys()].filter((k) => k.startsWith('en/')).sort()).toEqual([
      'en/roleplay/character-style',
      'en/roleplay/style',
    ]);
    expect(preset.prompts.get('en/roleplay/character-style')).toBe(
      "Write ${name}'s next reply in a fictional chat between ${name} and the user. ${name} speaks in short, clipped sentences.\n\n${style}",
    );
    expect(preset.prompts.get('en/roleplay/style')).toBe(
      'Prose: lantern light, wet stone, street food. The user is a stranger here. Use {currency} for money.\n\n' +
        'Keep the pace slow. Never summarise; show the scene through the senses.',
    );
    expect(report.mapped).toEqual([
      { identifier: 'main', name: 'Main Prompt', target: 'roleplay/character-style' },
      {
        identifier: '3f1c2a7e-8d4b-4c1a-9e2f-7b6a5d4c3b2a',
        name: 'Night-market prose',
        target: 'roleplay/style',
      },
      { identifier: 'jailbreak', name: 'Post-History Instructions', target: 'roleplay/style' },
    ]);
  });

  it('reports what was not mapped and why, markers included', () => {
    const { report } = imported();
    const why = Object.fromEntries(report.notMapped.map((n) => [n.identifier, n.why]));
    for (const marker of [
      'chatHistory',
      'worldInfoBefore',
      'worldInfoAfter',
      'charDescription',
      'dialogueExamples',
    ])
      expect(why[marker], marker).toMatch(/placeholder/);
    expect(why.enhanceDefinitions).toMatch(/disabled/);
    expect(why['deadbeef-0000-4000-8000-000000000001']).toMatch(/disabled/);
    expect(why.personaDescription).toMatch(/roleplay\/persona/);
    expect(why.nsfw).toBe('empty');
    expect(why['c0ffee00-1111-2222-3333-444455556666']).toMatch(/assistant/);
    expect(why['deadbeef-0000-4000-8000-000000000002']).toMatch(/not in the prompt order/);
  });

  it('drops other macros with a report entry, and a ${…} that would read as a variable of ours', () => {
    const { report } = imported();
    const macros = report.dropped.filter((d) => d.kind === 'macro').map((d) => d.name);
    expect(macros).toEqual([
      '${currency}',
      '{{// author note: tune later}}',
      '{{random::Mention the weather.::Mention a smell.}}',
    ]);
  });

  it('drops every secret: reported by field name, its value nowhere in the result', () => {
    const result = imported();
    const secrets = result.report.dropped.filter((d) => d.kind === 'secret').map((d) => d.name);
    expect(secrets.sort()).toEqual([
      'custom_include_headers',
      'custom_url',
      'proxy_password',
      'reverse_proxy',
    ]);
    const everything = JSON.stringify({
      ...result,
      preset: { ...result.preset, prompts: [...result.preset.prompts] },
    });
    for (const secret of [
      'hunter2-SECRET-PROXY-PASSWORD',
      'SECRET-HEADER-TOKEN',
      'proxy.example.invalid',
      'llm.example.invalid',
    ])
      expect(everything).not.toContain(secret);
  });

  it('turns temperature and top_p into suggested sampling', () => {
    expect(imported().preset.sampling).toEqual({ master: 0.85, characters: 0.85, topP: 0.92 });
    const hot = importSillyTavernPreset(
      { ...json, temperature: 3.5, top_p: 1.5 },
      { title: 'x', reportLanguage: 'en' },
    );
    expect(hot.ok && hot.preset.sampling).toEqual({});
    expect(hot.ok && hot.report.dropped.filter((d) => d.kind === 'sampling').map((d) => d.name)).toEqual([
      'temperature',
      'top_p',
    ]);
  });

  it('writes the prose into every shipped language, each with its own phrases for the macros', () => {
    const { preset, report } = imported();
    expect([...preset.prompts.keys()].sort()).toEqual(
      SHIPPED_LANGUAGES.flatMap((l) => [`${l}/roleplay/character-style`, `${l}/roleplay/style`]).sort(),
    );
    // The author's prose is the same in both folders; only the phrase for {{user}} is each folder's own.
    const asChinese = (text: string | undefined) => text?.replace(/the user/gi, '用户');
    expect(preset.prompts.get('en/roleplay/style')).toContain('The user is a stranger here.');
    for (const id of ['roleplay/style', 'roleplay/character-style'])
      expect(preset.prompts.get(`zh/${id}`), id).toBe(asChinese(preset.prompts.get(`en/${id}`)));
    // Each prompt is reported once, not once per language.
    expect(report.mapped).toHaveLength(3);
    expect(report.dropped.filter((d) => d.kind === 'macro')).toHaveLength(3);
  });

  it('reports in the reader’s language, whatever language the prose is in', () => {
    const result = importSillyTavernPreset(json, { title: 'Night market', reportLanguage: 'zh' });
    if (!result.ok) throw new Error(result.detail);
    expect([...result.preset.prompts.keys()].sort()).toEqual([...imported().preset.prompts.keys()].sort());
    expect(result.preset.prompts.get('en/roleplay/style')).toContain('The user is a stranger here.');
    expect(result.preset.description).toBe('从 SillyTavern 预设导入。');
    expect(result.report.notMapped.find((n) => n.identifier === 'nsfw')?.why).toBe('内容为空');
    expect(importSillyTavernPreset([], { title: 'x', reportLanguage: 'zh' })).toEqual({
      ok: false,
      detail: '这不是 SillyTavern 的聊天补全预设（文件：无效输入：期望 object，实际接收 数组）。',
    });
  });

  it('becomes a usable library preset', () => {
    const { preset } = imported();
    const library = new Y.Doc();
    expect(putPreset(library, { id: 'night-market', ...preset })).toEqual({ ok: true });
    const stored = readPreset(library, 'night-market');
    expect(stored && presetProblems(stored)).toEqual([]);
    expect(stored?.sampling).toEqual({ master: 0.85, characters: 0.85, topP: 0.92 });
  });

  it('refuses a file that is not a chat-completion preset, and one with nothing to import', () => {
    expect(importSillyTavernPreset({ temperature: 1 }, { title: 'x', reportLanguage: 'en' })).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/Not a SillyTavern chat-completion preset \(prompts:/),
    });
    const onlyMarkers = {
      prompts: [{ identifier: 'chatHistory', name: 'Chat History', marker: true }],
      prompt_order: [{ character_id: 100001, order: [{ identifier: 'chatHistory', enabled: true }] }],
    };
    expect(importSillyTavernPreset(onlyMarkers, { title: 'x', reportLanguage: 'en' })).toMatchObject({
      ok: false,
    });
  });

  it('without a prompt order, sends the prompts in their own order, honouring their enabled flag', () => {
    const result = importSillyTavernPreset(
      {
        prompts: [
          { identifier: 'main', content: 'Write lush prose.' },
          { identifier: 'off', content: 'Never used.', enabled: false },
          { identifier: 'jailbreak', content: '<BOT> never breaks character.' },
        ],
      },
      { title: 'x', reportLanguage: 'en' },
    );
    expect(result.ok && [...result.preset.prompts].filter(([k]) => k.startsWith('en/'))).toEqual([
      ['en/roleplay/style', 'Write lush prose.'],
      ['en/roleplay/character-style', '${name} never breaks character.\n\n${style}'],
    ]);
  });
});

describe('[R5][R8] SillyTavern persona prose', () => {
  const preset = {
    prompts: [
      { identifier: 'main', content: "Write {{char}}'s next reply to {{user}}." },
      { identifier: 'personaDescription', name: 'Persona Description', marker: true },
      {
        identifier: 'persona-frame',
        name: 'Persona frame',
        content: "[{{char}} has met {{user}} before. {{user}}'s persona: {{persona}}]",
      },
    ],
    prompt_order: [
      {
        character_id: 100001,
        order: [
          { identifier: 'main', enabled: true },
          { identifier: 'personaDescription', enabled: true },
          { identifier: 'persona-frame', enabled: true },
        ],
      },
    ],
  };

  it('maps a prompt using {{persona}} into roleplay/persona with our variables', () => {
    const result = importSillyTavernPreset(preset, { title: 'Met before', reportLanguage: 'en' });
    if (!result.ok) throw new Error(result.detail);
    expect(result.preset.prompts.get('en/roleplay/persona')).toBe(
      "[${name} has met ${user} before. ${user}'s persona: ${persona}]",
    );
    expect(result.preset.prompts.get('en/roleplay/character-style')).toBe(
      "Write ${name}'s next reply to the user.\n\n${style}",
    );
    expect(result.report.mapped).toContainEqual({
      identifier: 'persona-frame',
      name: 'Persona frame',
      target: 'roleplay/persona',
    });
    expect(result.report.notMapped).toContainEqual({
      identifier: 'personaDescription',
      name: 'Persona Description',
      why: "the user's persona, which Rashomon presents with roleplay/persona",
    });
    expect(result.report.dropped).toEqual([]);
    const library = new Y.Doc();
    expect(putPreset(library, { id: 'met', ...result.preset })).toEqual({ ok: true });
    const stored = readPreset(library, 'met');
    expect(stored && presetProblems(stored)).toEqual([]);
  });
});
