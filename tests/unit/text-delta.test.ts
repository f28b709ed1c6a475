// The inspector's text edits: minimal deltas (common prefix and suffix), applied by Yjs to the same
// result; offsets carried across a change; a remote change merged into unsent local edits.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { diffText, mapOffset, rebaseText, textDelta } from '../../src/app/ui/text-delta.ts';
import type { TextDeltaOp } from '../../src/driver/doc/text-edit.ts';

function applied(before: string, delta: TextDeltaOp[]): string {
  const text = new Y.Doc().getText('t');
  text.insert(0, before);
  text.applyDelta(delta);
  return text.toString();
}

describe('textDelta', () => {
  it('is empty when nothing changed', () => {
    expect(textDelta('same', 'same')).toEqual([]);
    expect(textDelta('', '')).toEqual([]);
  });

  it('keeps the common prefix and suffix', () => {
    expect(textDelta('You hear a knock.', 'You hear a loud knock.')).toEqual([
      { retain: 11 },
      { insert: 'loud ' },
    ]);
    expect(textDelta('abcdef', 'abXef')).toEqual([{ retain: 2 }, { delete: 2 }, { insert: 'X' }]);
    expect(textDelta('abc', '')).toEqual([{ delete: 3 }]);
    expect(textDelta('', 'abc')).toEqual([{ insert: 'abc' }]);
  });

  it('handles repeated characters without overlapping prefix and suffix', () => {
    expect(textDelta('aaa', 'aaaa')).toEqual([{ retain: 3 }, { insert: 'a' }]);
    expect(textDelta('aaaa', 'aa')).toEqual([{ retain: 2 }, { delete: 2 }]);
  });

  it('never splits a surrogate pair', () => {
    // 😀 and 😁 share their high surrogate.
    const change = diffText('a😀b', 'a😁b');
    expect(change).toEqual({ index: 1, remove: 2, insert: '😁' });
  });

  it('turns any text into any other through Yjs', () => {
    const cases = [
      ['', ''],
      ['hello', 'help'],
      ['*She smiles.* "Hi."', '*She frowns.* "Hi?"'],
      ['她说：“你好。”', '她低声说：“你好。”'],
      ['😀😀', '😀😁😀'],
      ['abc', 'xyz'],
    ] as const;
    for (const [before, after] of cases) expect(applied(before, textDelta(before, after))).toBe(after);
  });
});

describe('mapOffset', () => {
  const change = { index: 4, remove: 2, insert: 'XYZ' };
  it('keeps offsets before the change and shifts those after it', () => {
    expect(mapOffset(0, change)).toBe(0);
    expect(mapOffset(4, change)).toBe(4);
    expect(mapOffset(6, change)).toBe(7);
    expect(mapOffset(10, change)).toBe(11);
  });
  it('moves an offset inside the replaced range to the end of the insertion', () => {
    expect(mapOffset(5, change)).toBe(7);
  });
});

describe('rebaseText', () => {
  const base = 'You hear a knock at the door.';
  it('takes the remote text when there is nothing local, and the local when nothing arrived', () => {
    expect(rebaseText(base, base, 'remote')).toBe('remote');
    expect(rebaseText(base, 'local', base)).toBe('local');
  });

  it('keeps both changes when they touch different places', () => {
    const local = 'You hear a loud knock at the door.';
    const remote = 'You hear a knock at the back door.';
    expect(rebaseText(base, local, remote)).toBe('You hear a loud knock at the back door.');
    expect(rebaseText(base, remote, local)).toBe('You hear a loud knock at the back door.');
  });

  it('puts the local insertion first when both insert at one place', () => {
    expect(rebaseText('ab', 'aXb', 'aYb')).toBe('aXYb');
  });

  it('lets the local edit win where both changed the same words', () => {
    expect(rebaseText(base, 'You hear a tap at the door.', 'You hear a bang at the door.')).toBe(
      'You hear a tap at the door.',
    );
  });
});
