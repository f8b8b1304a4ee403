/** Marks an event its organizer cancelled (#27), on its card and its page. */
export function CancelledBadge({ className = '' }: { className?: string }) {
  return (
    <span
      data-testid="event-cancelled"
      className={`rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold text-red-800 ${className}`}
    >
      Cancelled
    </span>
  );
}
