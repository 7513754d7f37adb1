import { formatUsd, type Reconciliation } from '@ledgerstone/contracts';

const negative = (amount: string) => amount.startsWith('-');
const absolute = (amount: string) => (negative(amount) ? amount.slice(1) : amount);

/** "Short by $100.00" or "$25.50 more than the books": a held less custody, or held less liabilities. */
export function signedDifference(amount: string, above = 'more than the books'): string {
  if (/^-?0\.00$/.test(amount)) return 'None';
  return negative(amount) ? `Short by ${formatUsd(absolute(amount))}` : `${formatUsd(amount)} ${above}`;
}

/** What is wrong with a day, in one sentence per finding. */
export function differenceSummary(reconciliation: Reconciliation): string {
  const findings = reconciliation.methods
    .filter((method) => !/^-?0\.00$/.test(method.difference))
    .map((method) =>
      negative(method.difference)
        ? `${method.name} holds ${formatUsd(absolute(method.difference))} less than the journal's custody.`
        : `${method.name} holds ${formatUsd(method.difference)} more than the journal's custody.`,
    );
  if (!/^-?0\.00$/.test(reconciliation.unassigned_custody)) {
    findings.push(
      `${formatUsd(reconciliation.unassigned_custody)} of custody is not assigned to a payment method.`,
    );
  }
  if (negative(reconciliation.held_less_liabilities)) {
    findings.push(
      `Shortfall: ${formatUsd(absolute(reconciliation.held_less_liabilities))} less is held than the members are owed.`,
    );
  }
  return findings.length > 0 ? findings.join(' ') : 'Every payment method holds what the journal says.';
}
