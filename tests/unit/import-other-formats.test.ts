// The files people really have, read by what they hold: Chub's lorebooks and Agnai's memory books
// (a name and a description, yet books), SillyTavern's text-completion templates (declined in one
// line), its system prompts and legacy presets (read as presets), and a preset of many prompts whose
// review says what became of each one. All files here are made by the tests.
import { describe, expect, it } from 'vitest';
import { readImport } from '../../src/driver/import/read-import.ts';
import { importSillyTavernPreset } from '../../src/driver/presets/sillytavern.ts';
import type { Language } from '../../src/driver/doc/schema.ts';

const enc = new TextEncoder();
let n = 0;
const read = (name: string, value: unknown, language: Language = 'en') =>
  readImport(enc.encode(JSON.stringify(value)), name, {
    language,
    newId: () => `id${++n}`,
    importedAt: '2026-01-01T00:00:00.000Z',
  });

/** What Chub's "SillyTavern" lorebook export holds: a V2 book's settings, entries keyed by numbers that are not their uids. */
const CHUB_BOOK = {
  name: 'Eldoria',
  description: 'The kingdom of Eldoria and its people.',
  is_creation: false,
  scan_depth: 50,
  token_budget: 500,
  recursive_scanning: false,
  extensions: { chub: { full_path: 'someone/eldoria' } },
  entries: {
    '0': {
      uid: 12,
      key: ['castle', 'Highkeep'],
      keysecondary: [],
      comment: 'Highkeep',
      content: 'Highkeep is the royal castle of {{char}}’s kingdom.',
      constant: false,
      selective: true,
      order: 100,
      position: 0,
      disable: false,
    },
    '1': {
      uid: 7,
      key: ['queen'],
      keysecondary: [],
      comment: 'The queen',
      content: 'Queen Maren rules Eldoria.',
      constant: true,
      selective: true,
      order: 50,
      position: 1,
      disable: true,
    },
  },
};

/** Agnai's memory book as Chub exports it: the same top-level fields, entries a list of Agnai's own. */
const AGNAI_BOOK = {
  kind: 'memory',
  name: 'Seraphina’s forest',
  description: 'The Eldoria forest.',
  is_creation: false,
  scan_depth: 50,
  token_budget: 500,
  recursive_scanning: false,
  extensions: {},
  entries: [
    {
      name: 'Glade',
      entry: 'A sunlit glade where {{char}} rests.',
      keywords: ['glade'],
      priority: 10,
      weight: 5,
      enabled: true,
    },
    {
      name: 'Wolves',
      entry: 'Shadow wolves hunt at night.',
      keywords: ['wolf', 'wolves'],
      priority: 0,
      weight: 2,
      enabled: false,
    },
  ],
};

describe('[I9] a lorebook is known by its entries, never by a name and a description', () => {
  it('[I9] Chub’s World Info (name, description, settings, entries keyed apart from their uids) imports as a book with every entry', () => {
    const r = read('eldoria.json', CHUB_BOOK);
    if (!r.ok || r.kind !== 'lorebook') throw new Error(JSON.stringify(r));
    expect(r.book.name).toBe('Eldoria');
    expect(r.book.description).toBe('The kingdom of Eldoria and its people.');
    expect(r.book.entries.map((e) => [e.id, e.title, e.keys, e.enabled, e.constant, e.position])).toEqual([
      ['entry-12', 'Highkeep', ['castle', 'Highkeep'], true, false, 'before-card'],
      ['entry-7', 'The queen', ['queen'], false, true, 'after-card'],
    ]);
    // The book keeps its text as written: {{char}} is filled when a request is built (K10).
    expect(r.book.entries[0]?.content).toBe('Highkeep is the royal castle of {{char}}’s kingdom.');
    expect(r.report.lorebookEntries).toBe(2);
    expect(r.report.dropped.join('\n')).toMatch(/scan_depth, token_budget, recursive_scanning/);
    expect(r.report.dropped.join('\n')).toMatch(/extensions \(chub\)/);
    expect(r.report.converted.join('\n')).not.toMatch(/character book/);
  });

  it('[I9] Agnai’s memory book imports as a book: entry → content, keywords → keys, weight → order, enabled → on or off', () => {
    const r = read('forest.json', AGNAI_BOOK);
    if (!r.ok || r.kind !== 'lorebook') throw new Error(JSON.stringify(r));
    expect(r.book.name).toBe('Seraphina’s forest');
    expect(r.book.entries.map((e) => [e.title, e.content, e.keys, e.order, e.enabled, e.position])).toEqual([
      ['Glade', 'A sunlit glade where {{char}} rests.', ['glade'], 5, true, 'before-card'],
      ['Wolves', 'Shadow wolves hunt at night.', ['wolf', 'wolves'], 2, false, 'before-card'],
    ]);
    expect(r.report.converted.join('\n')).toMatch(/an Agnai memory book/);
    // Priority has no field of its own: said, naming the entry that set one.
    expect(r.report.dropped.join('\n')).toMatch(/Agnai’s priority .*\(Glade\)/);
  });

  it('[I9][K1] a card is still a card: V2 data, V1 fields, a bare name and description', () => {
    const v2 = {
      spec: 'chara_card_v2',
      spec_version: '2.0',
      data: { name: 'Mira', description: 'x', first_mes: 'Hi.' },
    };
    for (const card of [
      v2,
      { name: 'Mira', description: 'x', first_mes: 'Hi.' },
      { name: 'Mira', description: 'x' },
    ])
      expect(read('mira.json', card)).toMatchObject({ ok: true, kind: 'character' });
  });
});

