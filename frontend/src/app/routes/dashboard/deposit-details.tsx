import { DepositDetails } from '../../../features/deposits/components/deposit-details.js';

export function Component() {
  return <DepositDetails />;
}
