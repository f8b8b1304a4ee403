import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../../lib/job-queue.js';
import { runPeriodically } from '../../lib/periodic-task.js';
import type { ProductsService } from './products.service.js';

export const TRENDING_QUEUE = 'shop-trending';
const VIEWS_FLUSH_EVERY_MS = 60_000;

/**
 * Trending is recomputed every minute by one server process (a scheduled job). Product views are
 * buffered in each process's memory, so each process writes its own every minute and on shutdown.
 */
export async function startTrendingJob(
  app: FastifyInstance,
  jobs: JobQueue,
  products: ProductsService,
): Promise<void> {
  jobs.define(TRENDING_QUEUE, { retryLimit: 2, retryDelaySeconds: 10, expireInSeconds: 300 }, async () => {
    await products.flushViews();
    await products.refreshTrending();
  });
  jobs.schedule(TRENDING_QUEUE, '* * * * *');
  await runPeriodically(app, {
    name: 'product views flush',
    everyMs: VIEWS_FLUSH_EVERY_MS,
    task: () => products.flushViews(),
    onClose: () => products.flushViews(),
  });
}
