import {
  PAYOUT_WALLET_NETWORKS,
  payoutWalletFields,
  type PaymentMethodResponse,
  type PayoutWalletField,
  type PayoutWallets,
} from '@ledgerstone/contracts';

const payoutNetworks = new Set<string>(Object.values(PAYOUT_WALLET_NETWORKS));

/** Members withdraw only to networks the Withdrawal Gateway stores an address for. */
export function payoutMethods(methods: readonly PaymentMethodResponse[]): PaymentMethodResponse[] {
  return methods.filter((method) => payoutNetworks.has(method.network));
}

/** The saved wallet a method pays out to: the one named like it (USDT), else the first of its network. */
function payoutWalletField(method: PaymentMethodResponse): PayoutWalletField | undefined {
  const sameNetwork = payoutWalletFields.filter((field) => PAYOUT_WALLET_NETWORKS[field] === method.network);
  return sameNetwork.find((field) => field === method.name.toLowerCase()) ?? sameNetwork[0];
}

export function savedPayoutAddress(
  method: PaymentMethodResponse,
  wallets: PayoutWallets | undefined,
): string | null {
  const field = payoutWalletField(method);
  return (field && wallets?.[field]) ?? null;
}
