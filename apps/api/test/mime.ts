/**
 * A MIME message as tests read it: header names lower-cased with folded lines joined, a body decoded
 * from base64 or quoted-printable, and a multipart's parts, recursively.
 */
export type MimePart = { headers: Record<string, string>; body: Buffer; parts: MimePart[] };

function decodeQuotedPrintable(text: string): Buffer {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1');
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** One parameter of a header value: `boundary` of a Content-Type, `filename` of a Content-Disposition. */
export const headerParameter = (value: string | undefined, name: string) =>
  new RegExp(`;\\s*${name}="?([^";]+)"?`, 'i').exec(value ?? '')?.[1];

export function parseMime(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const headers = parseHeaders(split < 0 ? raw : raw.slice(0, split));
  const content = split < 0 ? '' : raw.slice(split + 4);
  const boundary = headerParameter(headers['content-type'], 'boundary');
  if (/^multipart\//i.test(headers['content-type'] ?? '') && boundary) {
    const sections = content.split(`--${boundary}`).slice(1, -1);
    return {
      headers,
      body: Buffer.alloc(0),
      parts: sections.map((section) => parseMime(section.replace(/^\r\n/, '').replace(/\r\n$/, ''))),
    };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : Buffer.from(content, 'utf8');
  return { headers, body, parts: [] };
}

/** The parts that are not multiparts, in the order they come. */
export const leafParts = (part: MimePart): MimePart[] =>
  part.parts.length === 0 ? [part] : part.parts.flatMap(leafParts);

/** The first part of this content type (its parameters aside), as a whole message or within one. */
export function partOfType(message: MimePart, type: string): MimePart | undefined {
  return leafParts(message).find(
    (part) => (part.headers['content-type'] ?? 'text/plain').split(';')[0]?.trim().toLowerCase() === type,
  );
}

/**
 * A header's text with its encoded words decoded (RFC 2047: =?UTF-8?Q?…?= and =?UTF-8?B?…?=, as
 * mailers write a subject that is not ASCII). The space between two encoded words is dropped, and
 * their bytes are read together: a character may be split between them.
 */
export function decodedHeader(value: string | undefined): string {
  const bytes = (value ?? '')
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : decodeQuotedPrintable(text.replace(/_/g, ' '))
      ).toString('latin1'),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A text part's content, line ends as \n. */
export const textOf = (part: MimePart | undefined) =>
  part?.body.toString('utf8').replace(/\r\n/g, '\n') ?? '';

/** A message's headers, its subject decoded, its plain text and its HTML. */
export function readMail(raw: string) {
  const message = parseMime(raw);
  return {
    headers: message.headers,
    subject: decodedHeader(message.headers.subject),
    body: textOf(partOfType(message, 'text/plain')),
    html: textOf(partOfType(message, 'text/html')),
  };
}
