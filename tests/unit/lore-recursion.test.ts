// Recursion in the World Info scan (W10–W13): fired entries' content scanned in further passes, the
// per-entry controls (exclude, prevent, delay until recursion) and the cap on passes.
import { describe, expect, it } from 'vitest';
import { entry, firedIds, firedWhy, ref, scan, skippedWhy } from '../support/lore-fixture.ts';

describe('[W10] recursion', () => {
  const a = entry('a', { keys: ['dragon'], content: 'The dragon guards the sword.' });
  const b = entry('b', { keys: ['sword'], content: 'The sword is made of starmetal.' });
  const c = entry('c', { keys: ['starmetal'], content: 'Starmetal fell from the sky.' });

  it.each([
    { recursive: true, text: 'a dragon', fired: ['a', 'b', 'c'] },
    { recursive: false, text: 'a dragon', fired: ['a'] },
    { recursive: true, text: 'a sword', fired: ['b', 'c'] },
    { recursive: true, text: 'nothing', fired: [] },
  ])('recursive $recursive, "$text": fires $fired', ({ recursive, text, fired }) => {
    expect(firedIds(scan([a, b, c], { messages: [text], settings: { recursive } }))).toEqual(fired);
  });

  it('each fired-in-recursion entry names its level and whose content held the key', () => {
    const result = scan([a, b, c], { messages: ['a dragon'] });
    expect(result.fired.map((f) => f.why)).toEqual([
      { kind: 'key', key: 'dragon', secondary: null, level: 0 },
      { kind: 'recursion', key: 'sword', secondary: null, level: 1, by: ref('a') },
      { kind: 'recursion', key: 'starmetal', secondary: null, level: 2, by: ref('b') },
    ]);
  });

  it('a key both in the window and in fired content is credited to the window', () => {
    const result = scan([a, b], { messages: ['a dragon with a sword'] });
    expect(firedWhy(result, 'b')).toEqual({ kind: 'key', key: 'sword', secondary: null, level: 0 });
  });

  it.each([
    {
      name: 'A→B→A',
      entries: [
        entry('a', { keys: ['dragon'], content: 'the sword' }),
        entry('b', { keys: ['sword'], content: 'the dragon' }),
      ],
      fired: ['a', 'b'],
    },
    { name: 'A→A', entries: [entry('a', { keys: ['dragon'], content: 'dragon dragon' })], fired: ['a'] },
    {
      name: 'A→B→C→A',
      entries: [
        entry('a', { keys: ['x1'], content: 'x2' }),
        entry('b', { keys: ['x2'], content: 'x3' }),
        entry('c', { keys: ['x3'], content: 'x1' }),
      ],
      fired: ['a', 'b', 'c'],
    },
  ])('a cycle $name terminates, each entry fired once', ({ entries, fired }) => {
    const result = scan(entries, { messages: [`${entries[0]?.keys[0]}`] });
    expect(firedIds(result)).toEqual(fired);
    expect(result.skipped).toEqual([]);
  });

  it('a secondary key found only in fired content lets an entry fire in a later pass', () => {
    const gate = entry('gate', { keys: ['gate'], secondaryKeys: ['key'] });
    const lock = entry('lock', { keys: ['gate'], content: 'The key is under the mat.' });
    const result = scan([gate, lock], { messages: ['the gate'] });
    expect(firedWhy(result, 'gate')).toEqual({
      kind: 'key',
      key: 'gate',
      secondary: { logic: 'and-any', keys: ['key'] },
      level: 1,
    });
  });
});

describe('[W11] excludeRecursion and preventRecursion', () => {
  it.each([
    {
      name: 'excluded, key only in content',
      a: {},
      b: { excludeRecursion: true },
      text: 'a dragon',
      fired: ['a'],
      bWhy: { kind: 'recursion-excluded', key: 'sword', by: ref('a') },
    },
    {
      name: 'excluded, key in the window',
      a: {},
      b: { excludeRecursion: true },
      text: 'a dragon and a sword',
      fired: ['a', 'b'],
      bWhy: { kind: 'key', key: 'sword', secondary: null, level: 0 },
    },
    {
      name: 'A prevents recursion',
      a: { preventRecursion: true },
      b: {},
      text: 'a dragon',
      fired: ['a'],
      bWhy: { kind: 'no-match' },
    },
    {
      name: 'excluded, key nowhere',
      a: {},
      b: { excludeRecursion: true, keys: ['moon'] },
      text: 'a dragon',
      fired: ['a'],
      bWhy: { kind: 'no-match' },
    },
  ])('$name', ({ a, b, text, fired, bWhy }) => {
    const ea = entry('a', { keys: ['dragon'], content: 'the sword', ...a });
    const eb = entry('b', { keys: ['sword'], ...b });
    const result = scan([ea, eb], { messages: [text] });
    expect(firedIds(result)).toEqual(fired);
    expect(firedWhy(result, 'b') ?? skippedWhy(result, 'b')).toEqual(bWhy);
  });
});

