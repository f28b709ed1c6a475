// Dice: the notation read and bounded, every face in range, the same seed the same roll, and the roll
// told as the user's turn in the story's language.
import { describe, expect, it } from 'vitest';
import { parseDice, rollDice, rollText, DICE_LIMITS } from '../../src/driver/dice/dice.ts';
import { seededRandom } from '../../src/driver/dice/seeded-random.ts';
import { rollForUser } from '../../src/driver/dice/roll-command.ts';
import { makeStory } from '../support/story-fixture.ts';
import { makeEnv } from '../support/driver-env.ts';

const spec = (text: string) => {
  const r = parseDice(text, 'en');
  if (!r.ok) throw new Error(r.detail);
  return r.spec;
};

describe('dice', () => {
  it('[DI1] reads the usual notation, spaces and case aside', () => {
    expect(spec('2d6+1')).toEqual({ count: 2, sides: 6, modifier: 1 });
    expect(spec('d20')).toEqual({ count: 1, sides: 20, modifier: 0 });
    expect(spec(' 3 D8 - 2 ')).toEqual({ count: 3, sides: 8, modifier: -2 });
  });

  it('[DI1] refuses what is not a roll or is out of bounds, saying what to write', () => {
    for (const text of [
      '',
      'two dice',
      '0d6',
      '2d1',
      `${DICE_LIMITS.count + 1}d6`,
      '1d1001',
      '1d6+1001',
      '2d6*2',
    ]) {
      const r = parseDice(text, 'en');
      expect(r.ok, text).toBe(false);
      if (!r.ok) {
        expect(r.code).toBe('invalid');
        expect(r.detail).toContain('Write dice as 2d6+1');
      }
    }
    const zh = parseDice('abc', 'zh');
    expect(!zh.ok && zh.detail).toContain('请写成 2d6+1');
  });

  it('[DI2] every face is between 1 and the sides, and the total adds the modifier', () => {
    const random = seededRandom(7);
    const faces = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const roll = rollDice(spec('3d6-1'), random);
      expect(roll.dice).toHaveLength(3);
      for (const face of roll.dice) {
        expect(face).toBeGreaterThanOrEqual(1);
        expect(face).toBeLessThanOrEqual(6);
        faces.add(face);
      }
      expect(roll.total).toBe(roll.dice.reduce((a, b) => a + b, 0) - 1);
    }
    expect([...faces].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    // The extremes of the random source still land on a face.
    expect(rollDice(spec('1d6'), () => 0).dice).toEqual([1]);
    expect(rollDice(spec('1d6'), () => 0.999999).dice).toEqual([6]);
  });

  it('[DI2] the same seed rolls the same dice; another seed another sequence', () => {
    const roll = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 10 }, () => rollDice(spec('2d20'), random).dice);
    };
    expect(roll(42)).toEqual(roll(42));
    expect(roll(42)).not.toEqual(roll(43));
  });

  it("[DI3] tells the roll as the user's turn, in the story's language", () => {
    const roll = rollDice(spec('2d6+1'), () => 0.5);
    expect(rollText(roll, 'en')).toBe('I roll 2d6+1: 4 + 4 + 1 = 9.');
    expect(rollText(roll, 'zh')).toBe('我掷出 2d6+1：4 + 4 + 1 = 9。');
    expect(
      rollText(
        rollDice(spec('1d20'), () => 0),
        'en',
      ),
    ).toBe('I roll 1d20: 1.');
    expect(
      rollText(
        rollDice(spec('2d4-3'), () => 0),
        'en',
      ),
    ).toBe('I roll 2d4-3: 1 + 1 − 3 = -1.');
  });

  it("[DI3] rolls with the env's random numbers and stores nothing", () => {
    const s = makeStory();
    const before = s.views.everyNode().length;
    const r = rollForUser(s, { ...makeEnv(() => ''), random: seededRandom(1) }, '2d6');
    const again = rollForUser(s, { ...makeEnv(() => ''), random: seededRandom(1) }, '2d6');
    expect(r.ok && again.ok && r.roll).toEqual(again.ok && again.roll);
    expect(r.ok && r.text).toMatch(/^I roll 2d6: \d \+ \d = \d+\.$/);
    expect(s.views.everyNode().length).toBe(before);
    const none = rollForUser(
      s,
      makeEnv(() => ''),
      '2d6',
    );
    expect(!none.ok && none.code).toBe('invalid');
  });
});
