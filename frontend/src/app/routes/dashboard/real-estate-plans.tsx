import { DepositPlans } from '../../../features/deposits/components/deposit-plans.js';

export function Component() {
  return <DepositPlans kind="real_estate" title="Real Estate Plans" />;
}
