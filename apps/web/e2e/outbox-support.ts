import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An e-mail the server sent: with no SMTP_URL, one DATA_DIR/outbox/<id>.eml file each. */
export type OutboxMail = { to: string; subject: string; text: string };

/** A MIME part: header names lower-cased (folded lines joined), and its content as written. */
type Part = { headers: Record<string, string>; content: string };

function decodeQuotedPrintable(text: string): Buffer {
  const bytes = text
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1');
}

function decodeBody({ headers, content }: Part): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'base64') return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(content).toString('utf8');
  return content;
}

/**
 * A header's words with RFC 2047 encoded words decoded (=?UTF-8?Q?…?= and =?UTF-8?B?…?=, as a
 * subject holding '×' is written). Encoded words next to each other are read as one: the space
 * between them is not part of the text, and a character may be split between them.
 */
function decodeHeader(value: string): string {
  const bytes = value
    .replace(/(\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?[^?]+\?([QB])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      (encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : decodeQuotedPrintable(text.replace(/_/g, ' '))
      ).toString('latin1'),
    );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function parsePart(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of (split < 0 ? raw : raw.slice(0, split)).replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, content: split < 0 ? '' : raw.slice(split + 4) };
}

/** The plain-text part of a message: the message itself, or the text/plain part of its multiparts. */
function plainTextPart(part: Part): Part | undefined {
  const type = part.headers['content-type'] ?? 'text/plain';
  const boundary = /;\s*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return /^text\/plain\b/i.test(type) ? part : undefined;
  for (const section of part.content.split(`--${boundary}`).slice(1, -1)) {
    const found = plainTextPart(parsePart(section.replace(/^\r\n/, '').replace(/\r\n$/, '')));
    if (found) return found;
  }
  return undefined;
}

/** A message's To and Subject (decoded) and its plain text, with \n line breaks. */
function readMail(raw: string): OutboxMail {
  const message = parsePart(raw);
  const text = plainTextPart(message);
  return {
    to: message.headers.to ?? '',
    subject: decodeHeader(message.headers.subject ?? ''),
    text: text ? decodeBody(text).replace(/\r\n/g, '\n') : '',
  };
}

/** Every e-mail the e2e server has sent so far to `recipient` (global-setup names its DATA_DIR). */
export function mailsTo(recipient: string): OutboxMail[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: global-setup starts the server and sets it');
  const outbox = join(dataDir, 'outbox');
  if (!existsSync(outbox)) return [];
  return readdirSync(outbox)
    .filter((file) => file.endsWith('.eml'))
    .map((file) => readMail(readFileSync(join(outbox, file), 'utf8')))
    .filter((mail) => mail.to === recipient);
}
