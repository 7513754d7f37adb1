import { formatUsd, type Reconciliation } from '@ledgerstone/contracts';

const negative = (amount: string) => amount.startsWith('-');
const absolute = (amount: string) => (negative(amount) ? amount.slice(1) : amount);

const isZero = (amount: string) => /^-?0\.00$/.test(amount);

/** A difference as a column shows it: "−$100.00" short, "+$12.34" more than the books, "—" none. */
export function signedDifference(amount: string): string {
  if (isZero(amount)) return '—';
  return negative(amount) ? `−${formatUsd(absolute(amount))}` : `+${formatUsd(amount)}`;
}

/** Held against what the members are owed, in words. */
export function coverage(heldLessLiabilities: string): string {
  if (isZero(heldLessLiabilities)) return 'Held equals what the members are owed.';
  return negative(heldLessLiabilities)
    ? `Shortfall: ${formatUsd(absolute(heldLessLiabilities))} less held than the members are owed.`
    : `Held exceeds what the members are owed by ${formatUsd(heldLessLiabilities)}.`;
}

/** Where the wallets and the books part, one sentence per payment method (empty when they agree). */
export function differenceSummary(reconciliation: Reconciliation): string {
  const findings = reconciliation.methods
    .filter((method) => !isZero(method.difference))
    .map((method) =>
      negative(method.difference)
        ? `${method.name} holds ${formatUsd(absolute(method.difference))} less than the journal's custody.`
        : `${method.name} holds ${formatUsd(method.difference)} more than the journal's custody.`,
    );
  if (!isZero(reconciliation.unassigned_custody)) {
    findings.push(
      `${formatUsd(reconciliation.unassigned_custody)} of custody is not assigned to a payment method.`,
    );
  }
  return findings.join(' ');
}
