import {
  EARNER_ACCOUNT_LABELS,
  ENTRY_KIND_LABELS,
  formatStatementTime,
  STATEMENT_CSV_COLUMNS,
} from '@sokoni/contracts/earnings';
import { csvField, csvFile } from '../../lib/csv.js';
import type { Ledger } from '../ledger/ledger.service.js';

type StatementRow = Awaited<ReturnType<Ledger['statement']>>['rows'][number];

/** Cents as shillings with two decimals, in integers all the way: -123456 → '-1234.56'. */
function shillings(cents: number): string {
  const whole = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

/**
 * An earner's whole statement as CSV (csvFile: UTF-8 with its byte order mark, for the × of
 * 'Sale: 2 × Bao board' and the • of a masked number): a header row, then every line newest first,
 * times in EAT and amounts in KES with two decimals.
 */
export function statementCsv(rows: StatementRow[]): string {
  return csvFile(
    STATEMENT_CSV_COLUMNS,
    rows.map((row) => [
      formatStatementTime(row.occurredAt),
      csvField(ENTRY_KIND_LABELS[row.kind]),
      csvField(row.description, true),
      csvField(EARNER_ACCOUNT_LABELS[row.account]),
      shillings(row.amountCents),
    ]),
  );
}
