/**
 * One field of RFC 4180: quoted when it holds a comma, a quote or a line break. Text people wrote
 * (a name, what was sold) that a spreadsheet would run as a formula (=, +, -, @, tab) is kept as
 * text, with a leading apostrophe.
 */
export function csvField(value: string, written = false): string {
  const text = written && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV file of a header row and rows of fields already made (csvField), lines ending in CRLF. It
 * starts with a byte order mark so spreadsheets read it as UTF-8 (a name's ñ, a ×).
 */
export const csvFile = (header: readonly string[], rows: string[][]): string =>
  `\uFEFF${[header.map((name) => csvField(name)), ...rows].map((row) => row.join(',')).join('\r\n')}\r\n`;
