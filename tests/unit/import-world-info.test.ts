// Lorebook import: every shape and spelling SillyTavern and RisuAI write, their enumerations and
// positions, lenient reading told in the report, RisuAI folders, refusals, and the World Info export
// whose round trip keeps every field. All files here are made by the tests.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { loreEntrySchema, type LoreBook, type LoreEntryInput } from '../../src/driver/doc/lore-book.ts';
import { listLorebooks, putLorebook } from '../../src/driver/doc/library-worlds.ts';
import { importWorldInfo, loreBookToWorldInfo } from '../../src/driver/import/lorebook/world-info.ts';
import type { ImportReport } from '../../src/driver/import/intermediate.ts';
import { firedIds, scan } from '../support/lore-fixture.ts';

const OPTS = { id: 'book-1', name: 'Beasts', language: 'en' as const };

function imported(input: unknown, opts: Partial<typeof OPTS> = {}): { book: LoreBook; report: ImportReport } {
  const r = importWorldInfo(input, { ...OPTS, ...opts });
  if (!r.ok) throw new Error(r.detail);
  return r;
}

/** The one entry of a file that holds `fields` as its only entry, SillyTavern's keyed way. */
function one(fields: Record<string, unknown>) {
  const { book, report } = imported({
    entries: { '0': { uid: 0, key: ['dragon'], content: 'Dragons.', ...fields } },
  });
  expect(book.entries).toHaveLength(1);
  return { entry: book.entries[0] as LoreBook['entries'][number], report };
}

const allNotes = (report: ImportReport) =>
  [...report.warnings, ...report.converted, ...report.dropped].join('\n');

