// The World Info scan: keys, secondary logic, constants, scan depth, insertion order, probability, the
// character filter, and the scan's integrity (W1, W5–W9, W18, W20). Inputs are real: entries from the
// schema, messages as the prompt shows them. Recursion is in lore-recursion.test.ts.
import { describe, expect, it } from 'vitest';
import { SelectiveLogic } from '../../src/driver/doc/lore-book.ts';
import { createSeededRandom } from '../../src/driver/lore/seeded-random.ts';
import { mulberry32 } from '../support/prng.ts';
import {
  BOOK,
  entry,
  firedIds,
  firedWhy,
  fixedRandom,
  ref,
  scan,
  skippedWhy,
} from '../support/lore-fixture.ts';

describe('[W1] primary keys', () => {
  const dragon = entry('dragon', { keys: ['wyrm', 'dragon'] });
  const castle = entry('castle', { keys: ['castle'] });
  it.each([
    { text: 'Mara: a dragon!', fired: ['dragon'], key: 'dragon' },
    { text: 'Mara: a wyrm!', fired: ['dragon'], key: 'wyrm' },
    { text: 'Mara: a dragon, no, a wyrm', fired: ['dragon'], key: 'wyrm' },
    { text: 'Mara: a dragon at the castle', fired: ['dragon', 'castle'], key: 'dragon' },
    { text: 'Mara: nothing here', fired: [], key: null },
  ])('$text fires $fired (the first key in the order given: $key)', ({ text, fired, key }) => {
    const result = scan([dragon, castle], { messages: [text] });
    expect(firedIds(result)).toEqual(fired);
    if (key) expect(firedWhy(result, 'dragon')).toEqual({ kind: 'key', key, secondary: null, level: 0 });
    else expect(skippedWhy(result, 'dragon')).toEqual({ kind: 'no-match' });
  });

  it('with names included, a speaker name is a key like any other', () => {
    const mara = entry('mara', { keys: ['Mara'] });
    expect(firedIds(scan([mara], { messages: ['Mara: hello'] }))).toEqual(['mara']);
    expect(firedIds(scan([mara], { messages: ['hello'] }))).toEqual([]);
  });
});

describe('[W5] secondary keys', () => {
  const base = { keys: ['sword'], secondaryKeys: ['fire', 'ice'] };
  it.each([
    { logic: SelectiveLogic.andAny, text: 'a sword of fire', why: { fired: ['fire'] } },
    { logic: SelectiveLogic.andAny, text: 'a sword', why: { refused: true } },
    { logic: SelectiveLogic.andAll, text: 'a sword of fire and ice', why: { fired: ['fire', 'ice'] } },
    { logic: SelectiveLogic.andAll, text: 'a sword of fire', why: { refused: true } },
    { logic: SelectiveLogic.notAny, text: 'a sword', why: { fired: ['fire', 'ice'] } },
    { logic: SelectiveLogic.notAny, text: 'a sword of ice', why: { refused: true } },
    { logic: SelectiveLogic.notAll, text: 'a sword of fire', why: { fired: ['ice'] } },
    { logic: SelectiveLogic.notAll, text: 'a sword of fire and ice', why: { refused: true } },
  ])('$logic over "$text"', ({ logic, text, why }) => {
    const result = scan([entry('blade', { ...base, selectiveLogic: logic })], { messages: [text] });
    if ('fired' in why) {
      expect(firedWhy(result, 'blade')).toEqual({
        kind: 'key',
        key: 'sword',
        secondary: { logic, keys: why.fired },
        level: 0,
      });
    } else {
      expect(firedIds(result)).toEqual([]);
      expect(skippedWhy(result, 'blade')).toEqual({ kind: 'secondary', key: 'sword', logic });
    }
  });

  it.each(Object.values(SelectiveLogic))('%s: without the primary key nothing fires', (logic) => {
    const result = scan([entry('blade', { ...base, selectiveLogic: logic })], { messages: ['fire and ice'] });
    expect(skippedWhy(result, 'blade')).toEqual({ kind: 'no-match' });
  });

  it('no secondary keys: no filter, whatever the logic', () => {
    const e = entry('blade', { keys: ['sword'], selectiveLogic: SelectiveLogic.andAll });
    expect(firedWhy(scan([e], { messages: ['a sword'] }), 'blade')).toEqual({
      kind: 'key',
      key: 'sword',
      secondary: null,
      level: 0,
    });
  });
});

describe('[W6] constant, keyless and disabled entries', () => {
  it.each([
    { name: 'constant, no keys, no messages', e: entry('c', { constant: true }), why: { kind: 'constant' } },
    {
      name: 'constant with a key not in the text',
      e: entry('c', { constant: true, keys: ['moon'] }),
      why: { kind: 'constant' },
    },
    { name: 'not constant, no keys', e: entry('c'), why: { kind: 'no-keys' } },
    { name: 'not constant, only a blank key', e: entry('c', { keys: ['  '] }), why: { kind: 'no-keys' } },
    {
      name: 'disabled constant',
      e: entry('c', { constant: true, enabled: false }),
      why: { kind: 'disabled' },
    },
    {
      name: 'disabled, key in the text',
      e: entry('c', { keys: ['sun'], enabled: false }),
      why: { kind: 'disabled' },
    },
  ])('$name → $why.kind', ({ e, why }) => {
    const result = scan([e], { messages: ['Mara: the sun'] });
    if (why.kind === 'constant') expect(result.fired).toEqual([{ book: BOOK, entry: e, why }]);
    else expect(result.skipped).toEqual([{ book: BOOK, entry: e, why }]);
  });
});

