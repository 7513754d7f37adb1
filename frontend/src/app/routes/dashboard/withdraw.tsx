import { WithdrawChoice } from '../../../features/withdrawals/components/withdraw-choice.js';

export function Component() {
  return <WithdrawChoice />;
}
