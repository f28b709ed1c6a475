// Timed effects of World Info entries (W16, W17): sticky carries, cooldowns and delays, counted in the
// messages of the scanned participant's transcript from the last fresh firing the caller stored.
import { describe, expect, it } from 'vitest';
import { timedKey } from '../../src/driver/lore/activate.ts';
import { firedFreshly } from '../../src/driver/lore/reasons.ts';
import {
  entry,
  firedIds,
  firedWhy,
  fixedRandom,
  ref,
  scan,
  skippedWhy,
  BOOK,
} from '../support/lore-fixture.ts';

const fired = (id: string, at: number) => new Map([[timedKey(BOOK, id), at]]);

describe('[W16] sticky', () => {
  const moon = entry('m', { keys: ['moon'], sticky: 3 });
  it.each([
    { now: 10, text: 'the moon', why: { kind: 'key', key: 'moon', secondary: null, level: 0 } },
    { now: 10, text: 'nothing', why: { kind: 'no-match' } },
    { now: 11, text: 'nothing', why: { kind: 'sticky', since: 10 } },
    { now: 13, text: 'nothing', why: { kind: 'sticky', since: 10 } },
    { now: 13, text: 'the moon', why: { kind: 'sticky', since: 10 } },
    { now: 14, text: 'nothing', why: { kind: 'no-match' } },
    { now: 14, text: 'the moon', why: { kind: 'key', key: 'moon', secondary: null, level: 0 } },
    { now: 9, text: 'nothing', why: { kind: 'no-match' } },
  ])('sticky 3, fired freshly at 10, now $now, "$text": $why.kind', ({ now, text, why }) => {
    const result = scan([moon], { messages: [text], messageCount: now, lastFired: fired('m', 10) });
    expect(firedWhy(result, 'm') ?? skippedWhy(result, 'm')).toEqual(why);
  });

  it('a carried entry rolls no probability and needs no key; a fresh one is told apart', () => {
    const random = fixedRandom(0.99);
    const rare = entry('r', { keys: ['moon'], sticky: 2, probability: 1 });
    const result = scan([rare], {
      messages: ['nothing'],
      messageCount: 11,
      lastFired: fired('r', 10),
      random,
    });
    expect(result.fired.map((f) => f.why)).toEqual([{ kind: 'sticky', since: 10 }]);
    expect(random.asked).toEqual([]);
    expect(firedFreshly({ kind: 'sticky', since: 10 })).toBe(false);
    expect(firedFreshly({ kind: 'key', key: 'moon', secondary: null, level: 0 })).toBe(true);
    expect(firedFreshly({ kind: 'constant' })).toBe(true);
  });

  it('a carried entry wins its inclusion group, over priority and order', () => {
    const carried = entry('carried', { keys: ['moon'], sticky: 5, groups: ['sky'], order: 1 });
    const rival = entry('rival', { keys: ['moon'], groups: ['sky'], groupOverride: true, order: 900 });
    const result = scan([carried, rival], {
      messages: ['the moon'],
      messageCount: 12,
      lastFired: fired('carried', 10),
    });
    expect(firedIds(result)).toEqual(['carried']);
    expect(skippedWhy(result, 'rival')).toEqual({
      kind: 'group',
      group: 'sky',
      to: ref('carried'),
      how: 'sticky',
    });
  });

  it('a carried entry is kept first under the budget', () => {
    const carried = entry('carried', { keys: ['moon'], sticky: 5, order: 1, content: 'x'.repeat(10) });
    const high = entry('high', { keys: ['moon'], order: 999, content: 'y'.repeat(10) });
    const result = scan([high, carried], {
      messages: ['the moon'],
      messageCount: 12,
      lastFired: fired('carried', 10),
      budget: 15,
    });
    expect(firedIds(result)).toEqual(['carried']);
    expect(skippedWhy(result, 'high')).toEqual({ kind: 'budget', tokens: 10, spent: 10, budget: 15 });
  });

  it('is bypassed by nothing but disabled, the character filter and delay', () => {
    const off = entry('off', { keys: ['moon'], sticky: 5, enabled: false });
    const other = entry('other', { keys: ['moon'], sticky: 5, characterFilter: { names: ['Jess'] } });
    const result = scan([off, other], {
      messageCount: 12,
      lastFired: new Map([
        [timedKey(BOOK, 'off'), 10],
        [timedKey(BOOK, 'other'), 10],
      ]),
    });
    expect(result.skipped.map((s) => s.why.kind)).toEqual(['disabled', 'character-filter']);
  });
});