describe('World Info import: shapes and spellings', () => {
  const expected = {
    keys: ['dragon'],
    secondaryKeys: ['fire'],
    title: 'Dragons',
    content: 'Dragons breathe fire.',
  };
  const shapes: Array<[string, unknown, Partial<LoreEntryInput>]> = [
    [
      'SillyTavern World Info, entries keyed by uid',
      {
        entries: {
          '7': {
            uid: 7,
            key: ['dragon'],
            keysecondary: ['fire'],
            comment: 'Dragons',
            content: 'Dragons breathe fire.',
            caseSensitive: true,
            matchWholeWords: false,
            excludeRecursion: true,
            position: 1,
            order: 30,
          },
        },
      },
      {
        ...expected,
        caseSensitive: true,
        matchWholeWords: false,
        excludeRecursion: true,
        position: 'after-card',
        order: 30,
      },
    ],
    [
      'SillyTavern entries as a list',
      {
        entries: [
          {
            uid: 7,
            key: ['dragon'],
            keysecondary: ['fire'],
            comment: 'Dragons',
            content: 'Dragons breathe fire.',
          },
        ],
      },
      expected,
    ],
    [
      'a Character Card V2 book: snake_case, SillyTavern extras under extensions',
      {
        name: 'Card book',
        scan_depth: 3,
        entries: [
          {
            id: 7,
            keys: ['dragon'],
            secondary_keys: ['fire'],
            comment: 'Dragons',
            content: 'Dragons breathe fire.',
            enabled: true,
            insertion_order: 40,
            case_sensitive: true,
            position: 'before_char',
            extensions: {
              position: 4,
              depth: 2,
              role: 2,
              selectiveLogic: 2,
              exclude_recursion: true,
              prevent_recursion: true,
              delay_until_recursion: 2,
              match_whole_words: true,
              use_group_scoring: true,
              scan_depth: 5,
              group: 'beasts,myth',
              group_override: true,
              group_weight: 7,
              sticky: 2,
              cooldown: 3,
              delay: 1,
              probability: 60,
              useProbability: true,
            },
          },
        ],
      },
      {
        ...expected,
        order: 40,
        caseSensitive: true,
        position: 'at-depth',
        depth: 2,
        role: 'assistant',
        selectiveLogic: 'not-any',
        excludeRecursion: true,
        preventRecursion: true,
        delayUntilRecursion: 2,
        matchWholeWords: true,
        useGroupScoring: true,
        scanDepth: 5,
        groups: ['beasts', 'myth'],
        groupOverride: true,
        groupWeight: 7,
        sticky: 2,
        cooldown: 3,
        delay: 1,
        probability: 60,
      },
    ],
    [
      'a V2 book whose entry knows only the V2 position',
      {
        entries: [
          {
            keys: ['dragon'],
            secondary_keys: ['fire'],
            name: 'Dragons',
            content: 'Dragons breathe fire.',
            position: 'after_char',
          },
        ],
      },
      { ...expected, position: 'after-card' },
    ],
    [
      'a file holding a character_book',
      {
        character_book: {
          entries: [
            {
              keys: ['dragon'],
              secondary_keys: ['fire'],
              comment: 'Dragons',
              content: 'Dragons breathe fire.',
            },
          ],
        },
      },
      expected,
    ],
    [
      'RisuAI’s lorebook export',
      {
        type: 'risu',
        ver: 1,
        data: [
          {
            key: 'dragon',
            secondkey: 'fire',
            comment: 'Dragons',
            content: 'Dragons breathe fire.',
            mode: 'normal',
            insertorder: 20,
            alwaysActive: false,
            selective: true,
            activationPercent: 70,
            extentions: { risu_case_sensitive: true },
          },
        ],
      },
      { ...expected, order: 20, probability: 70, caseSensitive: true, position: 'before-card' },
    ],
    [
      'a RisuAI module’s lorebook',
      {
        type: 'risuModule',
        name: 'Module',
        lorebook: [
          {
            key: 'dragon',
            secondkey: 'fire',
            comment: 'Dragons',
            content: 'Dragons breathe fire.',
            mode: 'normal',
            insertorder: 5,
            alwaysActive: false,
            selective: true,
          },
        ],
      },
      { ...expected, order: 5 },
    ],
    [
      'a bare list of entries',
      [{ key: ['dragon'], keysecondary: ['fire'], comment: 'Dragons', content: 'Dragons breathe fire.' }],
      expected,
    ],
  ];
  for (const [name, file, fields] of shapes)
    it(`[I1] reads ${name}`, () => {
      const { book } = imported(file);
      expect(book.entries).toHaveLength(1);
      expect(book.entries[0]).toMatchObject(fields);
    });

  it('[I1] takes the book’s name and description from the file, else the file name; says what it read', () => {
    const named = imported({
      name: 'Card book',
      description: 'Old lore.',
      entries: [{ keys: ['a'], content: 'A.' }],
    });
    expect([named.book.name, named.book.description]).toEqual(['Card book', 'Old lore.']);
    expect(named.report).toMatchObject({ kind: 'lorebook', name: 'Card book', lorebookEntries: 1 });
    expect(named.report.converted).toContain('read as a character book (Character Card V2)');
    expect(imported({ entries: {} }, { name: 'From file' }).book.name).toBe('From file');
    expect(imported({ entries: {} }).report.warnings).toEqual(['The book has no entries.']);
  });

  it('[I1] a V2 book’s own scan settings are reported dropped (a story’s settings decide)', () => {
    const { report } = imported({ scan_depth: 3, token_budget: 500, entries: [] });
    expect(report.dropped.join()).toMatch(/scan_depth, token_budget/);
  });

  it('[I1] a missing value takes SillyTavern’s default, not ours: a bare entry goes before the card', () => {
    const { entry, report } = one({});
    expect(entry).toMatchObject({
      position: 'before-card',
      order: 100,
      depth: 4,
      probability: 100,
      useProbability: true,
      enabled: true,
      selectiveLogic: 'and-any',
      role: 'system',
      scanDepth: null,
      caseSensitive: null,
    });
    expect(allNotes(report)).toBe('');
  });

  it('[I1] every entry gets an id unique in the book; Rashomon’s own ids are kept', () => {
    const { book, report } = imported({
      entries: [
        { uid: 3, key: ['a'] },
        { uid: 3, key: ['b'] },
        { uid: 9, key: ['c'], extensions: { rashomon: { id: 'kept' } } },
        { uid: 10, key: ['d'], extensions: { rashomon: { id: 'kept' } } },
        { key: ['e'] },
      ],
    });
    const ids = book.entries.map((e) => e.id);
    expect(new Set(ids).size).toBe(5);
    expect(ids.slice(0, 3)).toEqual(['entry-3', 'entry-3-2', 'kept']);
    expect(report.converted.join()).toMatch(/given ids of their own/);
    expect(putLorebook(new Y.Doc(), book)).toEqual({ ok: true });
  });
});

