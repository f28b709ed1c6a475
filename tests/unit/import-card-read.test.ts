// Card JSON of every shape real files have, read into one intermediate form: the spec each
// declares, lenient values, macros, text normalisation and dates, each said once in the report.
import { describe, expect, it } from 'vitest';
import { readCardDate } from '../../src/driver/import/card/card-dates.ts';
import { readCardFile } from '../../src/driver/import/card/read-card-file.ts';
import { jsonBytes } from '../support/card-files.ts';

function read(json: unknown, fileName = 'card.json') {
  const result = readCardFile(jsonBytes(json), fileName);
  if (!result.ok) throw new Error(result.reason);
  return result;
}

describe('[K3] the shapes of card JSON', () => {
  it.each([
    [
      'V1: fields at the top',
      { name: 'A', description: 'd', personality: 'p', scenario: 's', first_mes: 'f', mes_example: 'm' },
      'v1',
      [],
    ],
    [
      'Pygmalion / oobabooga',
      {
        char_name: 'A',
        char_persona: 'd',
        char_greeting: 'f',
        world_scenario: 's',
        example_dialogue: 'm',
        personality: 'p',
      },
      'v1',
      [],
    ],
    [
      'V2 with data and the V1 mirror',
      {
        spec: 'chara_card_v2',
        spec_version: '2.0',
        name: 'stale',
        description: 'stale',
        data: {
          name: 'A',
          description: 'd',
          personality: 'p',
          scenario: 's',
          first_mes: 'f',
          mes_example: 'm',
        },
      },
      'v2',
      [
        'a V2 card without creator_notes, system_prompt, post_history_instructions, alternate_greetings, tags, creator, character_version, extensions: read as empty',
      ],
    ],
    [
      'V2 data without the mirror, filled from the top where data lacks a field',
      {
        spec: 'chara_card_v2',
        first_mes: 'f',
        mes_example: 'm',
        data: {
          name: 'A',
          description: 'd',
          personality: 'p',
          scenario: 's',
          creator_notes: '',
          system_prompt: '',
          post_history_instructions: '',
          alternate_greetings: [],
          tags: [],
          creator: '',
          character_version: '',
          extensions: {},
        },
      },
      'v2',
      [],
    ],
    [
      'V2 data with no spec at all',
      {
        data: {
          name: 'A',
          description: 'd',
          personality: 'p',
          scenario: 's',
          first_mes: 'f',
          mes_example: 'm',
        },
      },
      'v1',
      ['no spec declared, but the fields are in data: read as V2'],
    ],
    [
      'V2 fields flattened at the top with no spec',
      {
        name: 'A',
        description: 'd',
        personality: 'p',
        scenario: 's',
        first_mes: 'f',
        mes_example: 'm',
        alternate_greetings: ['g'],
        creator: 'c',
      },
      'v1',
      ['V2 fields at the top level with no spec: read as V2'],
    ],
    [
      'V3',
      {
        spec: 'chara_card_v3',
        spec_version: '3.0',
        data: {
          name: 'A',
          description: 'd',
          personality: 'p',
          scenario: 's',
          first_mes: 'f',
          mes_example: 'm',
          creator_notes: '',
          system_prompt: '',
          post_history_instructions: '',
          alternate_greetings: [],
          group_only_greetings: [],
          tags: [],
          creator: '',
          character_version: '',
          extensions: {},
        },
      },
      'v3',
      [],
    ],
  ])('%s', (_, json, spec, warnings) => {
    const { character, report } = read(json);
    expect(character.name).toBe('A');
    expect(character.card).toEqual({
      description: 'd',
      personality: 'p',
      scenario: 's',
      firstMessage: 'f',
      exampleDialogue: 'm',
    });
    expect(report.spec).toBe(spec);
    expect(report.warnings).toEqual(warnings);
  });

  it('Pygmalion names are converted and not kept as such in the data', () => {
    const { character, report } = read({ char_name: 'A', char_persona: 'd', char_greeting: 'f' });
    expect(report.converted).toEqual([
      'Pygmalion fields → card fields (char_name → name, char_persona → description, char_greeting → first_mes)',
    ]);
    expect(character.data).toEqual({ name: 'A', description: 'd', first_mes: 'f' });
  });

  it('a spec that says V2 over V3 data reads the V3 fields and says so; the declared spec is reported', () => {
    const { character, report } = read({
      spec: 'chara_card_v2',
      data: {
        name: 'A',
        nickname: 'Ace',
        group_only_greetings: ['all'],
        assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
      },
    });
    expect(report.spec).toBe('v2');
    expect(report.warnings[0]).toBe(
      'declares chara_card_v2 but holds V3 fields (group_only_greetings, assets, nickname): read as V3',
    );
    expect(character.assets).toEqual([{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }]);
    expect(character.data.nickname).toBe('Ace');
  });

  it('a V3 card missing required fields is read with a warning, not refused', () => {
    const { character, report } = read({ spec: 'chara_card_v3', data: { name: 'A', first_mes: 'hi' } });
    expect(character.card).toEqual({ firstMessage: 'hi' });
    expect(character.systemPrompt).toBe('');
    expect(report.warnings).toEqual([
      'a V3 card without description, personality, scenario, mes_example, creator_notes, system_prompt, post_history_instructions, alternate_greetings, tags, creator, character_version, extensions, group_only_greetings: read as empty',
      'the description is empty: the model knows this character only by its other fields',
    ]);
  });

  it('keeps the whole data, unknown fields and extensions included', () => {
    const data = {
      name: 'A',
      extensions: { depth_prompt: { depth: 4 }, x: [1, 2] },
      x_custom: { deep: true },
    };
    expect(read({ spec: 'chara_card_v3', data }).character.data).toEqual(data);
  });

  it('an unknown spec is read by its fields, and said', () => {
    const { report } = read({ spec: 'chara_card_v9', name: 'A', description: 'd' });
    expect(report.spec).toBe('v1');
    expect(report.warnings).toEqual([
      'spec "chara_card_v9" is not a card spec Rashomon knows: read by its fields',
    ]);
  });

  it("SillyTavern's own bookkeeping beside flattened fields is not card data", () => {
    const { character, report } = read({ name: 'A', avatar: 'a.png', chat: 'A - 2023', json_data: '{}' });
    expect(character.data).toEqual({ name: 'A' });
    expect(report.dropped).toEqual(["SillyTavern's own fields (avatar, chat, json_data): not card data"]);
  });

  it('an empty name is named after the file', () => {
    const { character, report } = read({ name: '  ', description: 'd' }, 'uploads/Night Owl.json');
    expect(character.name).toBe('Night Owl');
    expect(report.warnings).toEqual(['the card\'s name is empty: named "Night Owl" after the file']);
  });
});

