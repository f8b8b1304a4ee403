import { describe, expect, it } from 'vitest';
import { renderPageMeta } from './page-meta.js';

const INDEX = `<html><head>
    <meta
      name="description"
      content="Buy and sell across Kenya."
    />
    <title>Sokoni</title>
  </head><body></body></html>`;

describe('renderPageMeta', () => {
  it('sets the title, the description and the Open Graph tags', () => {
    const html = renderPageMeta(INDEX, {
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
  });

  it('escapes what sellers wrote, so a title cannot inject markup', () => {
    const html = renderPageMeta(INDEX, {
      title: '</title><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)>',
      url: 'https://sokoni.co.ke/products/2',
    });
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;/title&#62;&#60;script&#62;');
  });
});
