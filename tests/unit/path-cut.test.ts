// Deleting a message as a branch cut (D12): the path ends before the turn, nothing leaves the tree,
// and switching back to the old leaf restores the path.
import { describe, expect, it } from 'vitest';
import { cutPathAt } from '../../src/driver/doc/path-cut.ts';
import { activeLeaf } from '../../src/driver/doc/turns.ts';
import { setActiveLeaf } from '../../src/driver/doc/tree.ts';
import { JANE, USER, childIds, makeStory, pathIds } from '../support/story-fixture.ts';

describe('path cut', () => {
  it('[D12] cuts the active path before a turn and keeps it and its followers as a branch', () => {
    const f = makeStory();
    const a = f.say(USER, 'A');
    const b = f.say(JANE, 'B');
    const c = f.say(USER, 'C');
    const d = f.say(JANE, 'D');
    expect(cutPathAt(f.doc, b)).toEqual({ ok: true, leaf: d, cut: 3 });
    expect(pathIds(f.doc)).toEqual([a]);
    expect(childIds(f.doc, a)).toEqual([b]);
    expect(pathIds(f.doc, d)).toEqual([a, b, c, d]);
    // The next turn starts an alternative beside the cut one.
    const e = f.say(USER, 'E');
    expect(childIds(f.doc, a)).toEqual([b, e]);
    setActiveLeaf(f.doc, d);
    expect(pathIds(f.doc)).toEqual([a, b, c, d]);
  });

  it('[D12] cutting the first turn leaves an empty path; the last turn only itself', () => {
    const f = makeStory();
    const a = f.say(USER, 'A');
    const b = f.say(JANE, 'B');
    expect(cutPathAt(f.doc, b)).toEqual({ ok: true, leaf: b, cut: 1 });
    expect(pathIds(f.doc)).toEqual([a]);
    setActiveLeaf(f.doc, b);
    expect(cutPathAt(f.doc, a)).toEqual({ ok: true, leaf: b, cut: 2 });
    expect(activeLeaf(f.doc)).toBeNull();
    expect(pathIds(f.doc, b)).toEqual([a, b]);
  });

  it('[D12] refuses, changing nothing, a turn that is not on the active path', () => {
    const f = makeStory();
    const a = f.say(USER, 'A');
    const b = f.say(JANE, 'B');
    const b2 = f.say(JANE, 'B2', { parent: a });
    expect(cutPathAt(f.doc, b)).toEqual({ ok: false, reason: 'not-on-path' });
    expect(activeLeaf(f.doc)).toBe(b2);
    setActiveLeaf(f.doc, null);
    expect(cutPathAt(f.doc, a)).toEqual({ ok: false, reason: 'not-on-path' });
  });
});
