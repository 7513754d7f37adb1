/** An amount of money in whole cents. Never a floating-point number. */
export type Cents = bigint;

/**
 * Cents as event data stores them: a string of whole cents ("150000" is 1,500.00, "-2500" is -25.00).
 * JSON has no bigint and its numbers lose precision beyond 2^53, so amounts never travel as numbers.
 */
export type CentsString = string;

/**
 * The largest amount one request may name: one trillion. Far below PostgreSQL's bigint limit, so sums over a
 * whole account's history cannot overflow a column.
 */
export const MAX_AMOUNT: Cents = 100_000_000_000_000n;

const DECIMAL_AMOUNT = /^(\d+)(?:\.(\d{1,2}))?$/;

/** "1500", "1500.5" or "1500.50" to cents; `null` for anything else (signs, exponents, spaces, 3 decimals). */
export function parseCents(text: string): Cents | null {
  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return cents <= MAX_AMOUNT ? cents : null;
}

/** Like `parseCents`, and refuses zero. */
export function parsePositiveCents(text: string): Cents | null {
  const cents = parseCents(text);
  return cents !== null && cents > 0n ? cents : null;
}

/** The API's form: "1500.00", "-0.05". */
export function formatCents(cents: Cents): string {
  const sign = cents < 0n ? '-' : '';
  const magnitude = cents < 0n ? -cents : cents;
  return `${sign}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** Amounts as members read them in messages: "$1,500.00". */
export function formatDollars(cents: Cents): string {
  const [whole = '0', fraction = '00'] = formatCents(cents < 0n ? -cents : cents).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0n ? '-' : ''}$${grouped}.${fraction}`;
}

/** Plan limits in messages: "1000" when whole, else "4999.99". */
export function formatCentsCompact(cents: Cents): string {
  return cents % 100n === 0n ? (cents / 100n).toString() : formatCents(cents);
}

export function centsToString(cents: Cents): CentsString {
  return cents.toString();
}

export function centsFromString(stored: CentsString): Cents {
  return BigInt(stored);
}