describe('World Info import: enumerations and positions', () => {
  const logic = ['and-any', 'not-all', 'not-any', 'and-all'];
  for (const [n, ours] of logic.entries())
    it(`[I2] selectiveLogic ${n} is ${ours}`, () => {
      expect(one({ keysecondary: ['x'], selectiveLogic: n }).entry.selectiveLogic).toBe(ours);
    });

  for (const [n, ours] of ['system', 'user', 'assistant'].entries())
    it(`[I2] role ${n} is ${ours}`, () => {
      expect(one({ role: n, position: 4 }).entry.role).toBe(ours);
    });

  const positions: Array<[number, string, RegExp | null]> = [
    [0, 'before-card', null],
    [1, 'after-card', null],
    [2, 'at-depth', /position 2 \(above the Author’s Note\).*at the entry’s depth/],
    [3, 'at-depth', /position 3 \(below the Author’s Note\)/],
    [4, 'at-depth', null],
    [5, 'after-card', /position 5 \(above the example messages\).*after the card/],
    [6, 'after-card', /position 6 \(below the example messages\)/],
    [7, 'after-card', /position 7 \(an outlet/],
  ];
  for (const [n, ours, note] of positions)
    it(`[I2] position ${n} is ${ours}${note ? ', said in converted' : ''}`, () => {
      const { entry, report } = one({ position: n, depth: 6 });
      expect(entry.position).toBe(ours);
      expect(entry.depth).toBe(6);
      if (note) expect(report.converted.join('\n')).toMatch(note);
      else expect(report.converted).toEqual([]);
    });

  it('[I2] names for the enumerations read too (ours, SillyTavern’s)', () => {
    expect(one({ selectiveLogic: 'NOT_ALL', keysecondary: ['x'] }).entry.selectiveLogic).toBe('not-all');
    expect(one({ position: 'at-depth' }).entry.position).toBe('at-depth');
    expect(one({ role: 'assistant' }).entry.role).toBe('assistant');
    const bad = one({ position: 9 });
    expect(bad.entry.position).toBe('before-card');
    expect(bad.report.warnings.join()).toMatch(/position could not be read/);
  });

  it('[I2] a non-selective entry’s secondary keys are dropped, as SillyTavern never reads them', () => {
    const { entry, report } = one({ selective: false, keysecondary: ['fire'] });
    expect(entry.secondaryKeys).toEqual([]);
    expect(report.dropped.join()).toMatch(/secondary keys of an entry that is not selective/);
    expect(one({ selective: true, keysecondary: ['fire'] }).entry.secondaryKeys).toEqual(['fire']);
  });
});

describe('World Info import: lenient reading, each told', () => {
  const cases: Array<[string, Record<string, unknown>, Partial<LoreEntryInput>, RegExp | null]> = [
    ['a number given as text', { order: '50' }, { order: 50 }, /order is given as text/],
    [
      'true/false given as text',
      { constant: 'true', disable: 'false' },
      { constant: true, enabled: true },
      /constant is given as text/,
    ],
    ['0/1 for true/false', { excludeRecursion: 1 }, { excludeRecursion: true }, /0 and 1 were read/],
    ['null where a value is expected', { depth: null }, { depth: 4 }, /depth is null; the default was used/],
    [
      'null where SillyTavern means "the scan’s setting"',
      { scanDepth: null, caseSensitive: null },
      { scanDepth: null, caseSensitive: null },
      null,
    ],
    [
      'null timed effects (none)',
      { sticky: null, cooldown: null, delay: null },
      { sticky: 0, cooldown: 0, delay: 0 },
      null,
    ],
    ['a value out of range', { probability: 150 }, { probability: 100 }, /probability is outside 0…100/],
    ['a fraction where a whole number goes', { order: 1.6 }, { order: 2 }, /order is not a whole number/],
    [
      'keys as one comma-separated text',
      { key: 'dragon, wyrm' },
      { keys: ['dragon', 'wyrm'] },
      /key is one text; it was split/,
    ],
    ['empty keys', { key: ['dragon', '', ' '] }, { keys: ['dragon'] }, /key: empty items/],
    ['an unreadable value', { depth: 'deep' }, { depth: 4 }, /depth could not be read/],
    ['delayUntilRecursion as true', { delayUntilRecursion: true }, { delayUntilRecursion: 1 }, null],
    [
      'delayUntilRecursion as a level in text',
      { delayUntilRecursion: '3' },
      { delayUntilRecursion: 3 },
      /given as text/,
    ],
    [
      'inclusion groups as a comma list',
      { group: 'beasts, myth,beasts' },
      { groups: ['beasts', 'myth'] },
      null,
    ],
    ['disable', { disable: true }, { enabled: false }, null],
    ['content as a number', { content: 42 }, { content: '42' }, /content is not text/],
    [
      'a title longer than ours',
      { comment: 'x'.repeat(600) },
      { title: 'x'.repeat(500) },
      /comment is longer than 500/,
    ],
    [
      'a character filter',
      { characterFilter: { names: ['Mara'], tags: ['elf'], isExclude: true } },
      { characterFilter: { names: ['Mara'], exclude: true } },
      /by tags[\s\S]*|file names there/,
    ],
    [
      'a setting Rashomon lacks',
      { vectorized: true, automationId: 'x', ignoreBudget: false },
      {},
      /vectorized: Rashomon has no such setting/,
    ],
    [
      'generation triggers',
      { triggers: ['swipe'] },
      {},
      /triggers: the entry fires for every kind of request here/,
    ],
  ];
  for (const [name, fields, want, note] of cases)
    it(`[I1] ${name}`, () => {
      const { entry, report } = one(fields);
      expect(entry).toMatchObject(want);
      if (note) expect(allNotes(report)).toMatch(note);
      else expect(allNotes(report)).toBe('');
    });

  it('[I1] a setting left at SillyTavern’s "unused" value is not reported', () => {
    expect(allNotes(one({ vectorized: false, automationId: '', outletName: '', triggers: [] }).report)).toBe(
      '',
    );
  });

  it('[I1] an item that is not an entry is left out and said so; the rest come in', () => {
    const { book, report } = imported({ entries: { '0': { key: ['a'] }, '1': 'junk', '2': null } });
    expect(book.entries.map((e) => e.keys)).toEqual([['a']]);
    expect(report.warnings).toContain('an item of the book is not an entry; it was left out (#1, #2)');
  });

  it('[I1] one note about many entries is said once, naming five and counting the rest', () => {
    const entries = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [String(i), { uid: i, key: ['k'], comment: `E${i}`, order: '1' }]),
    );
    const { report } = imported({ entries });
    expect(report.warnings).toEqual([
      'order is given as text; it was read as its value (E0, E1, E2, E3, E4 and 3 more)',
    ]);
  });

  it('[I1] the report is in the language asked for', () => {
    const r = importWorldInfo({ entries: { '0': { key: ['a'], order: '5' } } }, { ...OPTS, language: 'zh' });
    expect(r.ok && r.report.warnings).toEqual(['order 以文本给出，已按其值读取（#0）']);
  });

  it('[I1] an imported book fires in a scan as it did there', () => {
    const { book } = imported({
      type: 'risu',
      data: [
        {
          key: 'dragon',
          secondkey: '',
          comment: 'Dragons',
          content: 'Dragons fly.',
          mode: 'normal',
          insertorder: 1,
          alwaysActive: false,
          selective: false,
        },
        {
          key: '',
          secondkey: '',
          comment: 'Always',
          content: 'It rains.',
          mode: 'constant',
          insertorder: 2,
          alwaysActive: false,
          selective: false,
        },
      ],
    });
    const entries = book.entries.map((e) => loreEntrySchema.parse(e));
    expect(firedIds(scan(entries, { messages: ['Mara: a dragon!'] }))).toEqual(['entry-0', 'entry-1']);
    expect(firedIds(scan(entries, { messages: ['Mara: quiet'] }))).toEqual(['entry-1']);
  });
});

