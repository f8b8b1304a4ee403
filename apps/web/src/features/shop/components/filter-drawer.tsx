import { useState } from 'react';
import type { ComponentProps } from 'react';
import { BottomSheet, SheetBody, SheetFooter } from '@/components/bottom-sheet';
import { Button } from '@/components/button';
import { clearFilters } from '../lib/filter-state';
import type { FilterState } from '../lib/filter-state';
import { FilterPanel } from './filter-panel';

type DrawerBodyProps = Omit<ComponentProps<typeof FilterPanel>, 'value' | 'onChange'> & {
  /** The committed filters the drawer starts from each time it opens. */
  filters: FilterState;
  onApply: (next: FilterState) => void;
  onClose: () => void;
};

function DrawerBody({ filters, onApply, onClose, ...panelProps }: DrawerBodyProps) {
  // Changes stay in this draft until Apply Filters (spec §4).
  const [draft, setDraft] = useState(filters);
  return (
    <>
      <SheetBody>
        <FilterPanel value={draft} onChange={setDraft} {...panelProps} />
      </SheetBody>
      <SheetFooter>
        <Button variant="secondary" onClick={() => setDraft(clearFilters(draft))}>
          Clear All
        </Button>
        <Button
          onClick={() => {
            onApply(draft);
            onClose();
          }}
        >
          Apply Filters
        </Button>
      </SheetFooter>
    </>
  );
}

/** The shop's filters on a phone: a bottom sheet with Clear All and Apply Filters (spec §4). */
export function FilterDrawer({ open, ...bodyProps }: DrawerBodyProps & { open: boolean }) {
  return (
    <BottomSheet open={open} title="Filters" closeLabel="Close filters" onClose={bodyProps.onClose}>
      <DrawerBody {...bodyProps} />
    </BottomSheet>
  );
}
