// npm run page-bytes: what /shop costs on the wire on a phone (#29), in Debian's Chromium: a first visit
// and a second one (the same browser, the service worker by then in control), with the data saver off
// and on (the phone saying Save-Data, as a phone's data saver does), written into docs/PERFORMANCE.md
// between its page-bytes markers. It serves the built app (`npm run build` first) like lighthouse.ts;
// PAGE_BYTES_WRITE=0 prints the table only.
//
// Two counts of the same visits:
// - on the wire: every byte the server sent the browser, counted by a proxy in front of it, so the
//   service worker's own downloads (its precache, what it fetches for the page) are in it, and an
//   answer from a cache costs nothing;
// - the page's responses: CDP's Network.loadingFinished encodedDataLength for each of the page's
//   requests, 0 for one the service worker answered, by kind.
/// <reference lib="dom" />
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';
import { chromium, devices, type Browser, type CDPSession, type Page } from '@playwright/test';
import { writePerformanceSection } from './performance-doc.js';
import { serveSampleApp } from './sample-app.js';

const PATH = '/shop';
/** Lighthouse's mobile screen (a mid-range Android phone), so the pictures chosen are the same. */
const PHONE = {
  userAgent: devices['Pixel 7']!.userAgent,
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
const SERVICE_WORKER_WAIT_MS = 30_000;
const REQUEST_LINE = /^(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ HTTP\/1\.1\r$/gm;

type Wire = { bytes: number; requests: number };

/** A proxy in front of the server that counts what the server sends, and the requests it gets. */
async function countingProxy(target: URL) {
  let wire: Wire = { bytes: 0, requests: 0 };
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (socket === client ? upstream : client).destroy());
    }
    client.on('data', (chunk: Buffer) => {
      wire.requests += chunk.toString('latin1').match(REQUEST_LINE)?.length ?? 0;
    });
    upstream.on('data', (chunk: Buffer) => {
      wire.bytes += chunk.length;
    });
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    take(): Wire {
      const taken = wire;
      wire = { bytes: 0, requests: 0 };
      return taken;
    },
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

type Kind = 'page' | 'scripts and styles' | 'API' | 'images' | 'other';
type PageBytes = { total: number; byKind: Record<Kind, number> };

function kindOf(resourceType: string, url: string): Kind {
  if (resourceType === 'Document') return 'page';
  if (resourceType === 'Script' || resourceType === 'Stylesheet') return 'scripts and styles';
  if (resourceType === 'Image') return 'images';
  if (new URL(url).pathname.startsWith('/api/')) return 'API';
  return 'other';
}

/** The page's responses, by CDP: each one's encodedDataLength, 0 when the service worker answered it. */
async function recordPageBytes(cdp: CDPSession) {
  const empty = (): PageBytes => ({
    total: 0,
    byKind: { page: 0, 'scripts and styles': 0, API: 0, images: 0, other: 0 },
  });
  let tally = empty();
  const responses = new Map<string, { kind: Kind; fromServiceWorker: boolean }>();
  cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
    responses.set(requestId, {
      kind: kindOf(type, response.url),
      fromServiceWorker: response.fromServiceWorker === true,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const response = responses.get(requestId);
    if (!response || response.fromServiceWorker) return;
    tally.total += encodedDataLength;
    tally.byKind[response.kind] += encodedDataLength;
  });
  await cdp.send('Network.enable');
  return function take(): PageBytes {
    const taken = tally;
    tally = empty();
    return taken;
  };
}

/** Whether a service worker is active for the page, waiting for it at most SERVICE_WORKER_WAIT_MS. */
function serviceWorkerReady(page: Page): Promise<boolean> {
  return page.evaluate(
    (waitMs) =>
      Promise.race([
        navigator.serviceWorker.ready.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), waitMs)),
      ]),
    SERVICE_WORKER_WAIT_MS,
  );
}

type Visit = { wire: Wire; page: PageBytes };
type Visits = { first: Visit; second: Visit; controlled: boolean };

async function visitTwice(
  browser: Browser,
  proxy: Awaited<ReturnType<typeof countingProxy>>,
  dataSaver: boolean,
): Promise<Visits> {
  const context = await browser.newContext({
    ...PHONE,
    baseURL: proxy.baseUrl,
    serviceWorkers: 'allow',
    // The phone's data saver: the Save-Data header on its requests, navigator.connection.saveData below.
    extraHTTPHeaders: dataSaver ? { 'Save-Data': 'on' } : {},
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (dataSaver) await cdp.send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  const takePage = await recordPageBytes(cdp);
  const label = `data saver ${dataSaver ? 'on' : 'off'}`;
  proxy.take();

  console.log(`${label}: first visit`);
  await page.goto(PATH, { waitUntil: 'networkidle' });
  if (dataSaver && (await page.getByRole('button', { name: /^Show picture of / }).count()) === 0)
    throw new Error('the data saver did not hold back the pictures');
  // The service worker installs during the first visit: its precache is part of what that visit costs.
  const ready = await serviceWorkerReady(page);
  await page.waitForLoadState('networkidle');
  const first = { wire: proxy.take(), page: takePage() };

  console.log(`${label}: second visit`);
  await page.goto(PATH, { waitUntil: 'networkidle' });
  const controlled = ready && (await page.evaluate(() => navigator.serviceWorker.controller !== null));
  const second = { wire: proxy.take(), page: takePage() };
  await context.close();
  return { first, second, controlled };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

function table(results: Array<{ dataSaver: boolean; visits: Visits }>): string {
  const rows = results.flatMap(({ dataSaver, visits }) =>
    (['first', 'second'] as const).map((name) => {
      const { wire, page } = visits[name];
      const kinds = page.byKind;
      return `| ${name} | ${dataSaver ? 'on' : 'off'} | **${kib(wire.bytes)}** | ${wire.requests} | ${kib(page.total)} | ${kib(kinds.page)} | ${kib(kinds['scripts and styles'])} | ${kib(kinds.API)} | ${kib(kinds.images)} | ${kib(kinds.other)} |`;
    }),
  );
  const controlled = results.every(({ visits }) => visits.controlled);
  return [
    `\`${PATH}\` at 412×823 px, 1.75 dppx, ${new Date().toISOString().slice(0, 10)}; the service worker ${
      controlled ? 'controlled every second visit' : 'did NOT control every second visit'
    }:`,
    '',
    "| visit | data saver | on the wire | requests to the server | the page's responses | page | scripts, styles | API | images | other |",
    '|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function main() {
  const served = await serveSampleApp();
  const proxy = await countingProxy(new URL(served.baseUrl));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const results = [];
    for (const dataSaver of [false, true]) {
      results.push({ dataSaver, visits: await visitTwice(browser, proxy, dataSaver) });
    }
    const markdown = table(results);
    console.log(`\n${markdown}`);
    if (process.env.PAGE_BYTES_WRITE !== '0') {
      writePerformanceSection('page-bytes', markdown);
    }
  } finally {
    await browser.close();
    proxy.close();
    served.stop();
  }
}

await main();
