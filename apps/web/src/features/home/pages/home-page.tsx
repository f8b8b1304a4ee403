import { CategoryGrid } from '../components/category-grid';
import { FeaturedProducts } from '../components/featured-products';
import { HomeHero } from '../components/home-hero';
import { HomeHighlightTabs, HomeSideColumn } from '../components/home-side-panels';
import { QuickAccessTiles } from '../components/quick-access-tiles';

export function HomePage() {
  return (
    <>
      <title>Sokoni — Kenya's marketplace</title>
      <HomeHero />
      <QuickAccessTiles />
      <div className="mx-auto max-w-6xl px-4 pb-14 lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-8">
        <div className="min-w-0 space-y-10">
          <CategoryGrid />
          <HomeHighlightTabs />
          <FeaturedProducts />
        </div>
        <HomeSideColumn />
      </div>
    </>
  );
}
