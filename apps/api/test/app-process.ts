// The whole app as a server process, with the job queue's and the mail's timings shortened so tests
// of restarts and of several processes finish in seconds: `node --import tsx test/app-process.ts`,
// configured by the environment like server.ts.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

const config = loadConfig();
const app = await buildApp(config, {
  jobs: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
  mail: { retryDelaySeconds: 1, expireInSeconds: 3, commitWaitMs: 5000 },
});
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
await app.listen({ port: config.port, host: config.host });
