// Fingerprints are stored as bases in every story: the same inputs must give the same string in
// every version, or every stored item would read as stale. The values were taken from the first
// implementation (cyrb53 of the parts joined by U+0000, printed in base 36).
import { describe, expect, it } from 'vitest';
import { EMPTY_HISTORY, fingerprint } from '../../src/driver/views/fingerprint.ts';

describe('fingerprint', () => {
  it('[D4] gives the stored values of earlier versions', () => {
    expect(EMPTY_HISTORY).toBe('6bzo3sgiob');
    expect(fingerprint()).toBe('wvjl67o803');
    expect(fingerprint('')).toBe('wvjl67o803');
    expect(fingerprint('门外有人', '😀')).toBe('79xq56zgku');
    expect(fingerprint('1a2b3c', 'user', 'own', 'I knock at the gate.')).toBe('2mfctu7wec');
    expect(fingerprint('x'.repeat(5000))).toBe('ymivxkut0y');
  });

  it('[D4] keeps the parts apart: ("ab","c") is not ("a","bc")', () => {
    expect(fingerprint('ab', 'c')).toBe('1ojk0aaqp5m');
    expect(fingerprint('a', 'bc')).toBe('1vlep8k4p3e');
  });
});
