import type { StaySummary } from '@sokoni/contracts/stays';
import { SkeletonCard } from '@/components/skeleton-card';
import { StayCard } from './stay-card';

const GRID_CLASSES = 'grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3';

type StayGridProps = {
  stays: StaySummary[];
  /** How many of the first cards are in view when the page opens: their photos load at once. */
  priorityCount?: number;
};

export function StayGrid({ stays, priorityCount = 0 }: StayGridProps) {
  return (
    <ul className={GRID_CLASSES}>
      {stays.map((stay, index) => (
        <li key={stay.id}>
          <StayCard stay={stay} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}

/** Grey cards in the grid's shape while stays load. */
export function StayGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading stays" className={GRID_CLASSES}>
      {Array.from({ length: count }, (_, index) => (
        <SkeletonCard
          key={index}
          image="aspect-[3/2]"
          lines={['h-4 w-4/5', 'h-3 w-3/5', 'h-3 w-2/5', 'h-4 w-1/3']}
        />
      ))}
    </div>
  );
}
