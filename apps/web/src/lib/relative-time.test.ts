import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('counts seconds below a minute, singular for one', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('0 seconds ago');
    expect(formatRelativeTime(ago(1), NOW)).toBe('1 second ago');
    expect(formatRelativeTime(ago(59), NOW)).toBe('59 seconds ago');
  });

  it('counts whole minutes, hours and days', () => {
    expect(formatRelativeTime(ago(60), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(119), NOW)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(45 * 60), NOW)).toBe('45 minutes ago');
    expect(formatRelativeTime(ago(3_600), NOW)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 3_600 + 3_599), NOW)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(86_400), NOW)).toBe('1 day ago');
    expect(formatRelativeTime(ago(400 * 86_400), NOW)).toBe('400 days ago');
  });

  it('reads a time in the future as 0 seconds and an unreadable one as nothing', () => {
    expect(formatRelativeTime(new Date(NOW + 5_000).toISOString(), NOW)).toBe('0 seconds ago');
    expect(formatRelativeTime('not a date', NOW)).toBe('');
  });
});
