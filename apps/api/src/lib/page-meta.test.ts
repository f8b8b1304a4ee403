import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { META_LIMITS, compilePageTemplate } from './page-meta.js';

const INDEX = `<html><head>
    <meta
      name="description"
      content="Buy and sell across Kenya."
    />
    <title>Sokoni</title>
  </head><body></body></html>`;
const page = compilePageTemplate(INDEX);

/** The unescaped content of every `content="…"` and the title, as a browser would read them. */
function readHead(html: string) {
  const unescape = (text: string) =>
    text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const attributes = [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map(
    ([, name, content]) => [name, unescape(content ?? '')],
  );
  const titles = [...html.matchAll(/<title>([^<]*)<\/title>/g)].map(([, text]) => unescape(text ?? ''));
  return { meta: Object.fromEntries(attributes) as Record<string, string>, titles };
}

describe('compilePageTemplate', () => {
  it('adds what a page needs first, meta or none: its lead image and its answers, with < escaped', () => {
    const answers = [{ url: '/api/events/1', body: { title: '</script><b>' }, total: 3 }];
    for (const html of [
      page.render(null, { answers, leadImage: '/api/uploads/sample/a.webp' }),
      page.render(
        { title: 'Koroga', description: 'Festival', url: 'u' },
        { answers, leadImage: '/api/uploads/sample/a.webp' },
      ),
    ]) {
      expect(html).toContain(
        '<link rel="preload" as="image" href="/api/uploads/sample/a.webp" fetchpriority="high" />',
      );
      const script = /<script type="application\/json" id="sokoni-answers">([^<]*)<\/script>/.exec(html);
      expect(JSON.parse(script?.[1] ?? 'null')).toEqual(answers);
      expect(html.indexOf('sokoni-answers')).toBeLessThan(html.indexOf('</head>'));
    }
    expect(page.render(null)).toBe(page.html);
  });

  it('sets the title, the description and the Open Graph tags', () => {
    const html = page.render({
      title: 'Kitenge Maxi Dress — Sokoni',
      description: 'Hand-tailored Ankara kitenge dress.',
      image: 'https://sokoni.co.ke/api/uploads/sample/a.webp',
      url: 'https://sokoni.co.ke/products/1',
    });
    expect(html).toContain('<title>Kitenge Maxi Dress — Sokoni</title>');
    expect(html).toContain('<meta name="description" content="Hand-tailored Ankara kitenge dress." />');
    expect(html).toContain(
      '<meta property="og:image" content="https://sokoni.co.ke/api/uploads/sample/a.webp" />',
    );
    expect(html).toContain('<meta property="og:url" content="https://sokoni.co.ke/products/1" />');
    expect(html).not.toContain('Buy and sell across Kenya.');
    expect(html.endsWith('</head><body></body></html>')).toBe(true);
  });

  it('escapes what sellers wrote, so a title cannot inject markup', () => {
    const html = page.render({
      title: '</title><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)>',
      url: 'https://sokoni.co.ke/products/2',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;/title&#62;&#60;script&#62;');
  });

  it("takes $&, $` and $' as text: the page does not grow with the template", () => {
    const title = "$&$`$'".repeat(20);
    const html = page.render({
      title,
      description: "$'$&".repeat(50),
      url: 'https://sokoni.co.ke/products/3',
    });
    expect(html.length).toBeLessThan(INDEX.length + 3_000);
    expect(readHead(html).titles).toEqual([title]);
    expect(readHead(html).meta['og:title']).toBe(title);
  });

  it('caps the title, the description and the image address', () => {
    const html = page.render({
      title: '🍅'.repeat(500),
      description: 'maelezo '.repeat(500),
      image: `https://sokoni.co.ke/${'x'.repeat(600)}.webp`,
      url: 'https://sokoni.co.ke/products/4',
    });
    const { meta, titles } = readHead(html);
    expect(titles[0]).toBe('🍅'.repeat(META_LIMITS.title));
    expect(meta.description).toHaveLength(META_LIMITS.description);
    expect(meta['og:image']).toBeUndefined();
    expect(meta['twitter:card']).toBe('summary');
  });

  it('keeps any text as the exact text of one title and one description (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 300 }),
        fc.string({ maxLength: 300 }),
        (title, description) => {
          const html = page.render({ title, description, url: 'https://sokoni.co.ke/products/5' });
          const head = readHead(html);
          expect(head.titles).toEqual([Array.from(title).slice(0, META_LIMITS.title).join('')]);
          expect(head.meta.description).toBe(
            Array.from(description).slice(0, META_LIMITS.description).join(''),
          );
          expect(html.length).toBeLessThan(
            INDEX.length + 6 * (META_LIMITS.title * 2 + META_LIMITS.description * 2) + 600,
          );
        },
      ),
      { seed: 1_123, numRuns: 300 },
    );
  });

  it('adds a title or description the template lacks, and serves a page without a head as it is', () => {
    const titled = compilePageTemplate('<html><head><title>Sokoni</title></head><body></body></html>');
    const { meta, titles } = readHead(
      titled.render({ title: 'Sufuria', description: 'Ya alumini', url: 'u' }),
    );
    expect([titles, meta.description]).toEqual([['Sufuria'], 'Ya alumini']);
    const bare = compilePageTemplate('<html><body>hi</body></html>');
    expect(bare.render({ title: 'x', description: 'y', url: 'z' })).toBe('<html><body>hi</body></html>');
  });
});
