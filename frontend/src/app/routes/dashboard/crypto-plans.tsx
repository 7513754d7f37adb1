import { DepositPlans } from '../../../features/deposits/components/deposit-plans.js';

export function Component() {
  return <DepositPlans kind="crypto" title="Crypto Plans" />;
}
