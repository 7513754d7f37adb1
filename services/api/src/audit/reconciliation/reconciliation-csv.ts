import { parseCents, type Cents } from '@ledgerstone/ledger';
import { parse } from 'csv-parse/sync';

export interface KnownPaymentMethod {
  id: string;
  name: string;
}

export type HeldFromCsv = { ok: true; held: Record<string, Cents> } | { ok: false; errors: string[] };

const ROWS_MAX = 1_000;
const HEADER = ['payment_method', 'amount'];

/**
 * Reads `payment_method,amount` rows (the header is optional; a method by its id, or by its name in any case) into
 * the held balance of every payment method. Every row is checked and every fault reported ("Row 3: ..."), so
 * one upload shows all that is wrong; a single fault and nothing is held.
 */
export function heldFromCsv(csv: string, methods: readonly KnownPaymentMethod[]): HeldFromCsv {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return { ok: false, errors: [`${line ? `Row ${line}: ` : ''}this is not a readable CSV`] };
  }
  const first = records[0]?.record.map((cell) => cell.toLowerCase());
  if (first && first.length === 2 && first.every((cell, index) => cell === HEADER[index])) records.shift();
  if (records.length === 0) return { ok: false, errors: ['The CSV has no rows: one per payment method'] };
  if (records.length > ROWS_MAX) return { ok: false, errors: [`The CSV has more than ${ROWS_MAX} rows`] };

  const byName = new Map(methods.map((method) => [method.name.toLowerCase(), method]));
  const byId = new Map(methods.map((method) => [method.id.toLowerCase(), method]));
  const held: Record<string, Cents> = {};
  const seenOn = new Map<string, number>();
  const errors: string[] = [];
  for (const { record, info } of records) {
    const row = info.lines;
    if (record.length !== 2) {
      errors.push(`Row ${row}: expected 2 columns (payment_method,amount), found ${record.length}`);
      continue;
    }
    const [name = '', amountText = ''] = record;
    // An id first: it names one method for good, where a method may be named anything (even another's id).
    const method = byId.get(name.toLowerCase()) ?? byName.get(name.toLowerCase());
    const amount = parseCents(amountText);
    if (!method) errors.push(`Row ${row}: no payment method is named "${shown(name)}"`);
    if (amount === null) {
      errors.push(
        `Row ${row}: "${shown(amountText)}" is not an amount of 0 or more with at most two decimals`,
      );
    }
    if (!method || amount === null) continue;
    const earlier = seenOn.get(method.id);
    if (earlier !== undefined) {
      errors.push(`Row ${row}: ${method.name} is already on row ${earlier}`);
      continue;
    }
    seenOn.set(method.id, row);
    held[method.id] = amount;
  }
  for (const method of methods) {
    if (!seenOn.has(method.id)) errors.push(`No row for ${method.name}: every payment method needs one`);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, held };
}

/** A cell as an error message quotes it: short, and without characters that would garble the message. */
function shown(cell: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = cell.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}
