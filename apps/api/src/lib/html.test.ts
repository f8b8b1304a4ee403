import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('escapes & < > " and \' as character references', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&#38;&#60;&#62;&#34;&#39;');
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&#60;a href=&#34;x&#34;&#62;Tom &#38; Jerry&#39;s&#60;/a&#62;',
    );
  });

  it('leaves other text alone', () => {
    const text = 'Mitumba jeans — KSh 1,200 / 2 pcs; café 😀 `ok` = {fine}';
    expect(escapeHtml(text)).toBe(text);
    expect(escapeHtml('')).toBe('');
  });
});
