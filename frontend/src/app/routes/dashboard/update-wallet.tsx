import { WalletForm } from '../../../features/member-settings/components/wallet-form.js';

export function Component() {
  return <WalletForm />;
}
