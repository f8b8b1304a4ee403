import { HomeHero } from '../components/home-hero';
import { QuickAccessTiles } from '../components/quick-access-tiles';

/** The home page is a stack of sections; search, categories, featured and trending join it later. */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <QuickAccessTiles />
    </>
  );
}
