/** A page's full address on this site, as it is shared: '/stays/abc' → 'https://sokoni.co.ke/stays/abc'. */
export const pageUrl = (path: string): string => new URL(path, window.location.origin).href;
