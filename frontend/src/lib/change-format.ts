// The money format alone: the contracts' index would bring zod into the dashboard's first load.
import { formatUsd } from '@ledgerstone/contracts/money-format';

export const isZeroAmount = (amount: string) => /^-?0+\.00$/.test(amount);

/** "+$1,500.00", "−$200.00" (a real minus sign), "$0.00": the sign says the direction, not only colour. */
export function formatChange(change: string): string {
  if (isZeroAmount(change)) return formatUsd('0.00');
  return change.startsWith('-') ? `\u2212${formatUsd(change.slice(1))}` : `+${formatUsd(change)}`;
}

/** The theme colour of a change: none for no change. */
export function changeColor(change: string): 'error.light' | 'success.light' | undefined {
  if (isZeroAmount(change)) return undefined;
  return change.startsWith('-') ? 'error.light' : 'success.light';
}
