// The words of "What X was given" for the window a request's history held: the whole history, none,
// or the end of it with the earlier turns in memories (the window's end is the history's end).
import { describe, expect, it } from 'vitest';
import { windowText } from '../../src/app/inspector/given-format.ts';

describe('what a request was given, in words', () => {
  it('says which stretch of the history the window held', () => {
    expect(windowText({ start: 119, entries: 45 })).toBe(
      'Turns 120–164 of 164; the 119 before them are in its memories.',
    );
    expect(windowText({ start: 0, entries: 12 })).toBe('The whole history: 12 turns.');
    expect(windowText({ start: 0, entries: 1 })).toBe('The whole history: 1 turn.');
    expect(windowText({ start: 0, entries: 0 })).toBe(
      'No history yet: nothing had happened for them before this.',
    );
    expect(windowText({ start: 1200, entries: 300 })).toBe(
      'Turns 1,201–1,500 of 1,500; the 1,200 before them are in its memories.',
    );
  });
});
