import { act, cleanup } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProductFacets } from '@sokoni/contracts/shop';
import { pageAnswer } from '@/test/answers';
import { buildProduct } from '@/test/api-fakes';
import { renderWithProviders } from '@/test/render-with-providers';
import { server } from '@/test/server';
import { TrendingPage } from './trending-page';

const EMPTY_FACETS: ProductFacets = {
  total: 0,
  minPrice: null,
  maxPrice: null,
  categories: [],
  conditions: [],
};

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/**
 * Runs the clock forward, letting answered fetches settle on the way. A zero-delay timer set
 * while fake timers run is due 1 ms later, so results of a timed refetch show after one more ms.
 */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('trending page', () => {
  it("is 'Updated live': asks for the trending list again after 30 s and shows what is new", async () => {
    const first = buildProduct({ title: 'Solar lantern', isTrending: true });
    const risen = buildProduct({ title: 'Sufuria set', isTrending: true });
    let trendingListCalls = 0;
    server.use(
      http.get('/api/products/facets', () => HttpResponse.json(EMPTY_FACETS)),
      http.get('/api/products', ({ request }) => {
        if (new URL(request.url).searchParams.get('trending') !== 'true') return undefined;
        trendingListCalls += 1;
        return pageAnswer(trendingListCalls === 1 ? [first] : [risen, first]);
      }),
    );
    const { container } = renderWithProviders(<TrendingPage />, { url: '/trending' });
    const text = () => container.textContent;
    await advance(0);

    expect(text()).toContain('Updated live');
    expect(text()).toContain(first.title);
    expect(text()).not.toContain(risen.title);
    expect(trendingListCalls).toBe(1);

    await advance(29_999);
    expect(trendingListCalls).toBe(1);

    await advance(1);
    expect(trendingListCalls).toBe(2);

    await advance(1);
    expect(text()).toContain(risen.title);
    expect(text()).toContain(first.title);
    expect(trendingListCalls).toBe(2);
  });
});
