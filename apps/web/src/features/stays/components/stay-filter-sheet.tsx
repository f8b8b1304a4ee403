import { useState } from 'react';
import { BottomSheet, SheetBody, SheetFooter } from '@/components/bottom-sheet';
import { Button } from '@/components/button';
import { useStays } from '../api/get-stays';
import { clearStayFilters } from '../lib/stay-filters';
import type { StayFilters } from '../lib/stay-filters';
import { StayFilterPanel } from './stay-filter-panel';

type SheetContentProps = {
  /** The page's filters, which the sheet starts from each time it opens. */
  filters: StayFilters;
  onApply: (next: StayFilters) => void;
  onClose: () => void;
};

/** 'Show 3 stays' once the server has counted the draft's matches; 'Show stays' meanwhile. */
function showLabel(total: number | undefined): string {
  if (total === undefined) return 'Show stays';
  return `Show ${total} ${total === 1 ? 'stay' : 'stays'}`;
}

function SheetContent({ filters, onApply, onClose }: SheetContentProps) {
  // The choices stay a draft until 'Show N stays': the list behind the sheet does not jump about.
  const [draft, setDraft] = useState(filters);
  // The draft's first page: its count names the button, and once applied the list shows at once.
  const matches = useStays(draft);
  const total = matches.isPlaceholderData ? undefined : matches.data?.pages[0]?.total;
  return (
    <>
      <SheetBody>
        <StayFilterPanel value={draft} onChange={setDraft} />
      </SheetBody>
      <SheetFooter>
        <Button variant="secondary" onClick={() => setDraft(clearStayFilters(draft))}>
          Clear All
        </Button>
        <Button
          aria-busy={total === undefined}
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          {showLabel(total)}
        </Button>
      </SheetFooter>
    </>
  );
}

/** The stays' filters on a phone: a bottom sheet whose button says how many stays they leave. */
export function StayFilterSheet({ open, ...contentProps }: SheetContentProps & { open: boolean }) {
  return (
    <BottomSheet open={open} title="Filters" closeLabel="Close filters" onClose={contentProps.onClose}>
      <SheetContent {...contentProps} />
    </BottomSheet>
  );
}
