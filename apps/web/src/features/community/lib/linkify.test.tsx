import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

const html = (text: string) => renderToStaticMarkup(<p>{linkify(text)}</p>);

describe('linkify', () => {
  it('keeps markup as text: a script tag is escaped, never run', () => {
    const markup = html('<script>alert("hi")</script> <b>bold</b>');
    expect(markup).not.toContain('<script>');
    expect(markup).not.toContain('<b>');
    expect(markup).toContain('&lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt;');
  });

  it('turns an http(s) URL into a link that opens in a new tab with rel nofollow ugc noopener', () => {
    expect(html('See https://sokoni.co.ke/deals?x=1 now')).toBe(
      '<p>See <a href="https://sokoni.co.ke/deals?x=1" target="_blank" rel="nofollow ugc noopener" ' +
        'class="break-all font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900">' +
        'https://sokoni.co.ke/deals?x=1</a> now</p>',
    );
  });

  it('leaves trailing punctuation out of the link', () => {
    const nodes = linkify('Read http://example.com/a. Or (https://example.com/b), ok?');
    const links = nodes.filter((node) => typeof node === 'object');
    expect(links.map((link) => (link as { props: { href: string } }).props.href)).toEqual([
      'http://example.com/a',
      'https://example.com/b',
    ]);
    expect(html('Read http://example.com/a.')).toContain('</a>.</p>');
  });

  it('keeps a closing bracket that belongs to the URL', () => {
    expect(html('https://en.wikipedia.org/wiki/Ugali_(food)')).toContain(
      'href="https://en.wikipedia.org/wiki/Ugali_(food)"',
    );
  });

  it('does not link other schemes or bare words', () => {
    const markup = html('javascript:alert(1) ftp://files.example.com www.example.com');
    expect(markup).not.toContain('<a');
  });

  it('answers the text unchanged when there is no link', () => {
    expect(linkify('Habari yako?\nSawa.')).toEqual(['Habari yako?\nSawa.']);
  });
});
