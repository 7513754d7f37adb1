/** The API's decimal dollars: "1500", "1500.5", "-12.50". */
const DECIMAL_AMOUNT = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * "1234567" -> "1,234,567" (and "-1234" -> "-1,234"): digits grouped by threes as en-US writes them. Written
 * out rather than with Intl.NumberFormat, whose first use in a browser tab loads the locale data (about 200 ms
 * on a throttled phone CPU, all in one task); digits never pass through a float.
 */
export function groupThousands(digits: string): string {
  if (digits.startsWith('-')) return `-${groupThousands(digits.slice(1))}`;
  let grouped = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let end = grouped.length; end < digits.length; end += 3) grouped += `,${digits.slice(end, end + 3)}`;
  return grouped;
}

/** Cents as a bigint, or the API's decimal dollar string ("1500.00"); anything else is a bug upstream. */
export type MoneyAmount = bigint | string;

function toCents(amount: MoneyAmount): bigint {
  if (typeof amount === 'bigint') return amount;
  const match = DECIMAL_AMOUNT.exec(amount);
  if (!match) throw new RangeError(`Not a money amount: "${amount}"`);
  const [, sign, whole = '', fraction = ''] = match;
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
  return sign ? -cents : cents;
}

function splitAmount(amount: MoneyAmount): { sign: '' | '-'; digits: string } {
  const cents = toCents(amount);
  const magnitude = cents < 0n ? -cents : cents;
  const fraction = (magnitude % 100n).toString().padStart(2, '0');
  return {
    sign: cents < 0n ? '-' : '',
    digits: `${groupThousands((magnitude / 100n).toString())}.${fraction}`,
  };
}

/** "1,500.00", "-12.50". */
export function formatAmount(amount: MoneyAmount): string {
  const { sign, digits } = splitAmount(amount);
  return `${sign}${digits}`;
}

/** "$1,500.00", "-$12.50". */
export function formatUsd(amount: MoneyAmount): string {
  const { sign, digits } = splitAmount(amount);
  return `${sign}$${digits}`;
}
