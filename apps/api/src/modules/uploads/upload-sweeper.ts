import type { FastifyBaseLogger } from 'fastify';
import type { JobQueue } from '../../lib/job-queue.js';
import type { UploadsService } from './uploads.service.js';

export const UPLOAD_SWEEP_QUEUE = 'uploads-sweep';

/** Removes uploads nobody used within a day, every hour, in one server process at a time. */
export function scheduleUploadSweep(jobs: JobQueue, uploads: UploadsService, log: FastifyBaseLogger): void {
  jobs.define(
    UPLOAD_SWEEP_QUEUE,
    { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 1800 },
    async () => {
      const removed = await uploads.sweepUnused();
      if (removed > 0) log.info({ removed }, 'removed uploads nobody used');
    },
  );
  jobs.schedule(UPLOAD_SWEEP_QUEUE, '7 * * * *');
}
