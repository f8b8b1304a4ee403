import type { ReactNode } from 'react';

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gi;
const TRAILING_PUNCTUATION = /[.,;:!?'"\]}>]+$/;

/** Drops sentence punctuation after a URL; a closing bracket stays only when the URL opened one. */
function trimUrl(candidate: string): string {
  let url = candidate;
  for (;;) {
    const trimmed = url.replace(TRAILING_PUNCTUATION, '');
    const opens = (trimmed.match(/\(/g) ?? []).length;
    const closes = (trimmed.match(/\)/g) ?? []).length;
    const next = trimmed.endsWith(')') && closes > opens ? trimmed.slice(0, -1) : trimmed;
    if (next === url) return url;
    url = next;
  }
}

/**
 * User text as React nodes: plain text (React escapes it, so markup stays text) with http(s)
 * links made clickable. Links open in a new tab and carry rel="nofollow ugc noopener".
 */
export function linkify(text: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let cursor = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const url = trimUrl(match[0]);
    if (!/^https?:\/\/[^/?#]/i.test(url)) continue;
    const start = match.index;
    if (start > cursor) nodes.push(text.slice(cursor, start));
    nodes.push(
      <a
        key={`${start}-${url}`}
        href={url}
        target="_blank"
        rel="nofollow ugc noopener"
        className="break-all font-medium text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
      >
        {url}
      </a>,
    );
    cursor = start + url.length;
  }
  if (cursor < text.length) nodes.push(text.slice(cursor));
  return nodes;
}
