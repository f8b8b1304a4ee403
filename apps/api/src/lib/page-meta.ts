import { PAGE_ANSWERS_ID, type PageAnswer } from '@sokoni/contracts/site';
import { imageSrcSet } from '@sokoni/contracts/uploads';
import { escapeHtml } from './html.js';

/** What a shared link shows in a preview (WhatsApp, social apps): these crawlers run no JavaScript. */
export type PageMeta = { title: string; description: string; image?: string; url: string };

/** Bounds on what goes into the head, whatever a seller wrote: a preview shows no more anyway. */
export const META_LIMITS = { title: 140, description: 200, url: 500 } as const;

/** Cut at a code point boundary, so a cut never leaves half of an emoji behind. */
const cut = (text: string, length: number) => Array.from(text).slice(0, length).join('');

const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;

/**
 * What a page needs first, put into its HTML so that it shows without waiting for its scripts to
 * ask: the answers to its first API requests (the client uses each once, see the web app's
 * lib/inline-answers.ts) and its largest image, fetched at once rather than after scripts and data.
 */
export type PagePreload = {
  answers?: PageAnswer[];
  leadImage?: string;
  /**
   * The `sizes` the page shows its lead image with, when it offers the image's thumbnail too
   * (`srcset`): the preload then asks for the same file the page will.
   */
  leadImageSizes?: string;
  /** The page's own script chunks (asset paths), fetched beside the app's entry, not after it. */
  scripts?: string[];
  /** Their stylesheets (asset paths): applied from the start, so the page never waits to fetch them. */
  styles?: string[];
};

/**
 * Whoever knows a page (a product's, an event's…) says what its head holds; null for other paths.
 * `pageModule` is the page component's source file in the web app (`src/features/…`), which the
 * server finds in the build's manifest.
 */
export type PageHead = { meta?: Omit<PageMeta, 'url'>; pageModule?: string } & Omit<
  PagePreload,
  'scripts' | 'styles'
>;

/** JSON inside a script element: `<` escaped, so no text in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function leadImageTag(leadImage: string, sizes: string | undefined): string {
  const srcset = sizes ? imageSrcSet(leadImage) : null;
  const responsive = srcset ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes!)}"` : '';
  return `<link rel="preload" as="image" href="${escapeHtml(leadImage)}"${responsive} fetchpriority="high" />`;
}

function preloadTags({
  answers = [],
  leadImage,
  leadImageSizes,
  scripts = [],
  styles = [],
}: PagePreload): string[] {
  return [
    ...styles.map((style) => `<link rel="stylesheet" href="${escapeHtml(style)}" />`),
    ...scripts.map((script) => `<link rel="modulepreload" crossorigin href="${escapeHtml(script)}" />`),
    ...(leadImage && leadImage.length <= META_LIMITS.url ? [leadImageTag(leadImage, leadImageSizes)] : []),
    ...(answers.length > 0
      ? [`<script type="application/json" id="${PAGE_ANSWERS_ID}">${scriptJson(answers)}</script>`]
      : []),
  ];
}

export type PageTemplate = {
  /** The SPA's index.html as it is built. */
  readonly html: string;
  /** index.html with this page's title, description and Open Graph tags, and what it needs first. */
  render(meta: PageMeta | null, preload?: PagePreload): string;
};

/**
 * Splits index.html once, around its title and description (either may be missing) and the end of
 * its head. A page is then its pieces joined with escaped text in between: what sellers write is
 * only ever data, never a replacement pattern or markup.
 */
export function compilePageTemplate(html: string): PageTemplate {
  const headEnd = html.indexOf('</head>');
  if (headEnd < 0) return { html, render: () => html };
  const beforeHead = html.slice(0, headEnd);
  const fromHead = html.slice(headEnd);
  const spans = [
    { name: 'title', match: TITLE.exec(html) },
    { name: 'description', match: DESCRIPTION.exec(html) },
  ]
    .flatMap(({ name, match }) => (match && match.index < headEnd ? [{ name, match }] : []))
    .sort((a, b) => a.match.index - b.match.index);
  const pieces: string[] = [];
  let from = 0;
  for (const { match } of spans) {
    pieces.push(html.slice(from, match.index));
    from = match.index + match[0].length;
  }
  const beforeHeadEnd = html.slice(from, headEnd);
  const rest = html.slice(headEnd);
  const inPlace = new Set(spans.map((span) => span.name));

  return {
    html,
    render(meta, preload = {}) {
      const preloads = preloadTags(preload);
      if (!meta) return preloads.length ? `${beforeHead}  ${preloads.join('\n    ')}\n  ${fromHead}` : html;
      const titleText = escapeHtml(cut(meta.title, META_LIMITS.title));
      const descriptionText = escapeHtml(cut(meta.description, META_LIMITS.description));
      const image = meta.image && meta.image.length <= META_LIMITS.url ? escapeHtml(meta.image) : null;
      const own: Record<string, string> = {
        title: `<title>${titleText}</title>`,
        description: `<meta name="description" content="${descriptionText}" />`,
      };
      const added = [
        ...Object.keys(own)
          .filter((name) => !inPlace.has(name))
          .map((name) => own[name]),
        `<meta property="og:type" content="website" />`,
        `<meta property="og:site_name" content="Sokoni" />`,
        `<meta property="og:title" content="${titleText}" />`,
        `<meta property="og:description" content="${descriptionText}" />`,
        `<meta property="og:url" content="${escapeHtml(cut(meta.url, META_LIMITS.url))}" />`,
        ...(image ? [`<meta property="og:image" content="${image}" />`] : []),
        `<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}" />`,
        ...preloads,
      ].join('\n    ');
      let page = '';
      spans.forEach(({ name }, index) => (page += `${pieces[index]}${own[name]}`));
      return `${page}${beforeHeadEnd}  ${added}\n  ${rest}`;
    },
  };
}
