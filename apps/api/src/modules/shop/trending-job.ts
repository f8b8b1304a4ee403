import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic-task.js';
import type { ProductsService } from './products.service.js';

const REFRESH_EVERY_MS = 60_000;

/** Writes buffered product views and recomputes trending every minute, and writes the views once more on shutdown. */
export async function startTrendingJob(app: FastifyInstance, products: ProductsService): Promise<void> {
  await runPeriodically(app, {
    name: 'trending refresh',
    everyMs: REFRESH_EVERY_MS,
    task: async () => {
      await products.flushViews();
      await products.refreshTrending();
    },
    onClose: () => products.flushViews(),
  });
}