describe('[I10] SillyTavern’s text-completion templates and system prompts', () => {
  it('[I10] an instruct template (names_behavior, or the older boolean names) is declined in one line saying what it is', () => {
    const sequences = { input_sequence: '<|im_start|>user', output_sequence: '<|im_start|>assistant' };
    const modern = { name: 'ChatML', ...sequences, names_behavior: 'force', wrap: true };
    // The older spelling: a boolean `names` (JSON leaves out the undefined).
    const older = {
      ...modern,
      names_behavior: undefined,
      names: false,
      system_prompt: 'Write {{char}}’s reply.',
    };
    for (const template of [modern, older]) {
      const r = read('chatml.json', template);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.reason).toMatch(
        /^chatml\.json is a SillyTavern instruct template: .*chat completion.*nothing was imported\.$/,
      );
      expect(!r.ok && r.reason.split('\n')).toHaveLength(1);
    }
  });

  it('[I10] a context template (a Handlebars story string) is declined in one line, in the person’s language', () => {
    const context = {
      name: 'Default',
      story_string: '{{#if system}}{{system}}\n{{/if}}{{#if description}}{{description}}\n{{/if}}',
      example_separator: '***',
      chat_start: '***',
    };
    const r = read('default.json', context);
    expect(!r.ok && r.reason).toMatch(/^default\.json is a SillyTavern context template: .*chat completion/);
    const zh = read('default.json', context, 'zh');
    expect(!zh.ok && zh.reason).toMatch(/^default\.json 是 SillyTavern 的上下文模板/);
  });

  it('[I10] a reasoning template is declined in one line saying what it is', () => {
    const r = read('deepseek.json', {
      name: 'DeepSeek',
      prefix: '<think>\n',
      suffix: '\n</think>',
      separator: '\n\n',
    });
    expect(!r.ok && r.reason).toMatch(
      /^deepseek\.json is a SillyTavern reasoning template: .*nothing was imported\.$/,
    );
  });

  it('[I10] an Advanced Formatting export imports its system prompt as a preset; its templates are left out, said so', () => {
    const bundle = {
      instruct: {
        name: 'ChatML',
        input_sequence: '<|im_start|>user',
        output_sequence: '<|im_start|>assistant',
      },
      context: { name: 'Default', story_string: '{{description}}' },
      sysprompt: { name: 'Roleplay - Simple', content: 'You are {{char}}. Stay in character.' },
      reasoning: { name: 'DeepSeek', prefix: '<think>', suffix: '</think>', separator: '\n' },
    };
    const r = read('master.json', bundle);
    if (!r.ok || r.kind !== 'preset') throw new Error(JSON.stringify(r));
    expect(r.report.name).toBe('Roleplay - Simple');
    expect(r.report.prompts?.mapped).toEqual(['“Roleplay - Simple” → roleplay/character-style']);
    expect(r.report.dropped.join('\n')).toMatch(/text-completion templates \(instruct, context, reasoning\)/);
    const without = read('master.json', { ...bundle, sysprompt: undefined });
    expect(!without.ok && without.reason).toMatch(
      /^master\.json is SillyTavern’s Advanced Formatting export with no system prompt/,
    );
  });

  it('[I10] a system prompt imports as a preset whose style is its text, named by its own name', () => {
    const r = read('sp.json', {
      name: 'Roleplay - Detailed',
      content: 'Write {{char}}’s next reply vividly. Stay in character with {{user}}.',
    });
    if (!r.ok || r.kind !== 'preset') throw new Error(JSON.stringify(r));
    expect(r.report.name).toBe('Roleplay - Detailed');
    expect(r.report.converted.join('\n')).toMatch(/system prompt: its text became the preset’s style/);
    expect(r.report.prompts?.mapped).toEqual(['“Roleplay - Detailed” → roleplay/character-style']);
    const preset = importSillyTavernPreset(r.json, { title: r.report.name, reportLanguage: 'en' });
    expect(preset.ok && preset.preset.prompts.get('en/roleplay/character-style')).toBe(
      'Write ${name}’s next reply vividly. Stay in character with the user.\n\n${style}',
    );
  });
});

