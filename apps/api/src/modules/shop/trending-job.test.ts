import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProductsService } from './products.service.js';
import { startTrendingJob } from './trending-job.js';

afterEach(() => {
  vi.useRealTimers();
});

/** The two steps the job drives, counted; the job's schedule is what is under test. */
function countingProducts(refreshTrending: () => Promise<void> = async () => {}) {
  const calls = { flushViews: 0, refreshTrending: 0 };
  const products = {
    flushViews: async () => {
      calls.flushViews += 1;
    },
    refreshTrending: async () => {
      calls.refreshTrending += 1;
      await refreshTrending();
    },
  } as unknown as ProductsService;
  return { calls, products };
}

describe('the trending job', () => {
  it('recomputes at start and then every minute, and writes the last views on close', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const { calls, products } = countingProducts();
    await startTrendingJob(app, products);
    expect(calls).toEqual({ flushViews: 1, refreshTrending: 1 });

    await vi.advanceTimersByTimeAsync(59_999);
    expect(calls.refreshTrending).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toEqual({ flushViews: 2, refreshTrending: 2 });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls).toEqual({ flushViews: 4, refreshTrending: 4 });

    await app.close();
    expect(calls).toEqual({ flushViews: 5, refreshTrending: 4 });
    await vi.advanceTimersByTimeAsync(180_000);
    expect(calls.refreshTrending).toBe(4);
  });

  it('logs a failed recompute and tries again a minute later', async () => {
    vi.useFakeTimers();
    const app = Fastify();
    const logged = vi.spyOn(app.log, 'error');
    let failing = false;
    const { calls, products } = countingProducts(async () => {
      if (failing) throw new Error('database unavailable');
    });
    await startTrendingJob(app, products);
    failing = true;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ err: expect.any(Error) }),
      'trending refresh failed',
    );
    failing = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls.refreshTrending).toBe(3);
    await app.close();
  });
});