describe('World Info import: RisuAI', () => {
  it('[I3] a folder is not an entry: left out and reported; the entries inside it come in', () => {
    const folder = '\uf000folder:f1';
    const { book, report } = imported({
      type: 'risu',
      data: [
        {
          key: folder,
          secondkey: '',
          comment: 'Beasts',
          content: '',
          mode: 'folder',
          insertorder: 100,
          alwaysActive: false,
          selective: false,
        },
        {
          key: 'dragon, wyrm',
          secondkey: '',
          comment: 'Dragons',
          content: 'Dragons.',
          mode: 'normal',
          insertorder: 100,
          alwaysActive: false,
          selective: false,
          folder,
        },
        {
          key: 'griffin',
          secondkey: '',
          comment: 'Griffins',
          content: 'Griffins.',
          mode: 'normal',
          insertorder: 100,
          alwaysActive: true,
          selective: false,
          folder,
        },
      ],
    });
    expect(book.entries.map((e) => [e.title, e.keys, e.constant])).toEqual([
      ['Dragons', ['dragon', 'wyrm'], false],
      ['Griffins', ['griffin'], true],
    ]);
    expect(report.lorebookEntries).toBe(2);
    expect(report.dropped).toEqual([
      'RisuAI folders (a folder is not an entry; the entries in it came in) (Beasts)',
    ]);
    // A comma-separated key is RisuAI's own way: not a leniency to warn about.
    expect(report.warnings).toEqual([]);
  });

  it('[I1] RisuAI’s regex keys, child entries and decorators are told', () => {
    const { book, report } = imported({
      type: 'risu',
      data: [
        {
          key: 'drag(o|u)n',
          secondkey: '',
          comment: 'R',
          content: '@@depth 2\nDragons.',
          mode: 'child',
          insertorder: 1,
          alwaysActive: false,
          selective: false,
          useRegex: true,
        },
      ],
    });
    expect(book.entries[0]?.keys).toEqual(['/drag(o|u)n/']);
    expect(allNotes(report)).toMatch(/regular-expression keys were written as \/pattern\//);
    expect(allNotes(report)).toMatch(/child entry fires there through its parent/);
    expect(allNotes(report)).toMatch(/decorators \(@@…\) in the content were kept as text/);
  });
});

describe('World Info import: refusals', () => {
  const refusals: Array<[string, unknown, RegExp]> = [
    [
      'a character card',
      { spec: 'chara_card_v2', data: { name: 'Mara', first_mes: 'Hi', character_book: { entries: [] } } },
      /character card.*import it as a character/,
    ],
    ['a V1 card', { name: 'Mara', first_mes: 'Hi', description: '' }, /character card/],
    ['an object with no entries', { hello: 'world' }, /not a lorebook: it has no entries/],
    ['a list of things that are not entries', [1, 2, 3], /not a lorebook/],
    ['a text', 'entries', /not a lorebook/],
    ['null', null, /not a lorebook/],
    ['entries that are a number', { entries: 5 }, /neither a list nor an object of entries/],
    ['entries none of which is an entry', { entries: ['a', 'b'] }, /none of its 2 items is an entry/],
  ];
  for (const [name, file, reason] of refusals)
    it(`[I4] refuses ${name} with one reason`, () => {
      const r = importWorldInfo(file, OPTS);
      expect(r.ok).toBe(false);
      expect('book' in r).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe('not-a-lorebook');
        expect(r.detail).toMatch(reason);
      }
    });
});

