import { join } from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { existsSync, readFileSync } from 'node:fs';
import { DATA_SAVER } from '@sokoni/contracts/site';
import { sendPage } from './lib/json-body.js';
import { compilePageTemplate, type PageHead } from './lib/page-meta.js';

const HASHED_ASSET = /\/assets\/[^/]+-[\w-]{8,}\.\w+(\.br|\.gz)?$/;
/**
 * Asked again each time: the page, and what says which release of the app a browser runs — the
 * service worker and the web app manifest (#29). An hour's copy of either would keep a browser on the
 * old release for that hour. The Workbox runtime the service worker imports is named by its content.
 */
const REVALIDATED = /(\.html|\/sw\.js|\.webmanifest)$/;

const DATA_SAVER_COOKIE = new RegExp(`(?:^|;\\s*)${DATA_SAVER.cookie}=([01])(?:;|$)`);

/**
 * Whether the page is for a data saver (#29): the choice the web app keeps in its cookie, else the
 * browser's Save-Data header. Such a page preloads no image: a picture is fetched when it is shown.
 */
function savesData(request: FastifyRequest): boolean {
  const choice = DATA_SAVER_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  return choice ? choice === '1' : request.headers['save-data'] === 'on';
}

/**
 * Serves the built SPA: hashed assets cached for a year, index.html never cached, and every
 * extension-less path falls back to index.html so client routes survive a reload.
 */
export type WebAppOptions = {
  webDist: string;
  /**
   * A page's head: the title, description and preview image of a shareable page (a product…), and
   * what the page needs first; null for any other path.
   */
  pageHead?: (path: string, origin: string) => Promise<PageHead | null>;
  /** Our own origin, for the absolute addresses a preview needs (never the request's Host). */
  origin: () => string;
};

export async function webApp(app: FastifyInstance, { webDist, pageHead, origin }: WebAppOptions) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The ticket scanner compiles its QR engine (our own zxing_reader.wasm); no eval of scripts.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The scanner's camera stream (blob:) and its scan beep (a data: sound); lessons' videos
        // given as an https:// address (our own are served from 'self').
        mediaSrc: ["'self'", 'blob:', 'data:', 'https:'],
        // A lesson's PDF, shown in the browser's own viewer in a frame; only our files (course-media).
        frameSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });

  const indexHtml = join(webDist, 'index.html');
  if (!existsSync(indexHtml)) {
    app.log.warn({ webDist }, 'web app is not built: run `npm run build` to serve it');
  } else {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes each script and stylesheet beside itself compressed (.br, .gz).
      preCompressed: true,
      setHeaders(res, path) {
        const cacheControl = HASHED_ASSET.test(path)
          ? 'public, max-age=31536000, immutable'
          : REVALIDATED.test(path)
            ? 'no-cache'
            : 'public, max-age=3600';
        res.header('cache-control', cacheControl);
      },
    });
  }

  const template = existsSync(indexHtml) ? compilePageTemplate(readFileSync(indexHtml, 'utf8')) : null;
  const assetsOf = pageAssets(webDist, template?.html ?? '');

  // Building a page may read the database (a product's preview): pages count against the rate limit.
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !/\.\w+$/.test(path);
    if (!isPage || template === null) return reply.code(404).type('text/plain').send('Not found');
    const site = origin();
    const head = pageHead ? await pageHead(path, site) : null;
    const html = head
      ? template.render(head.meta ? { ...head.meta, url: `${site}${path}` } : null, {
          ...head,
          ...(head.pageModule ? assetsOf(head.pageModule) : {}),
          ...(savesData(request) ? { leadImage: undefined } : {}),
        })
      : template.html;
    // A page with its first answers inside is 15–20 KB of HTML, about 4 KB compressed.
    return sendPage(reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), html);
  });
}

type ManifestChunk = { file: string; imports?: string[]; css?: string[] };
type PageAssets = { scripts: string[]; styles: string[] };

/**
 * A page component's script chunks and their stylesheets, from the build's manifest (Vite's
 * `.vite/manifest.json`): its own chunk and every chunk it imports, less what index.html already
 * loads. Without a manifest, none. A lazy page's stylesheet is otherwise found only once its script
 * has run, and the page waits for it: one more round trip before anything of the page shows.
 */
function pageAssets(webDist: string, indexHtml: string): (pageModule: string) => PageAssets {
  const manifestFile = join(webDist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const found = new Map<string, PageAssets>();
  const notInIndex = (files: Set<string>) =>
    [...files].map((file) => `/${file}`).filter((src) => !indexHtml.includes(`"${src}"`));
  return (pageModule) => {
    const known = found.get(pageModule);
    if (known) return known;
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      chunk.css?.forEach((file) => styles.add(file));
      chunk.imports?.forEach(visit);
    };
    visit(pageModule);
    const assets = { scripts: notInIndex(scripts), styles: notInIndex(styles) };
    found.set(pageModule, assets);
    return assets;
  };
}
