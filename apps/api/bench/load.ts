// One autocannon run, in its own process so the load generator never shares the server's event loop.
// argv: a JSON object { url, connections, seconds, headers?, vary? } → prints the figures as JSON.
// vary {param, from, to} gives every request its own value of that query parameter (a whole number in
// [from, to)), so each one is a different page: the cache misses.
import autocannon from 'autocannon';

type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  vary?: { param: string; from: number; to: number };
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
      ...(options.vary
        ? {
            setupRequest: (request) => {
              const { param, from, to } = options.vary!;
              const path = new URL(`${url.pathname}${url.search}`, url.origin);
              path.searchParams.set(param, String(from + Math.floor(Math.random() * (to - from))));
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
