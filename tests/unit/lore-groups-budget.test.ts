// Inclusion groups, group scoring and the lore budget (W14, W15, W19): which of the entries a pass
// found are kept, and that what fires never exceeds the budget.
import { describe, expect, it } from 'vitest';
import { SelectiveLogic } from '../../src/driver/doc/lore-book.ts';
import { createSeededRandom } from '../../src/driver/lore/seeded-random.ts';
import { mulberry32 } from '../support/prng.ts';
import { charTokens, entry, firedIds, fixedRandom, ref, scan, skippedWhy } from '../support/lore-fixture.ts';

describe('[W14] inclusion groups', () => {
  const light = entry('light', { keys: ['weather'], groups: ['sky'], groupWeight: 100 });
  const heavy = entry('heavy', { keys: ['weather'], groups: ['sky'], groupWeight: 300 });
  it.each([
    { roll: 0, winner: 'light', loser: 'heavy' },
    { roll: 0.24, winner: 'light', loser: 'heavy' },
    { roll: 0.25, winner: 'heavy', loser: 'light' },
    { roll: 0.99, winner: 'heavy', loser: 'light' },
  ])('weights 100 and 300, roll $roll: $winner is kept', ({ roll, winner, loser }) => {
    const random = fixedRandom(roll);
    const result = scan([light, heavy], { messages: ['the weather'], random });
    expect(firedIds(result)).toEqual([winner]);
    expect(skippedWhy(result, loser)).toEqual({
      kind: 'group',
      group: 'sky',
      to: ref(winner),
      how: 'weight',
    });
    expect(random.asked).toEqual(['group:sky']);
  });

  it.each([
    {
      name: 'the highest order among prioritised members wins',
      orders: [10, 20, 30],
      override: [true, true, false],
      winner: 'e20',
      how: 'priority',
    },
    {
      name: 'one prioritised member wins over higher orders',
      orders: [10, 20, 30],
      override: [true, false, false],
      winner: 'e10',
      how: 'priority',
    },
    {
      name: 'a tie of order goes to the one given first',
      orders: [20, 20, 5],
      override: [true, true, true],
      winner: 'e20',
      how: 'priority',
    },
  ])('$name', ({ orders, override, winner, how }) => {
    const entries = orders.map((order, i) =>
      entry(i === 1 && order === orders[0] ? `e${order}b` : `e${order}`, {
        keys: ['weather'],
        groups: ['sky'],
        order,
        groupOverride: override[i] as boolean,
      }),
    );
    const random = () => {
      throw new Error('a prioritised group rolls nothing');
    };
    const result = scan(entries, { messages: ['the weather'], random });
    expect(firedIds(result)).toEqual([winner]);
    expect(result.skipped.map((s) => s.why)).toEqual(
      entries
        .filter((e) => e.id !== winner)
        .map(() => ({ kind: 'group', group: 'sky', to: ref(winner), how })),
    );
  });

  it('a lone member of a found group, and entries of other groups, are not affected', () => {
    const rain = entry('rain', { keys: ['weather'], groups: ['sky'] });
    const stone = entry('stone', { keys: ['weather'], groups: ['ground'] });
    const free = entry('free', { keys: ['weather'] });
    expect(firedIds(scan([rain, stone, free], { messages: ['the weather'] }))).toEqual([
      'rain',
      'stone',
      'free',
    ]);
  });

  it('a group filled in an earlier pass keeps out members found in later ones', () => {
    const a = entry('a', { keys: ['dragon'], groups: ['beast'], content: 'the wyvern' });
    const b = entry('b', { keys: ['wyvern'], groups: ['beast'] });
    const result = scan([a, b], { messages: ['a dragon'] });
    expect(firedIds(result)).toEqual(['a']);
    expect(skippedWhy(result, 'b')).toEqual({ kind: 'group', group: 'beast', to: ref('a'), how: 'earlier' });
  });

  it('an entry of several groups, kept by one, fills the others too', () => {
    const x = entry('x', { keys: ['weather'], groups: ['sky', 'sea'], groupOverride: true });
    const y = entry('y', { keys: ['weather'], groups: ['sky'] });
    const z = entry('z', { keys: ['weather'], groups: ['sea'] });
    const result = scan([x, y, z], { messages: ['the weather'] });
    expect(firedIds(result)).toEqual(['x']);
    expect(skippedWhy(result, 'y')).toEqual({ kind: 'group', group: 'sky', to: ref('x'), how: 'priority' });
    expect(skippedWhy(result, 'z')).toEqual({ kind: 'group', group: 'sea', to: ref('x'), how: 'earlier' });
  });

  it('the roll is taken after the group: a winner that loses it leaves the group empty', () => {
    const a = entry('a', { keys: ['weather'], groups: ['sky'], groupOverride: true, probability: 0 });
    const b = entry('b', { keys: ['weather'], groups: ['sky'] });
    const result = scan([a, b], { messages: ['the weather'] });
    expect(firedIds(result)).toEqual([]);
    expect(result.skipped.map((s) => s.why.kind)).toEqual(['probability', 'group']);
  });

  it('draws are deterministic per seed, and each member wins under some seed', () => {
    const winners = Array.from({ length: 40 }, (_, i) => {
      const random = createSeededRandom(`seed-${i}`);
      const once = firedIds(scan([light, heavy], { messages: ['the weather'], random }));
      expect(firedIds(scan([light, heavy], { messages: ['the weather'], random }))).toEqual(once);
      return once[0];
    });
    expect(new Set(winners)).toEqual(new Set(['light', 'heavy']));
  });
});