/** A preset of before SillyTavern's prompt manager: prose and sampling at the top, no prompts. */
const LEGACY = {
  temperature: 0.9,
  top_p: 0.95,
  frequency_penalty: 0.7,
  presence_penalty: 0.7,
  openai_max_context: 4095,
  openai_max_tokens: 300,
  nsfw_toggle: false,
  nsfw_first: false,
  main_prompt: 'Write the next reply in a fictional roleplay. Be proactive and creative.',
  nsfw_prompt: 'Explicit content is allowed.',
  nsfw_avoidance_prompt: 'Avoid explicit content; write around it.',
  jailbreak_prompt: '[Stay in character; never speak for {{user}}.]',
  impersonation_prompt: '[Write your next reply from the point of view of {{user}}.]',
  wi_format: '[Details of the fictional world the RP is set in:\n{0}]\n',
  reverse_proxy: 'https://proxy.example',
  proxy_password: 'hunter2',
};

describe('[R13] SillyTavern’s legacy chat-completion preset', () => {
  it('[R13] reads main_prompt, nsfw_prompt (or its avoidance with the toggle off) and jailbreak_prompt as prompts, with its sampling', () => {
    const r = importSillyTavernPreset(LEGACY, { title: 'Old default', reportLanguage: 'en' });
    if (!r.ok) throw new Error(r.detail);
    expect(r.report.source).toBe('legacy');
    expect(r.report.mapped.map((m) => m.identifier)).toEqual(['main', 'nsfwAvoidance', 'jailbreak']);
    expect(r.preset.prompts.get('en/roleplay/style')).toBe(
      'Write the next reply in a fictional roleplay. Be proactive and creative.\n\n' +
        'Avoid explicit content; write around it.\n\n[Stay in character; never speak for the user.]',
    );
    expect(r.preset.sampling).toEqual({ master: 0.9, characters: 0.9, topP: 0.95 });
    const why = Object.fromEntries(r.report.notMapped.map((m) => [m.identifier, m.why]));
    expect(why.nsfw).toMatch(/disabled/);
    expect(why.impersonation_prompt).toMatch(/SillyTavern’s own commands/);
    expect(why.wi_format).toMatch(/SillyTavern’s own commands/);
    expect(r.report.dropped).toEqual(
      expect.arrayContaining([
        { kind: 'secret', name: 'reverse_proxy' },
        { kind: 'secret', name: 'proxy_password' },
        { kind: 'unused', name: 'openai_max_tokens' },
        { kind: 'unused', name: 'frequency_penalty' },
      ]),
    );
    expect(JSON.stringify(r)).not.toContain('hunter2');
  });

  it('[R13] is a preset to the library’s import too, reviewed before it is written', () => {
    const r = read('old.json', { ...LEGACY, nsfw_toggle: true, temp_openai: 1.1, temperature: undefined });
    if (!r.ok || r.kind !== 'preset') throw new Error(JSON.stringify(r));
    expect(r.report.converted).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/from before its prompt manager/),
        'temperature 1.1 → the characters’ temperature',
        'top_p 0.95 → top-p',
      ]),
    );
    expect(r.report.prompts?.mapped).toEqual([
      '“Main Prompt” → roleplay/style',
      '“NSFW Prompt” → roleplay/style',
      '“Jailbreak Prompt” → roleplay/style',
    ]);
  });
});

/**
 * A preset of many prompts of each kind, as the big community presets are: 285 in all. Each kind: how
 * many, its identifier and name, its other fields, and whether the global order has it enabled
 * (null: not in the order).
 */
