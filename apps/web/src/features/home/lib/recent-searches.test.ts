import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_KEY, readRecentSearches, rememberSearch } from './recent-searches';

beforeEach(() => localStorage.clear());

describe('recent searches', () => {
  it('starts empty and remembers the newest search first', () => {
    expect(readRecentSearches()).toEqual([]);
    rememberSearch('kitenge');
    rememberSearch('  samsung ');
    expect(readRecentSearches()).toEqual(['samsung', 'kitenge']);
  });

  it('moves a repeated search to the front instead of listing it twice', () => {
    rememberSearch('Kitenge');
    rememberSearch('sofa');
    expect(rememberSearch('kitenge')).toEqual(['kitenge', 'sofa']);
  });

  it('keeps the newest five and ignores blank searches', () => {
    for (const term of ['a', 'b', 'c', 'd', 'e', 'f']) rememberSearch(term);
    expect(rememberSearch('   ')).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('survives something else written under its key', () => {
    localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['ok', 3, null]));
    expect(readRecentSearches()).toEqual(['ok']);
  });
});
