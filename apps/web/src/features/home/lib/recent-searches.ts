/** Where the home search box remembers what this browser searched for. */
export const RECENT_SEARCHES_KEY = 'recent-searches';
export const MAX_RECENT_SEARCHES = 5;

/** Spec §2: static suggestions fill the list until the visitor has searched for something. */
export const SAMPLE_SEARCHES = ['Samsung Galaxy', 'Kitenge', 'Solar lighting', 'Maasai shuka'] as const;

export function readRecentSearches(storage: Storage = localStorage): string[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(RECENT_SEARCHES_KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((entry): entry is string => typeof entry === 'string').slice(0, MAX_RECENT_SEARCHES)
      : [];
  } catch {
    return [];
  }
}

/** Puts the term first, drops an older copy of it (any case) and keeps the newest five. */
export function rememberSearch(term: string, storage: Storage = localStorage): string[] {
  const trimmed = term.trim();
  const previous = readRecentSearches(storage);
  if (!trimmed) return previous;
  const next = [trimmed, ...previous.filter((entry) => entry.toLowerCase() !== trimmed.toLowerCase())].slice(
    0,
    MAX_RECENT_SEARCHES,
  );
  try {
    storage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full quota: the search still runs, it is just not remembered.
  }
  return next;
}