describe('[W15] group scoring', () => {
  // SillyTavern's documented example.
  const one = entry('one', { keys: ['song', 'sing', 'Black Cat'], groups: ['songs'] });
  const two = entry('two', { keys: ['song', 'sing', 'Ghosts'], groups: ['songs'] });
  it.each([
    {
      name: 'scan setting',
      settings: true,
      perEntry: null,
      text: 'sing me a song about Ghosts',
      winner: 'two',
    },
    {
      name: 'both entries',
      settings: false,
      perEntry: true,
      text: 'sing me a song about Ghosts',
      winner: 'two',
    },
    {
      name: 'scan setting',
      settings: true,
      perEntry: null,
      text: 'sing me a song about a black cat',
      winner: 'one',
    },
    { name: 'off', settings: false, perEntry: null, text: 'sing me a song about Ghosts', winner: 'one' },
    {
      name: 'scan on, entries off',
      settings: true,
      perEntry: false,
      text: 'sing me a song about Ghosts',
      winner: 'one',
    },
  ])(
    '$name, "$text": $winner is kept (roll 0 picks the first drawn)',
    ({ settings, perEntry, text, winner }) => {
      const entries = [one, two].map((e) => ({ ...e, useGroupScoring: perEntry }));
      const result = scan(entries, {
        messages: [text],
        settings: { useGroupScoring: settings },
        random: fixedRandom(0),
      });
      expect(firedIds(result)).toEqual([winner]);
    },
  );

  it('the outscored lose by score; equal scores go to the draw', () => {
    const scored = scan([one, two], {
      messages: ['sing me a song about Ghosts'],
      settings: { useGroupScoring: true },
    });
    expect(skippedWhy(scored, 'one')).toEqual({
      kind: 'group',
      group: 'songs',
      to: ref('two'),
      how: 'score',
    });
    const tied = scan([one, two], {
      messages: ['sing me a song'],
      settings: { useGroupScoring: true },
      random: fixedRandom(0.75),
    });
    expect(skippedWhy(tied, 'one')).toEqual({ kind: 'group', group: 'songs', to: ref('two'), how: 'weight' });
  });

  it.each([
    { logic: SelectiveLogic.andAny, text: 'song ghost', winner: 'selective' },
    { logic: SelectiveLogic.andAll, text: 'song ghost moon', winner: 'selective' },
    { logic: SelectiveLogic.notAny, text: 'song sing', winner: 'plain' },
    { logic: SelectiveLogic.notAll, text: 'song ghost sing', winner: 'plain' },
  ])('secondary keys count under $logic: "$text" → $winner', ({ logic, text, winner }) => {
    const selective = entry('selective', {
      keys: ['song'],
      secondaryKeys: ['ghost', 'moon'],
      selectiveLogic: logic,
      groups: ['songs'],
    });
    const plain = entry('plain', { keys: ['song', 'sing'], groups: ['songs'] });
    const result = scan([selective, plain], {
      messages: [text],
      settings: { useGroupScoring: true },
      random: fixedRandom(0),
    });
    expect(firedIds(result)).toEqual([winner]);
  });
});