describe('[K3] values read leniently', () => {
  it.each([
    [
      'tags as a comma string',
      { tags: 'market, night ,, rain' },
      'tags',
      ['market', 'night', 'rain'],
      'tags: a comma-separated string, read as a list',
    ],
    [
      'a number as the version',
      { character_version: 2 },
      'characterVersion',
      '2',
      'character_version: a number where text belongs, read as text',
    ],
    [
      'a greeting as one text',
      { alternate_greetings: 'Hello, there' },
      'alternateGreetings',
      ['Hello, there'],
      'alternate_greetings: one text where a list belongs, read as one greeting',
    ],
    [
      'numbers in the greetings',
      { alternate_greetings: ['hi', 7] },
      'alternateGreetings',
      ['hi', '7'],
      'alternate_greetings[]: a number where text belongs, read as text',
    ],
    ['character_book: null', { character_book: null }, 'book', null, null],
    [
      'a book that is not an object',
      { character_book: 'none' },
      'book',
      null,
      'character_book: not an object, ignored',
    ],
  ] as const)('%s', (_, fields, key, value, warning) => {
    const { character, report } = read({ spec: 'chara_card_v2', data: { name: 'A', ...fields } });
    expect(character[key]).toEqual(value);
    const lenient = report.warnings.filter(
      (w) => !w.startsWith('a V2 card without') && !w.startsWith('the description is empty'),
    );
    expect(lenient).toEqual(warning === null ? [] : [warning]);
  });

  it('texts of 100 kB and more are read whole', () => {
    const long = 'The market sprawls. '.repeat(6000);
    const { character, report } = read({ name: 'A', description: long });
    expect(character.card.description).toBe(long);
    expect(report.descriptionLength).toBe(120_000);
  });
});

