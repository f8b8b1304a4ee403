// One autocannon run, in its own process so the load generator never shares the server's event loop.
// argv: a JSON object { url, connections, seconds, headers?, varyMinPrice? } → prints the figures as JSON.
// varyMinPrice gives every request its own minPrice, so each one is a different page: the cache misses.
import autocannon from 'autocannon';

type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  varyMinPrice?: boolean;
};

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
const url = new URL(options.url);
const result = await autocannon({
  url: url.origin,
  connections: options.connections,
  duration: options.seconds,
  headers: options.headers,
  requests: [
    {
      path: `${url.pathname}${url.search}`,
      ...(options.varyMinPrice
        ? {
            setupRequest: (request) => {
              const path = new URL(`${url.pathname}${url.search}`, url.origin);
              path.searchParams.set('minPrice', String(1000 + Math.floor(Math.random() * 40_000)));
              return { ...request, path: `${path.pathname}${path.search}` };
            },
          }
        : {}),
    },
  ],
});
console.log(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
  }),
);