describe('World Info export', () => {
  /** Every field away from its default, and every enumeration value used somewhere. */
  const rich: LoreBook = {
    id: 'book-1',
    name: 'Everything',
    description: 'A book that sets every field.',
    entries: [
      {
        id: 'e-one',
        title: 'Dragons',
        keys: ['dragon', '/wyrms?/i'],
        secondaryKeys: ['fire'],
        selectiveLogic: 'not-all',
        content: 'Dragons breathe fire.',
        enabled: false,
        constant: true,
        order: -20,
        position: 'at-depth',
        depth: 7,
        role: 'assistant',
        useProbability: false,
        probability: 35,
        scanDepth: 0,
        caseSensitive: true,
        matchWholeWords: false,
        useGroupScoring: true,
        excludeRecursion: true,
        preventRecursion: true,
        delayUntilRecursion: 3,
        groups: ['beasts', 'myth'],
        groupOverride: true,
        groupWeight: 9,
        sticky: 2,
        cooldown: 4,
        delay: 6,
        characterFilter: { names: ['Mara', 'Tobin'], exclude: true },
      },
      ...(['and-any', 'not-any', 'and-all'] as const).map((logic, i) =>
        loreEntrySchema.parse({
          id: `e-${logic}`,
          keys: [`k${i}`],
          secondaryKeys: ['s'],
          selectiveLogic: logic,
          position: (['before-card', 'after-card', 'at-depth'] as const)[i],
          role: (['system', 'user', 'system'] as const)[i],
          caseSensitive: i === 0 ? false : null,
        }),
      ),
    ],
  };

  it('[I5] writes SillyTavern’s own shape: entries keyed by uid, its names, numeric enumerations', () => {
    const st = loreBookToWorldInfo(rich);
    expect(Object.keys(st.entries)).toEqual(['0', '1', '2', '3']);
    expect(st.entries['0']).toMatchObject({
      uid: 0,
      key: ['dragon', '/wyrms?/i'],
      keysecondary: ['fire'],
      comment: 'Dragons',
      selective: true,
      selectiveLogic: 1,
      disable: true,
      position: 4,
      role: 2,
      group: 'beasts,myth',
      characterFilter: { isExclude: true, names: ['Mara', 'Tobin'], tags: [] },
      extensions: { rashomon: { id: 'e-one' } },
    });
    expect(Object.values(st.entries).map((e) => [e.selectiveLogic, e.position, e.role])).toEqual([
      [1, 4, 2],
      [0, 0, 0],
      [2, 1, 1],
      [3, 4, 0],
    ]);
  });

  it('[I5] export then import keeps every field of the book, and reports nothing', () => {
    const file = JSON.parse(JSON.stringify(loreBookToWorldInfo(rich)));
    const { book, report } = imported(file, { name: 'ignored: the file names itself' });
    expect(book).toEqual(rich);
    expect(allNotes(report)).toBe('');
  });

  it('[I5] a book of defaults round-trips too (the library stores it as it came)', () => {
    const plain = { id: 'book-1', name: 'Plain', entries: [{ id: 'only', keys: ['a'] }] };
    const lib = new Y.Doc();
    expect(putLorebook(lib, imported(loreBookToWorldInfo(plain)).book)).toEqual({ ok: true });
    expect(listLorebooks(lib)[0]?.entries[0]).toEqual(loreEntrySchema.parse(plain.entries[0]));
  });
});
