// What can really reach the server over a socket. `app.inject` skips Node's HTTP parser, so it
// accepts request lines and headers that no client could send (a raw NUL in the URL, a newline in a
// header). The fuzzer only sends what the parser would let through, or its findings could not happen.

/**
 * Node's parser refuses a request whose request line and headers together pass 16 KiB (431) before
 * the app sees it: the URL and the headers share that budget.
 */
export const MAX_URL_LENGTH = 8_000;
const MAX_HEADERS_LENGTH = 7_500;

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** UTF-8 bytes of one code point; a lone surrogate gets its WTF-8 bytes, as a broken client would send. */
function utf8Bytes(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000)
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

/**
 * Percent-encodes every character but the unreserved ones, like encodeURIComponent, except that a lone
 * surrogate does not throw: it goes out as the (invalid UTF-8) bytes %ED%A0%80…
 */
export function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (UNRESERVED.test(char)) {
      out += char;
      continue;
    }
    let codePoint = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (codePoint >= 0xd800 && codePoint <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      codePoint = 0x10000 + ((codePoint - 0xd800) << 10) + (next - 0xdc00);
      i++;
    }
    for (const byte of utf8Bytes(codePoint)) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Raw URL text as the parser would pass it: visible ASCII only (anything else is percent-encoded). */
export function wireUrlText(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    out += code > 0x20 && code < 0x7f && char !== '#' ? char : percentEncode(char);
  }
  return out;
}

/**
 * A header value as the parser would pass it: tab, visible ASCII and obs-text (bytes 0x80–0xFF, which
 * Node reads as latin1); no other control characters, no surrounding whitespace, bounded length.
 */
export function wireHeaderValue(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code === 0x09 || (code >= 0x20 && code !== 0x7f && code <= 0xff)) out += char;
    else if (code > 0xff) out += Buffer.from(char, 'utf8').toString('latin1');
  }
  return out.slice(0, MAX_HEADERS_LENGTH).trim();
}

/** Headers cut to the budget a real server lets through: the longest values lose their tails first. */
export function withinHeaderBudget(headers: Record<string, string>): Record<string, string> {
  const out = { ...headers };
  const total = () =>
    Object.entries(out).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  while (total() > MAX_HEADERS_LENGTH) {
    const [name, value] = Object.entries(out).sort(([, a], [, b]) => b.length - a.length)[0] ?? ['', ''];
    out[name] = value.slice(0, Math.max(0, value.length - (total() - MAX_HEADERS_LENGTH))).trim();
  }
  return out;
}

/** Shows a string with its invisible characters escaped, cut to `max` characters. */
export function show(text: string, max = 400): string {
  const visible = JSON.stringify(text.length > max ? text.slice(0, max) : text);
  return text.length > max ? `${visible}… (${text.length} chars)` : visible;
}

/** A body for a message: text shown escaped, binary shown as hex, both cut. */
export function showPayload(payload: string | Buffer | undefined, max = 400): string {
  if (payload === undefined) return '(none)';
  if (typeof payload === 'string') return show(payload, max);
  const text = payload.toString('latin1');
  // Mostly printable: show as text (multipart bodies); else as hex.
  const printable = text.replace(/[^\x20-\x7e\r\n\t]/g, '').length / Math.max(1, text.length);
  if (printable > 0.8) return `${show(text, max)} (${payload.length} bytes)`;
  const hex = payload.subarray(0, max / 2).toString('hex');
  return `0x${hex}${payload.length > max / 2 ? '…' : ''} (${payload.length} bytes)`;
}
