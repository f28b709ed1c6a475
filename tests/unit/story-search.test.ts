// The story list's search (by title or a character's name, whatever the case or width typed) and its
// shared titles (told apart in the list).
import { describe, expect, it } from 'vitest';
import { hasSharedTitle, matchesSearch, sharedTitles } from '../../src/app/library/story-search.ts';
import type { StorySummary } from '../../src/workers/api.ts';

const story = (id: string, title: string, participants: string[]): StorySummary => ({
  id,
  title,
  participants,
  createdAt: '2025-01-01T00:00:00.000Z',
  lastActivity: '2025-01-01T00:00:00.000Z',
});

const lantern = story('a', 'The Lantern', ['Wren', 'Jane']);
const harbour = story('b', '静かな港', ['Wren', '简']);

describe('matchesSearch', () => {
  it('finds a story by part of its title or of a character name, in any case or width', () => {
    expect(matchesSearch(lantern, 'lant')).toBe(true);
    expect(matchesSearch(lantern, 'JANE')).toBe(true);
    expect(matchesSearch(lantern, 'ｊａｎｅ')).toBe(true);
    expect(matchesSearch(harbour, '简')).toBe(true);
    expect(matchesSearch(harbour, '港')).toBe(true);
  });

  it('finds every story for an empty search, and none for words it does not have', () => {
    expect(matchesSearch(lantern, '  ')).toBe(true);
    expect(matchesSearch(lantern, 'harbour')).toBe(false);
  });
});

describe('sharedTitles', () => {
  it('names the titles more than one story has, whatever their case', () => {
    const twin = story('c', 'the lantern ', ['Wren', 'Mara']);
    const shared = sharedTitles([lantern, harbour, twin]);
    expect(hasSharedTitle(shared, lantern)).toBe(true);
    expect(hasSharedTitle(shared, twin)).toBe(true);
    expect(hasSharedTitle(shared, harbour)).toBe(false);
  });
});
