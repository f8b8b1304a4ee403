import type { FastifyInstance } from 'fastify';

/**
 * Runs `task` at start, then every `everyMs` until the app closes (the last run is awaited; then
 * `onClose`, if any). A failed run is logged and the next one tries again; the timer never keeps
 * the process alive on its own.
 */
export async function runPeriodically(
  app: FastifyInstance,
  options: { name: string; everyMs: number; task: () => Promise<void>; onClose?: () => Promise<void> },
): Promise<void> {
  await options.task();
  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = options
      .task()
      .catch((error: unknown) => app.log.error({ err: error }, `${options.name} failed`));
  }, options.everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
    await options.onClose?.();
  });
}
