// The money format alone: the contracts' index would bring zod into the dashboard's first load.
import { formatUsd, groupThousands } from '@ledgerstone/contracts/money-format';

export { formatDate } from '../../lib/date-time.js';

/** A card's figure: "$1,500.00", and $0.00 while the server has none. */
export const formatFigure = (amount: string | undefined) => formatUsd(amount ?? '0.00');

/** A quote's price keeps its precision ("$0.61234"), at least cents; digits never pass through a float. */
export function formatPrice(price: string): string {
  const [whole = '0', fraction = ''] = price.split('.');
  const cents = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `$${groupThousands(BigInt(whole).toString())}.${cents}`;
}

/** "+2.35%" / "-1.10%": the sign says the direction, not only the colour. */
export const formatChange = (change: string) => `${change.startsWith('-') ? '' : '+'}${change}%`;

export const isFalling = (change: string) => change.startsWith('-');
