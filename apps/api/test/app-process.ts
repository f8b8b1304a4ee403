// The whole app as a server process, with the job queue's and the mail's timings shortened so tests
// of restarts and of several processes finish in seconds: `node --import tsx test/app-process.ts`,
// configured by the environment like server.ts. TEST_CONNECTION_TIMINGS (JSON) shortens the
// connection timings for the tests of slow clients.
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { ConnectionTimings } from '../src/lib/connection-bounds.js';

const config = loadConfig();
const connectionTimings = process.env.TEST_CONNECTION_TIMINGS;
const app = await buildApp(config, {
  jobs: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
  mail: { retryDelaySeconds: 1, expireInSeconds: 3, commitWaitMs: 5000 },
  connections: connectionTimings ? (JSON.parse(connectionTimings) as Partial<ConnectionTimings>) : undefined,
});
process.on('SIGTERM', () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
await app.listen({ port: config.port, host: config.host });