describe('[K4] macros and text', () => {
  it('converts every spelling of the character and user macros, each said once', () => {
    const { character, report } = read({
      name: 'A',
      description:
        '{{char}} and {{Char}} meet {{user}}; {{User}} waves. <BOT> greets <USER>. {{char}} again.',
      first_mes: '<bot> and <user>, and {{CHAR}}',
    });
    expect(character.card.description).toBe(
      '${name} and ${name} meet ${user}; ${user} waves. ${name} greets ${user}. ${name} again.',
    );
    expect(character.card.firstMessage).toBe('${name} and ${user}, and ${name}');
    expect(report.converted).toEqual([
      '{{char}} → ${name}',
      '{{Char}} → ${name}',
      '<BOT> → ${name}',
      '{{user}} → ${user}',
      '{{User}} → ${user}',
      '<USER> → ${user}',
      '<bot> → ${name}',
      '{{CHAR}} → ${name}',
      '<user> → ${user}',
    ]);
  });

  it('leaves other macros and ${…} text alone', () => {
    const { character, report } = read({ name: 'A', description: '{{random:a,b}} costs ${price} {{charx}}' });
    expect(character.card.description).toBe('{{random:a,b}} costs ${price} {{charx}}');
    expect(report.converted).toEqual([]);
  });

  it('CRLF and lone CR become LF, no-break spaces spaces, each said once', () => {
    const { character, report } = read({
      name: 'A\u00a0B',
      description: 'one\r\ntwo\rthree\u00a0four',
      scenario: 'x\r\ny',
    });
    expect(character.name).toBe('A B');
    expect(character.card.description).toBe('one\ntwo\nthree four');
    expect(character.card.scenario).toBe('x\ny');
    expect(report.converted).toEqual(['no-break spaces → spaces', 'line breaks: CRLF → LF']);
  });
});

describe('[K4] dates', () => {
  it.each([
    ['seconds', 1_689_959_602, { seconds: 1_689_959_602, how: null }],
    ['fractional seconds', 1_689_959_602.9, { seconds: 1_689_959_602, how: 'seconds' }],
    ['milliseconds', 1_689_959_602_116, { seconds: 1_689_959_602, how: 'milliseconds' }],
    ['seconds as text', '1689959602', { seconds: 1_689_959_602, how: 'seconds as text' }],
    ['milliseconds as text', '1689959602116', { seconds: 1_689_959_602, how: 'milliseconds as text' }],
    ['ISO with Z', '2023-07-21T17:13:22.116Z', { seconds: 1_689_959_602, how: 'ISO 8601' }],
    ['ISO with an offset', '2023-07-21T19:13:22+02:00', { seconds: 1_689_959_602, how: 'ISO 8601' }],
    [
      'ISO without a zone',
      '2023-07-21T17:13:22',
      { seconds: 1_689_959_602, how: 'ISO 8601 without a zone, read as UTC' },
    ],
    ['an ISO date', '2023-07-21', { seconds: 1_689_897_600, how: 'ISO 8601' }],
    [
      "SillyTavern's",
      '2023-7-21 @17h 13m 22s 116ms',
      { seconds: 1_689_959_602, how: "SillyTavern's date, read as UTC" },
    ],
    ['not a date', 'last Tuesday', null],
    ['negative', -5, null],
  ])('%s', (_, value, expected) => {
    expect(readCardDate(value)).toEqual(expected);
  });

  it('normalises creation and modification dates in the data, and SillyTavern create_date becomes creation_date', () => {
    const v3 = read({
      spec: 'chara_card_v3',
      data: { name: 'A', creation_date: 1_689_959_602_116, modification_date: '2023-07-21T17:13:22Z' },
    });
    expect(v3.character.data.creation_date).toBe(1_689_959_602);
    expect(v3.character.data.modification_date).toBe(1_689_959_602);
    expect(v3.report.converted).toEqual([
      'creation_date: milliseconds → seconds',
      'modification_date: ISO 8601 → seconds',
    ]);

    const st = read({
      name: 'A',
      create_date: '2023-7-21 @17h 13m 22s 116ms',
      spec: 'chara_card_v2',
      data: { name: 'A' },
    });
    expect(st.character.data.creation_date).toBe(1_689_959_602);
    expect(st.character.data.create_date).toBeUndefined();
    expect(st.report.converted).toEqual([
      "create_date (SillyTavern, SillyTavern's date, read as UTC) → creation_date in seconds",
    ]);

    const bad = read({ spec: 'chara_card_v3', data: { name: 'A', creation_date: 'soon' } });
    expect(bad.character.data.creation_date).toBeUndefined();
    expect(bad.report.dropped).toEqual(['creation_date "soon": not a date']);
  });
});
