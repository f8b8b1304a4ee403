const UNITS = [
  { name: 'day', seconds: 86_400 },
  { name: 'hour', seconds: 3_600 },
  { name: 'minute', seconds: 60 },
] as const;

/**
 * Spec §9: how long ago something happened, in seconds, minutes, hours or days
 * ('1 minute ago', '3 days ago'). A time slightly in the future (clock skew) reads as 0 seconds.
 */
export function formatRelativeTime(iso: string, now: number = Date.now()): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const elapsed = Math.max(0, Math.floor((now - then) / 1000));
  const unit = UNITS.find((candidate) => elapsed >= candidate.seconds);
  const count = unit ? Math.floor(elapsed / unit.seconds) : elapsed;
  const name = unit ? unit.name : 'second';
  return `${count} ${name}${count === 1 ? '' : 's'} ago`;
}