const KINDS: Array<[number, string, string, (i: number) => Record<string, unknown>, boolean | null]> = [
  [60, 'style', 'Style', (i) => ({ content: `Rule ${i}: keep the prose tight.` }), true],
  [40, 'voice', 'Voice', (i) => ({ content: `{{char}} speaks plainly (${i}).` }), true],
  [70, 'off', 'Optional', (i) => ({ content: `Optional rule ${i}.` }), false],
  [30, 'spare', 'Spare', (i) => ({ content: `Spare ${i}.` }), null],
  [25, 'empty', 'Divider', () => ({ content: '' }), true],
  [20, 'prefill', 'Prefill', (i) => ({ role: 'assistant', content: `Understood ${i}.` }), true],
  [
    25,
    'depth',
    'Reminder',
    (i) => ({ content: `Remember ${i}.`, injection_position: 1, injection_depth: 4 }),
    true,
  ],
  [5, 'vars', 'Variables', (i) => ({ content: `{{setvar::mood::calm}}{{// note ${i}}}` }), true],
];
const MARKERS = [
  'chatHistory',
  'worldInfoBefore',
  'worldInfoAfter',
  'charDescription',
  'charPersonality',
  'scenario',
  'dialogueExamples',
  'personaDescription',
];

function bigPreset() {
  const markers = MARKERS.map((id) => ({
    prompt: { identifier: id, name: id, marker: true },
    enabled: true,
  }));
  const made = KINDS.flatMap(([count, id, name, fields, enabled]) =>
    Array.from({ length: count }, (_, i) => ({
      prompt: { identifier: `${id}-${i}`, name: `${name} ${i}`, role: 'system', ...fields(i) },
      enabled,
    })),
  );
  const odd = [
    { prompt: { name: 'No identifier', content: 'Lost.' }, enabled: null },
    {
      prompt: { identifier: 'odd', name: 'Odd values', role: 'narrator', content: null, enabled: 'yes' },
      enabled: true,
    },
  ];
  const all = [...markers, ...made, ...odd];
  const order = all.flatMap(({ prompt, enabled }) =>
    enabled === null ? [] : [{ identifier: (prompt as { identifier: string }).identifier, enabled }],
  );
  return {
    temperature: 1,
    top_p: 0.96,
    openai_max_tokens: 8000,
    prompts: all.map((p) => p.prompt),
    prompt_order: [{ character_id: 100001, order }],
  };
}

describe('[R14] a preset’s review says what became of every prompt', () => {
  it('[R14] 285 prompts: each mapped to a prompt of ours or left out with why, shown before import', () => {
    const preset = bigPreset();
    expect(preset.prompts).toHaveLength(285);
    const r = read('big.json', preset);
    if (!r.ok || r.kind !== 'preset') throw new Error(JSON.stringify(r));
    const { mapped = [], leftOut = [] } = r.report.prompts ?? {};
    expect(mapped).toHaveLength(100);
    expect(mapped.length + leftOut.length).toBe(285);
    expect(mapped).toContain('“Style 0” → roleplay/style');
    expect(mapped).toContain('“Voice 39” → roleplay/character-style');
    const of = (name: string) => leftOut.find((l) => l.startsWith(`“${name}”:`));
    expect(of('chatHistory')).toMatch(/a placeholder for a part Rashomon builds itself/);
    expect(of('personaDescription')).toMatch(/roleplay\/persona/);
    expect(of('Optional 69')).toMatch(/disabled in the preset/);
    expect(of('Spare 0')).toMatch(/not in the prompt order/);
    expect(of('Divider 3')).toMatch(/empty/);
    expect(of('Prefill 7')).toMatch(/a prefill/);
    expect(of('Reminder 24')).toMatch(/inside the chat history \(depth 4\)/);
    expect(of('Variables 4')).toMatch(/nothing left once its macros were removed/);
    expect(of('#283')).toMatch(/no identifier/);
    expect(of('Odd values')).toMatch(/empty/);
    expect(r.report.converted).toEqual(['temperature 1 → the characters’ temperature', 'top_p 0.96 → top-p']);
    expect(r.report.dropped.join('\n')).toMatch(
      /macros Rashomon has no value for, removed \(\{\{setvar::mood::calm\}\}/,
    );
    expect(r.report.dropped.join('\n')).toMatch(
      /sampling Rashomon does not take from a preset .*\(openai_max_tokens\)/,
    );
  });

  it('[R14] the review is in the person’s language', () => {
    const r = read('big.json', bigPreset(), 'zh');
    if (!r.ok) throw new Error(r.reason);
    expect(r.report.prompts?.leftOut).toContain('“Optional 0”：在预设中未启用');
  });
});