describe('[W7] scan depth', () => {
  const messages = ['Mara: the dragon sleeps', 'Jess: quiet now', 'Mara: go on'];
  it.each([
    { settings: 2, entryDepth: null, fires: false },
    { settings: 3, entryDepth: null, fires: true },
    { settings: 1, entryDepth: 3, fires: true },
    { settings: 3, entryDepth: 1, fires: false },
    { settings: 50, entryDepth: null, fires: true },
    { settings: 3, entryDepth: 0, fires: false },
    { settings: 0, entryDepth: null, fires: false },
  ])('scan depth $settings, entry $entryDepth: dragon (third newest) fires $fires', (c) => {
    const e = entry('dragon', { keys: ['dragon'], scanDepth: c.entryDepth });
    const result = scan([e], { messages, settings: { scanDepth: c.settings } });
    expect(firedIds(result)).toEqual(c.fires ? ['dragon'] : []);
  });

  it('at depth 0 no message is scanned, yet constants fire and their content recurses', () => {
    const world = entry('world', { constant: true, content: 'A dragon rules here.' });
    const dragon = entry('dragon', { keys: ['dragon'] });
    const sleeper = entry('sleeper', { keys: ['sleeps'] });
    const result = scan([world, dragon, sleeper], { messages, settings: { scanDepth: 0 } });
    expect(firedIds(result)).toEqual(['world', 'dragon']);
    expect(firedWhy(result, 'dragon')).toEqual({
      kind: 'recursion',
      key: 'dragon',
      secondary: null,
      level: 1,
      by: ref('world'),
    });
    expect(skippedWhy(result, 'sleeper')).toEqual({ kind: 'no-match' });
  });
});

describe('[W8] insertion order', () => {
  it.each([
    { orders: [50, 200, 100], expected: ['o50', 'o100', 'o200'] },
    { orders: [100, 100, -5], expected: ['o-5', 'o100', 'o100b'] },
    { orders: [1, 2, 3], expected: ['o1', 'o2', 'o3'] },
  ])('orders $orders come out as $expected (ties in the order given)', ({ orders, expected }) => {
    const seen = new Set<string>();
    const entries = orders.map((order) => {
      const id = seen.has(`o${order}`) ? `o${order}b` : `o${order}`;
      seen.add(id);
      return entry(id, { constant: true, order });
    });
    expect(firedIds(scan(entries))).toEqual(expected);
  });

  it('entries of several books sort together by order', () => {
    const result = scan([entry('a', { constant: true, order: 300 })], {
      books: [['other', entry('b', { constant: true, order: 10 })]],
    });
    expect(result.fired.map((f) => `${f.book}/${f.entry.id}`)).toEqual(['other/b', 'lore/a']);
  });
});