describe('[W12] delay until recursion', () => {
  const a = entry('a', { keys: ['dragon'], content: 'sword and shield' });
  it.each([
    {
      name: 'level 1, key in fired content',
      b: { keys: ['sword'], delayUntilRecursion: 1 },
      text: 'a dragon',
      settings: {},
      bWhy: { kind: 'recursion', key: 'sword', secondary: null, level: 1, by: ref('a') },
    },
    {
      name: 'level 1, key only in the window, nothing else fires',
      b: { keys: ['moon'], delayUntilRecursion: 1 },
      text: 'the moon',
      settings: {},
      bWhy: { kind: 'delayed-until-recursion', level: 1 },
    },
    {
      name: 'level 1, key in the window, a recursive pass runs',
      b: { keys: ['moon'], delayUntilRecursion: 1 },
      text: 'a dragon, the moon',
      settings: {},
      bWhy: { kind: 'key', key: 'moon', secondary: null, level: 1 },
    },
    {
      name: 'recursion off',
      b: { keys: ['sword'], delayUntilRecursion: 1 },
      text: 'a dragon and a sword',
      settings: { recursive: false },
      bWhy: { kind: 'delayed-until-recursion', level: 1 },
    },
  ])('$name', ({ b, text, settings, bWhy }) => {
    const result = scan([a, entry('b', b)], { messages: [text], settings });
    expect(firedWhy(result, 'b') ?? skippedWhy(result, 'b')).toEqual(bWhy);
  });

  it('levels open in turn: the next only after a pass fires nothing new', () => {
    const b = entry('b', { keys: ['sword'], delayUntilRecursion: 1, content: 'plain' });
    const c = entry('c', { keys: ['shield'], delayUntilRecursion: 2 });
    const result = scan([a, b, c], { messages: ['a dragon'] });
    expect(result.fired.map((f) => f.why)).toEqual([
      { kind: 'key', key: 'dragon', secondary: null, level: 0 },
      { kind: 'recursion', key: 'sword', secondary: null, level: 1, by: ref('a') },
      // Pass 2 (level 1) fires nothing new, so level 2 opens for pass 3.
      { kind: 'recursion', key: 'shield', secondary: null, level: 3, by: ref('a') },
    ]);
  });

  it('a level no pass reaches is the reason', () => {
    const b = entry('b', { keys: ['sword'], delayUntilRecursion: 1 });
    const c = entry('c', { keys: ['shield'], delayUntilRecursion: 2 });
    const result = scan([a, b, c], { messages: ['a dragon'], settings: { maxRecursionSteps: 2 } });
    expect(firedIds(result)).toEqual(['a', 'b']);
    expect(skippedWhy(result, 'c')).toEqual({ kind: 'delayed-until-recursion', level: 2 });
  });

  it('levels are ranks, not pass numbers: the smallest present opens with the first recursive pass', () => {
    const c = entry('c', { keys: ['shield'], delayUntilRecursion: 5 });
    const result = scan([a, c], { messages: ['a dragon'] });
    expect(firedWhy(result, 'c')).toEqual({
      kind: 'recursion',
      key: 'shield',
      secondary: null,
      level: 1,
      by: ref('a'),
    });
  });
});

describe('[W13] max recursion steps', () => {
  const chain = ['a', 'b', 'c', 'd'].map((id, i, ids) =>
    entry(id, { keys: [`k-${id}`], content: `k-${ids[i + 1] ?? 'end'}` }),
  );
  it.each([
    { steps: 1, fired: ['a'] },
    { steps: 2, fired: ['a', 'b'] },
    { steps: 3, fired: ['a', 'b', 'c'] },
    { steps: 0, fired: ['a', 'b', 'c', 'd'] },
    { steps: 50, fired: ['a', 'b', 'c', 'd'] },
  ])('maxRecursionSteps $steps: fires $fired', ({ steps, fired }) => {
    const result = scan(chain, { messages: ['k-a'], settings: { maxRecursionSteps: steps } });
    expect(firedIds(result)).toEqual(fired);
    for (const e of chain.filter((x) => !fired.includes(x.id))) {
      expect(skippedWhy(result, e.id)).toEqual({ kind: 'no-match' });
    }
  });

  it('a long chain recurses as deep as it goes when unlimited', () => {
    const long = Array.from({ length: 40 }, (_, i) =>
      entry(`e${i}`, { keys: [`k${i}`], content: `k${i + 1}` }),
    );
    const result = scan(long, { messages: ['k0'] });
    expect(result.fired).toHaveLength(40);
    expect(firedWhy(result, 'e39')).toMatchObject({ kind: 'recursion', level: 39, by: ref('e38') });
  });
});
