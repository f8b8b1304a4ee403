import type { FastifyInstance } from 'fastify';
import { runPeriodically } from '../../lib/periodic-task.js';
import type { UploadsService } from './uploads.service.js';

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/** Removes uploads nobody used within a day: at start (after downtime) and every hour. */
export async function startUploadSweeper(app: FastifyInstance, uploads: UploadsService): Promise<void> {
  await runPeriodically(app, {
    name: 'upload sweep',
    everyMs: SWEEP_EVERY_MS,
    task: async () => {
      const removed = await uploads.sweepUnused();
      if (removed > 0) app.log.info({ removed }, 'removed uploads nobody used');
    },
  });
}
