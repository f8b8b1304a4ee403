import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** An e-mail the server sent: with no SMTP_URL, one DATA_DIR/outbox/<id>.eml file each. */
export type OutboxMail = { to: string; subject: string; text: string };

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** A plain-text message: its To and Subject (ASCII in these tests) and its text, with \n line breaks. */
function readMail(raw: string): OutboxMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  return {
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    text: decodeBody(raw.slice(split + 4), encoding).replace(/\r\n/g, '\n'),
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
