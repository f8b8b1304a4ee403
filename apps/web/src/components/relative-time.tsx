import { formatRelativeTime } from '@/lib/relative-time';

/** '3 hours ago', with the exact date for machines and on hover. */
export function RelativeTime({ iso }: { iso: string }) {
  const exact = new Date(iso);
  return (
    <time dateTime={iso} title={Number.isNaN(exact.getTime()) ? undefined : exact.toLocaleString('en-KE')}>
      {formatRelativeTime(iso)}
    </time>
  );
}