describe('[W17] cooldown and delay', () => {
  it.each([
    { now: 11, why: { kind: 'cooldown', until: 13 } },
    { now: 12, why: { kind: 'cooldown', until: 13 } },
    { now: 13, why: { kind: 'key', key: 'moon', secondary: null, level: 0 } },
    { now: 10, why: { kind: 'key', key: 'moon', secondary: null, level: 0 } },
  ])('cooldown 2 without sticky, fired at 10, now $now: $why.kind', ({ now, why }) => {
    const e = entry('c', { keys: ['moon'], cooldown: 2 });
    const result = scan([e], { messages: ['the moon'], messageCount: now, lastFired: fired('c', 10) });
    expect(firedWhy(result, 'c') ?? skippedWhy(result, 'c')).toEqual(why);
  });

  // SillyTavern's documented example: sticky 3, cooldown 2, delay 2, activated at message 1.
  it.each([
    { now: 0, why: { kind: 'delay', until: 2 } },
    { now: 1, why: { kind: 'delay', until: 2 } },
    { now: 2, why: { kind: 'sticky', since: 1 } },
    { now: 3, why: { kind: 'sticky', since: 1 } },
    { now: 4, why: { kind: 'sticky', since: 1 } },
    { now: 5, why: { kind: 'cooldown', until: 7 } },
    { now: 6, why: { kind: 'cooldown', until: 7 } },
    { now: 7, why: { kind: 'key', key: 'moon', secondary: null, level: 0 } },
  ])('sticky 3, cooldown 2, delay 2, fired at 1; message $now: $why.kind', ({ now, why }) => {
    const e = entry('t', { keys: ['moon'], sticky: 3, cooldown: 2, delay: 2 });
    const result = scan([e], { messages: ['the moon'], messageCount: now, lastFired: fired('t', 1) });
    expect(firedWhy(result, 't') ?? skippedWhy(result, 't')).toEqual(why);
  });

  it.each([
    { delay: 0, now: 0, fires: true },
    { delay: 1, now: 0, fires: false },
    { delay: 1, now: 1, fires: true },
    { delay: 5, now: 4, fires: false },
    { delay: 5, now: 5, fires: true },
  ])('delay $delay with $now messages: fires $fires (never fired before)', ({ delay, now, fires }) => {
    const e = entry('d', { constant: true, delay });
    const result = scan([e], { messageCount: now });
    expect(firedIds(result)).toEqual(fires ? ['d'] : []);
    if (!fires) expect(skippedWhy(result, 'd')).toEqual({ kind: 'delay', until: delay });
  });

  it('a cooldown holds back a constant entry too', () => {
    const e = entry('c', { constant: true, cooldown: 3 });
    expect(skippedWhy(scan([e], { messageCount: 12, lastFired: fired('c', 10) }), 'c')).toEqual({
      kind: 'cooldown',
      until: 14,
    });
  });

  it("another book's entry of the same id has timed effects of its own", () => {
    const e = entry('same', { keys: ['moon'], cooldown: 5 });
    const result = scan([e], {
      books: [['other', e]],
      messages: ['the moon'],
      messageCount: 11,
      lastFired: fired('same', 10),
    });
    expect(result.fired.map((f) => f.book)).toEqual(['other']);
    expect(result.skipped.map((s) => [s.book, s.why.kind])).toEqual([[BOOK, 'cooldown']]);
  });
});
