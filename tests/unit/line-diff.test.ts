// The prompt editor's diff against the original.
import { describe, expect, it } from 'vitest';
import { lineDiff } from '../../src/app/ui/line-diff.ts';

describe('lineDiff', () => {
  it('marks unchanged, added and removed lines in order', () => {
    expect(lineDiff('a\nb\nc', 'a\nB\nc\nd')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'added', text: 'B' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
  });

  it('an identical text is all unchanged; an emptied one all removed', () => {
    expect(lineDiff('x\ny', 'x\ny').every((l) => l.kind === 'same')).toBe(true);
    expect(
      lineDiff('x\ny', '')
        .filter((l) => l.kind === 'removed')
        .map((l) => l.text),
    ).toEqual(['x', 'y']);
  });
});
