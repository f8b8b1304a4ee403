import { useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { CommunityHighlights } from './community-highlights';
import { PlatformStats } from './platform-stats';
import { TrendingPanel } from './trending-panel';

const TABS = [
  { id: 'trending', label: 'Trending' },
  { id: 'community', label: 'Community' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** Desktop (lg and up): trending, community and stats stay in view beside the page. */
export function HomeSideColumn() {
  const trendingId = useId();
  const communityId = useId();
  return (
    <aside aria-label="Highlights" className="hidden lg:block">
      <div className="sticky top-20 space-y-4">
        <TrendingPanel headingId={trendingId} />
        <CommunityHighlights headingId={communityId} />
        <PlatformStats />
      </div>
    </aside>
  );
}

/** Phones and tablets: one panel at a time behind a Trending/Community switch, Trending first. */
export function HomeHighlightTabs() {
  const [selected, setSelected] = useState<TabId>('trending');
  const tabRefs = useRef<Partial<Record<TabId, HTMLButtonElement | null>>>({});
  const baseId = useId();
  const tabId = (id: TabId) => `${baseId}-tab-${id}`;
  const panelId = (id: TabId) => `${baseId}-panel-${id}`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = TABS.findIndex((tab) => tab.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? TABS[(index + 1) % TABS.length]
        : event.key === 'ArrowLeft'
          ? TABS[(index - 1 + TABS.length) % TABS.length]
          : event.key === 'Home'
            ? TABS[0]
            : event.key === 'End'
              ? TABS[TABS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    setSelected(next.id);
    tabRefs.current[next.id]?.focus();
  };

  return (
    <div className="lg:hidden">
      <div
        role="tablist"
        aria-label="Highlights"
        className="mb-3 grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1"
        onKeyDown={onKeyDown}
      >
        {TABS.map((tab) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[tab.id] = element;
            }}
            type="button"
            role="tab"
            id={tabId(tab.id)}
            aria-selected={selected === tab.id}
            aria-controls={panelId(tab.id)}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => setSelected(tab.id)}
            className={`min-h-10 rounded-lg text-sm font-semibold ${
              selected === tab.id
                ? 'bg-white text-emerald-800 shadow-sm'
                : 'text-slate-700 hover:text-slate-900'
            }`}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={panelId(selected)} aria-labelledby={tabId(selected)}>
        {selected === 'trending' ? (
          <TrendingPanel headingId={`${baseId}-trending-title`} />
        ) : (
          <CommunityHighlights headingId={`${baseId}-community-title`} />
        )}
      </div>
    </div>
  );
}