describe('[W9] probability', () => {
  it.each([
    { useProbability: true, probability: 30, roll: 0.29, fires: true },
    { useProbability: true, probability: 30, roll: 0.3, fires: false },
    { useProbability: true, probability: 0, roll: 0, fires: false },
    { useProbability: true, probability: 99, roll: 0.995, fires: false },
    { useProbability: false, probability: 0, roll: 0.5, fires: true },
  ])('use $useProbability, $probability %, roll $roll: fires $fires', (c) => {
    const random = fixedRandom(c.roll);
    const e = entry('p', { keys: ['moon'], useProbability: c.useProbability, probability: c.probability });
    const result = scan([e], { messages: ['the moon'], random });
    expect(firedIds(result)).toEqual(c.fires ? ['p'] : []);
    if (!c.fires) {
      expect(skippedWhy(result, 'p')).toEqual({
        kind: 'probability',
        roll: c.roll * 100,
        probability: c.probability,
      });
    }
    expect(random.asked).toEqual(c.useProbability ? ['probability:lore/p'] : []);
  });

  it('100 % and useProbability off never roll', () => {
    const random = () => {
      throw new Error('rolled');
    };
    const always = entry('a', { constant: true, probability: 100 });
    const off = entry('b', { constant: true, useProbability: false, probability: 10 });
    expect(firedIds(scan([always, off], { random }))).toEqual(['a', 'b']);
  });

  it.each([
    { kind: 'constant', e: entry('p', { constant: true, probability: 0 }) },
    { kind: 'key', e: entry('p', { keys: ['moon'], probability: 0 }) },
  ])('applies to an entry fired by $kind', ({ e }) => {
    expect(skippedWhy(scan([e], { messages: ['the moon'] }), 'p')?.kind).toBe('probability');
  });

  it('applies to an entry fired in recursion, and a lost roll is final for the scan', () => {
    const a = entry('a', { keys: ['moon'], content: 'The tide follows.' });
    const b = entry('b', { keys: ['tide'], probability: 0 });
    const c = entry('c', { keys: ['tide'], content: 'the tide turns' });
    const result = scan([a, b, c], { messages: ['the moon'] });
    expect(firedIds(result)).toEqual(['a', 'c']);
    expect(skippedWhy(result, 'b')?.kind).toBe('probability');
  });

  const seeds = Array.from({ length: 100 }, (_, i) => `seed-${i}`);
  const fires = (e: ReturnType<typeof entry>, seed: string) =>
    firedIds(scan([e], { messages: ['the moon'], random: createSeededRandom(seed) })).length === 1;

  it.each([
    { probability: 0, expected: 'never' },
    { probability: 100, expected: 'always' },
    { probability: 50, expected: 'sometimes' },
  ])('over 100 seeds, $probability % fires $expected; the same seed rolls the same', (c) => {
    const e = entry('p', { keys: ['moon'], probability: c.probability });
    const outcomes = seeds.map((seed) => fires(e, seed));
    expect(seeds.map((seed) => fires(e, seed))).toEqual(outcomes);
    const count = outcomes.filter(Boolean).length;
    if (c.expected === 'never') expect(count).toBe(0);
    if (c.expected === 'always') expect(count).toBe(100);
    if (c.expected === 'sometimes') {
      expect(count).toBeGreaterThan(30);
      expect(count).toBeLessThan(70);
    }
  });

  it('the seeded random is a pure function of seed and key, in [0, 1)', () => {
    const a = createSeededRandom('story/mara/turn-3');
    const b = createSeededRandom('story/mara/turn-3');
    const keys = Array.from({ length: 500 }, (_, i) => `probability:lore/${i}`);
    const values = keys.map(a);
    expect(keys.map(b)).toEqual(values);
    expect(values.every((v) => v >= 0 && v < 1)).toBe(true);
    expect(new Set(values).size).toBe(500);
    expect(createSeededRandom('story/mara/turn-4')('probability:lore/1')).not.toBe(values[1]);
  });
});

describe('[W18] character filter', () => {
  it.each([
    { names: [], exclude: false, fires: true },
    { names: ['Mara'], exclude: false, fires: true },
    { names: ['mara '], exclude: false, fires: true },
    { names: ['Jess'], exclude: false, fires: false },
    { names: ['Jess', 'Mara'], exclude: false, fires: true },
    { names: ['Mara'], exclude: true, fires: false },
    { names: ['Jess'], exclude: true, fires: true },
    { names: [], exclude: true, fires: true },
  ])('names $names, exclude $exclude, for Mara: fires $fires', ({ names, exclude, fires }) => {
    const e = entry('f', { constant: true, characterFilter: { names, exclude } });
    const result = scan([e], { character: 'Mara' });
    expect(firedIds(result)).toEqual(fires ? ['f'] : []);
    if (!fires) expect(skippedWhy(result, 'f')).toEqual({ kind: 'character-filter', exclude });
  });
});

describe('[W20] every candidate answered once; a pure function of the input', () => {
  it('random books and windows: each candidate fired or skipped exactly once, the same every time', () => {
    const rng = mulberry32(15);
    const words = ['dragon', 'sword', 'moon', 'gate', 'tide', '巨龙', 'king'];
    for (let round = 0; round < 150; round++) {
      const entries = Array.from({ length: 1 + rng.int(12) }, (_, i) =>
        entry(`e${i}`, {
          keys: rng.chance(0.9) ? [rng.pick(words)] : [],
          secondaryKeys: rng.chance(0.3) ? [rng.pick(words)] : [],
          selectiveLogic: rng.pick(Object.values(SelectiveLogic)),
          content: `${rng.pick(words)} ${rng.pick(words)}`,
          constant: rng.chance(0.15),
          probability: rng.pick([0, 50, 100]),
          groups: rng.chance(0.3) ? [rng.pick(['g', 'h'])] : [],
          delayUntilRecursion: rng.chance(0.2) ? 1 + rng.int(2) : 0,
          excludeRecursion: rng.chance(0.2),
          preventRecursion: rng.chance(0.2),
          sticky: rng.int(3),
          cooldown: rng.int(3),
        }),
      );
      const options = {
        messages: [`Mara: ${rng.pick(words)}`, `Jess: ${rng.pick(words)}`],
        lastFired: new Map(entries.filter(() => rng.chance(0.3)).map((e) => [`${BOOK}\u0000${e.id}`, 8])),
        budget: rng.int(60),
        settings: { maxRecursionSteps: rng.int(4), useGroupScoring: rng.chance(0.5) },
      };
      const result = scan(entries, options);
      const seen = [...result.fired, ...result.skipped].map((c) => c.entry.id).sort();
      expect(seen).toEqual(entries.map((e) => e.id).sort());
      expect(scan(entries, options)).toEqual(result);
    }
  });
});
