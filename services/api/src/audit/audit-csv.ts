import type { AccountStatement, TrialBalance } from '@ledgerstone/contracts';
import { eventMovement, formatCents } from '@ledgerstone/ledger';
import type { RecordedAccountEvent } from '@ledgerstone/read-models';
import { stringify, type Options } from 'csv-stringify/sync';
import type { Response } from 'express';

/** A spreadsheet reads a cell starting with one of these as a formula (or, for tab and CR, strips them first). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Free text a member or an admin typed, made inert for spreadsheets: a leading apostrophe makes the cell text.
 * Only for text: amounts such as "-25.00" stay numbers.
 */
export function spreadsheetText(text: string | null): string | null {
  return text !== null && FORMULA_START.test(text) ? `'${text}` : text;
}

// CRLF records as RFC 4180 has them, with every line break inside a cell quoted (csv-stringify quotes only the
// record delimiter itself); a byte order mark so that spreadsheets read the file as UTF-8.
const CSV_OPTIONS: Options = { record_delimiter: 'windows', quoted_match: /[\r\n]/ };

export const STATEMENT_COLUMNS = [
  'recorded_at',
  'position',
  'event_id',
  'type',
  'amount',
  'change',
  'bucket',
  'reason',
  'available',
  'invested',
  'profit_locked',
  'profit_unlocked',
  'reserved',
  'total',
  'hash',
] as const;

/** The `type` of a statement CSV's last row, which no event type can be. */
export const CLOSING_ROW_TYPE = 'Closing balance';

/**
 * One row per line, oldest first, then a closing row: `recorded_at` is the statement's as_of, `type` is
 * "Closing balance", the bucket columns hold the balances as of then and `hash` the head hash (empty for an
 * account without events). The closing row keeps the sheet one plain table a spreadsheet opens as it is.
 */
export function statementCsv(statement: AccountStatement): string {
  const rows = statement.lines.map((line) => ({
    recorded_at: line.recorded_at,
    position: line.position,
    event_id: line.id,
    type: line.type,
    amount: line.amount,
    change: line.change,
    bucket: line.bucket,
    reason: spreadsheetText(line.reason),
    ...line.balances,
    hash: line.hash,
  }));
  const closing = {
    recorded_at: statement.as_of,
    type: CLOSING_ROW_TYPE,
    ...statement.balances,
    hash: statement.head_hash,
  };
  return stringify([...rows, closing], {
    ...CSV_OPTIONS,
    bom: true,
    header: true,
    columns: [...STATEMENT_COLUMNS],
  });
}

export const TRANSACTION_COLUMNS = [
  'recorded_at',
  'event_id',
  'user_id',
  'type',
  'amount',
  'bucket',
  'reason',
  'transaction_id',
  'actor_role',
  'actor_id',
  'request_id',
] as const;

/** The CSV's first line: the byte order mark and the column names. */
export function transactionsCsvHeader(): string {
  return stringify([], { ...CSV_OPTIONS, bom: true, header: true, columns: [...TRANSACTION_COLUMNS] });
}

/** One row per account event; `transaction_id` is the deposit's, withdrawal's or adjustment's id. */
export function transactionsCsvRows(events: readonly RecordedAccountEvent[]): string {
  const rows = events.map((event) => {
    const movement = eventMovement(event);
    return {
      recorded_at: event.recordedAt.toISOString(),
      event_id: event.id,
      user_id: event.data.userId,
      type: event.type,
      amount: formatCents(movement.amount),
      bucket: movement.bucket,
      reason: spreadsheetText(movement.reason),
      transaction_id: movement.transactionId,
      actor_role: event.metadata.actorRole ?? null,
      actor_id: event.metadata.actorId ?? null,
      request_id: event.metadata.requestId ?? null,
    };
  });
  return stringify(rows, { ...CSV_OPTIONS, columns: [...TRANSACTION_COLUMNS] });
}

export const TRIAL_BALANCE_COLUMNS = ['account', 'name', 'kind', 'debit', 'credit', 'balance'] as const;

/** The `account` of a trial balance CSV's last row: the totals, with the difference in `balance`. */
export const TOTALS_ROW_ACCOUNT = 'Total';

/** One row per account, then the totals row: debits, credits and their difference (0.00 when balanced). */
export function trialBalanceCsv(books: TrialBalance): string {
  const rows = books.accounts.map((row) => ({ ...row, name: spreadsheetText(row.name) }));
  const totals = {
    account: TOTALS_ROW_ACCOUNT,
    name: `As of ${books.as_of}`,
    debit: books.totals.debit,
    credit: books.totals.credit,
    balance: books.difference,
  };
  return stringify([...rows, totals], {
    ...CSV_OPTIONS,
    bom: true,
    header: true,
    columns: [...TRIAL_BALANCE_COLUMNS],
  });
}

/** Headers of a CSV download; money records are never kept by shared caches. */
export function setCsvAttachment(response: Response, filename: string): void {
  response.set({
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    'Cache-Control': 'no-store',
  });
}
