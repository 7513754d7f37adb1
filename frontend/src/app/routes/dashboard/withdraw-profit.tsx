import { WithdrawalForm } from '../../../features/withdrawals/components/withdrawal-form.js';

export function Component() {
  return <WithdrawalForm source="profit" />;
}
