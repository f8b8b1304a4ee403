import type { FastifyInstance } from 'fastify';
import type { ProductsService } from './products.service.js';

const REFRESH_EVERY_MS = 60_000;

/** Writes buffered product views and recomputes trending every minute, and once more on shutdown. */
export async function startTrendingJob(app: FastifyInstance, products: ProductsService): Promise<void> {
  const refresh = async () => {
    await products.flushViews();
    await products.refreshTrending();
  };
  await refresh();
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = refresh().catch((error: unknown) => app.log.error({ err: error }, 'trending refresh failed'));
  }, REFRESH_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await products.flushViews();
  });
}