describe('[W19] the budget', () => {
  const sized = (id: string, order: number, size: number, fields = {}) =>
    entry(id, { keys: ['moon'], order, content: 'x'.repeat(size), ...fields });
  it.each([
    {
      name: 'higher order kept first, the rest skipped',
      entries: [sized('a', 300, 10), sized('b', 200, 10), sized('c', 100, 10)],
      budget: 25,
      fired: ['b', 'a'],
      skipped: { c: { kind: 'budget', tokens: 10, spent: 20, budget: 25 } },
    },
    {
      name: 'the first overflow stops the scan: a smaller later entry is not let in',
      entries: [sized('a', 300, 10), sized('b', 200, 20), sized('c', 100, 1)],
      budget: 25,
      fired: ['a'],
      skipped: {
        b: { kind: 'budget', tokens: 20, spent: 10, budget: 25 },
        c: { kind: 'budget', tokens: 1, spent: 10, budget: 25 },
      },
    },
    {
      name: 'exactly the budget fits',
      entries: [sized('a', 300, 10), sized('b', 200, 10)],
      budget: 20,
      fired: ['b', 'a'],
      skipped: {},
    },
    {
      name: 'constant entries first, whatever their order',
      entries: [sized('keyed', 500, 10), sized('always', 1, 10, { constant: true })],
      budget: 15,
      fired: ['always'],
      skipped: { keyed: { kind: 'budget', tokens: 10, spent: 10, budget: 15 } },
    },
    {
      name: 'an entry over the whole budget on its own',
      entries: [sized('big', 100, 50)],
      budget: 49,
      fired: [],
      skipped: { big: { kind: 'budget', tokens: 50, spent: 0, budget: 49 } },
    },
    {
      name: 'a lost roll spends nothing',
      entries: [sized('rare', 300, 10, { probability: 0 }), sized('b', 200, 10)],
      budget: 10,
      fired: ['b'],
      skipped: { rare: { kind: 'probability', roll: 50, probability: 0 } },
    },
  ])('$name', ({ entries, budget, fired, skipped }) => {
    const result = scan(entries, { messages: ['the moon'], budget, random: fixedRandom(0.5) });
    expect(firedIds(result)).toEqual(fired);
    expect(Object.fromEntries(result.skipped.map((s) => [s.entry.id, s.why]))).toEqual(skipped);
  });

  it('entries found in the window come before those found in recursion, whatever their order', () => {
    const a = entry('a', { keys: ['moon'], order: 1, content: 'the tide!' });
    const b = entry('b', { keys: ['tide'], order: 999, content: 'y'.repeat(10) });
    const result = scan([a, b], { messages: ['the moon'], budget: 15 });
    expect(firedIds(result)).toEqual(['a']);
    expect(skippedWhy(result, 'b')).toEqual({ kind: 'budget', tokens: 10, spent: 9, budget: 15 });
  });

  it('an overflow ends recursion: nothing is scanned after it', () => {
    const a = entry('a', { keys: ['moon'], order: 900, content: 'the tide' });
    const big = entry('big', { keys: ['moon'], order: 100, content: 'z'.repeat(30) });
    const tide = entry('tide', { keys: ['tide'], content: 't' });
    const result = scan([a, big, tide], { messages: ['the moon'], budget: 20 });
    expect(firedIds(result)).toEqual(['a']);
    expect(skippedWhy(result, 'tide')).toEqual({ kind: 'no-match' });
  });

  it('never over budget: random books, windows and budgets', () => {
    const rng = mulberry32(2024);
    const words = ['moon', 'tide', 'sun', 'star'];
    for (let round = 0; round < 300; round++) {
      const entries = Array.from({ length: 1 + rng.int(15) }, (_, i) =>
        entry(`e${i}`, {
          keys: [rng.pick(words)],
          constant: rng.chance(0.2),
          order: rng.int(50),
          content: `${rng.pick(words)} ${'x'.repeat(rng.int(40))}`,
          groups: rng.chance(0.2) ? ['g'] : [],
        }),
      );
      const budget = rng.int(120);
      const result = scan(entries, { messages: [rng.pick(words), rng.pick(words)], budget });
      const spent = result.fired.reduce((sum, f) => sum + charTokens(f.entry.content), 0);
      expect(spent).toBeLessThanOrEqual(budget);
      // The scan stops at the first entry that does not fit: every budget skip saw the final total.
      const over = result.skipped.flatMap((s) => (s.why.kind === 'budget' ? [s.why] : []));
      for (const why of over) expect(why.spent).toBe(spent);
      if (over.length > 0) expect(over.some((why) => why.spent + why.tokens > budget)).toBe(true);
    }
  });
});
