import {
  EARNER_ACCOUNT_LABELS,
  ENTRY_KIND_LABELS,
  formatStatementTime,
  STATEMENT_CSV_COLUMNS,
} from '@sokoni/contracts/earnings';
import type { Ledger } from '../ledger/ledger.service.js';

type StatementRow = Awaited<ReturnType<Ledger['statement']>>['rows'][number];

/** Cents as shillings with two decimals, in integers all the way: -123456 → '-1234.56'. */
function shillings(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * One field of RFC 4180: quoted when it holds a comma, a quote or a line break. Text people wrote
 * (what was sold) that a spreadsheet would run as a formula (=, +, -, @, tab) is kept as text.
 */
function field(value: string, written = false): string {
  const text = written && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * An earner's whole statement as CSV: a header row, then every line newest first, times in EAT and
 * amounts in KES with two decimals. It starts with a byte order mark so spreadsheets read it as
 * UTF-8 (the × of 'Sale: 2 × Bao board', the • of a masked number).
 */
export function statementCsv(rows: StatementRow[]): string {
  const lines = [
    STATEMENT_CSV_COLUMNS.join(','),
    ...rows.map((row) =>
      [
        formatStatementTime(row.occurredAt),
        field(ENTRY_KIND_LABELS[row.kind]),
        field(row.description, true),
        field(EARNER_ACCOUNT_LABELS[row.account]),
        shillings(row.amountCents),
      ].join(','),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
