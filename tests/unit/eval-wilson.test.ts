// The Wilson 95 % interval of the eval's scores, against values worked by hand from the formula.
import { describe, expect, it } from 'vitest';
import { wilson } from '../../src/driver/eval/wilson.ts';

describe('[E7] wilson', () => {
  it('gives 0 of 10 an interval from exactly 0 to z²/(n+z²)', () => {
    const s = wilson(0, 10);
    expect(s).toMatchObject({ hits: 0, opportunities: 10, per100: 0, low: 0 });
    expect(s.high).toBeCloseTo((100 * 1.96 ** 2) / (10 + 1.96 ** 2), 1);
  });

  it('is symmetric around one half, and mirrors at all hits', () => {
    const half = wilson(5, 10);
    expect(half.per100).toBe(50);
    expect(half.low).toBeCloseTo(23.66, 2);
    expect(half.high).toBeCloseTo(76.34, 2);
    const all = wilson(10, 10);
    expect(all.high).toBe(100);
    expect(all.low).toBeCloseTo(100 - (wilson(0, 10).high as number), 10);
  });

  it('narrows as opportunities grow, always holding the rate', () => {
    const small = wilson(3, 20);
    const large = wilson(300, 2000);
    expect(large.per100).toBeCloseTo(small.per100 as number, 10);
    expect((large.high as number) - (large.low as number)).toBeLessThan(
      (small.high as number) - (small.low as number),
    );
    for (const s of [small, large, wilson(1, 1000), wilson(999, 1000)]) {
      expect(s.low as number).toBeLessThanOrEqual(s.per100 as number);
      expect(s.high as number).toBeGreaterThanOrEqual(s.per100 as number);
    }
  });

  it('has no rate and no interval without an opportunity, and refuses impossible counts', () => {
    expect(wilson(0, 0)).toEqual({ hits: 0, opportunities: 0, per100: null, low: null, high: null });
    expect(() => wilson(3, 2)).toThrow(/3 hits of 2/);
    expect(() => wilson(-1, 2)).toThrow();
    expect(() => wilson(0.5, 2)).toThrow();
  });
});
