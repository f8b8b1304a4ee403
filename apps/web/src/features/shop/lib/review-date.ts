const reviewDateFormat = new Intl.DateTimeFormat('en-KE', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** '2026-11-21T…' → '21 Nov 2026'. */
export function formatReviewDate(iso: string): string {
  return reviewDateFormat.format(new Date(iso));
}
