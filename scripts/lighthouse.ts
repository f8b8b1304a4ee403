// npm run lighthouse: Lighthouse's mobile profile (a mid-range phone on a slow 4G link, simulated) in
// Debian's Chromium over the pages issue #16 names, in interleaved rounds (every page once per round,
// so a burst of other work on the machine moves one sample, not one page), and the medians written
// into docs/PERFORMANCE.md between its lighthouse markers.
// It serves the built app (`npm run build` first) from a temporary data directory with the sample
// data, or measures LIGHTHOUSE_URL when set. LIGHTHOUSE_ROUNDS (3) sets the rounds, LIGHTHOUSE_PAGES a
// comma-separated subset of the page names below; LIGHTHOUSE_WRITE=0 prints the table only.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { writePerformanceSection } from './performance-doc.js';
import { serveSampleApp } from './sample-app.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const LIGHTHOUSE = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const ROUNDS = Number(process.env.LIGHTHOUSE_ROUNDS ?? 3);
const run = promisify(execFile);

type Page = { name: string; path: (ids: SampleIds) => string };
type SampleIds = { product: string; event: string; stay: string; course: string };

const PAGES: Page[] = [
  { name: '/', path: () => '/' },
  { name: '/shop', path: () => '/shop' },
  { name: '/products/{id}', path: (ids) => `/products/${ids.product}` },
  { name: '/events', path: () => '/events' },
  { name: '/tickets/{id}', path: (ids) => `/tickets/${ids.event}` },
  { name: '/stays', path: () => '/stays' },
  { name: '/stays/{id}', path: (ids) => `/stays/${ids.stay}` },
  { name: '/courses', path: () => '/courses' },
  { name: '/courses/{id}', path: (ids) => `/courses/${ids.course}` },
];

type Sample = {
  performance: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  bytes: number;
  requests: number;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function firstId(baseUrl: string, path: string): Promise<string> {
  const response = await fetch(`${baseUrl}${path}`);
  const body = (await response.json()) as { id: string }[] | { items?: { id: string }[] };
  const items = Array.isArray(body) ? body : (body.items ?? []);
  if (!items[0]) throw new Error(`${path} found nothing in the sample data`);
  return items[0].id;
}

/** The sample pages the tables in PERFORMANCE.md have always measured. */
async function sampleIds(baseUrl: string): Promise<SampleIds> {
  return {
    product: await firstId(baseUrl, '/api/products?limit=1'),
    event: await firstId(baseUrl, '/api/events?q=Sauti%20za%20Pwani'),
    stay: await firstId(baseUrl, '/api/stays?q=Kilimani'),
    course: await firstId(baseUrl, '/api/courses?q=Mobile%20Money'),
  };
}

async function lighthouse(url: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      LIGHTHOUSE,
      url,
      '--only-categories=performance',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 256 << 20,
    },
  );
  return stdout;
}

async function measure(url: string): Promise<Sample> {
  // A run now and then loses its trace (NO_NAVSTART); Lighthouse's own advice is to run it again.
  const stdout = await lighthouse(url).catch(() => lighthouse(url));
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number } };
    audits: Record<string, { numericValue?: number; details?: { items?: unknown[] } }>;
  };
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    bytes: value('total-byte-weight'),
    requests: report.audits['network-requests']?.details?.items?.length ?? 0,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(results: Map<string, Sample[]>): string {
  const rows = [...results].map(([name, samples]) => {
    const of = (key: keyof Sample) => median(samples.map((sample) => sample[key]));
    const scores = samples.map((sample) => sample.performance).join(', ');
    return `| \`${name}\` | **${of('performance')}** (${scores}) | ${seconds(of('fcp'))} | ${seconds(of('lcp'))} | ${Math.round(of('tbt'))} ms | ${of('cls').toFixed(2)} | ${Math.round(of('bytes') / 1024)} KiB | ${of('requests')} |`;
  });
  return [
    `Medians of ${ROUNDS} interleaved rounds, ${new Date().toISOString().slice(0, 10)}:`,
    '',
    '| page | performance (runs) | FCP | LCP | TBT | CLS | bytes | requests |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

async function main() {
  const served = process.env.LIGHTHOUSE_URL ? null : await serveSampleApp();
  const baseUrl = process.env.LIGHTHOUSE_URL ?? served!.baseUrl;
  try {
    const ids = await sampleIds(baseUrl);
    const wanted = process.env.LIGHTHOUSE_PAGES?.split(',');
    const pages = PAGES.filter((page) => !wanted || wanted.includes(page.name));
    const results = new Map<string, Sample[]>(pages.map((page) => [page.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const page of pages) {
        const sample = await measure(`${baseUrl}${page.path(ids)}`);
        results.get(page.name)!.push(sample);
        console.log(
          `round ${round} ${page.name}: ${sample.performance} (LCP ${seconds(sample.lcp)}, TBT ${Math.round(sample.tbt)} ms)`,
        );
      }
    }
    const markdown = table(results);
    console.log(`\n${markdown}`);
    if (process.env.LIGHTHOUSE_WRITE !== '0' && !wanted) {
      writePerformanceSection('lighthouse', markdown);
    }
  } finally {
    served?.stop();
  }
}

await main();
