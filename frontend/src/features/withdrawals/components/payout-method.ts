import {
  PAYOUT_WALLET_NETWORKS,
  payoutWalletFields,
  type PaymentMethodResponse,
  type PayoutWalletField,
  type WithdrawalProtection,
} from '@ledgerstone/contracts';

const payoutNetworks = new Set<string>(Object.values(PAYOUT_WALLET_NETWORKS));

/** Members withdraw only to networks the Withdrawal Gateway stores an address for. */
export function payoutMethods(methods: readonly PaymentMethodResponse[]): PaymentMethodResponse[] {
  return methods.filter((method) => payoutNetworks.has(method.network));
}

/** The saved wallets a method pays out to: those of its network, the one named like it (USDT) first. */
function payoutWalletsOf(method: PaymentMethodResponse): PayoutWalletField[] {
  const sameNetwork = payoutWalletFields.filter((field) => PAYOUT_WALLET_NETWORKS[field] === method.network);
  const named = method.name.toLowerCase();
  return [
    ...sameNetwork.filter((field) => field === named),
    ...sameNetwork.filter((field) => field !== named),
  ];
}

export type BookAddress = {
  wallet: PayoutWalletField;
  address: string;
  usable: boolean;
  usable_from: string;
};

/** The address book's addresses a method can pay to, the wallet named like the method first. */
export function methodAddresses(
  method: PaymentMethodResponse,
  book: WithdrawalProtection['addresses'],
): BookAddress[] {
  const wallets = payoutWalletsOf(method);
  return wallets.flatMap((wallet) =>
    book.flatMap(({ wallet: saved, address, usable, usable_from }) =>
      saved === wallet && address !== null ? [{ wallet, address, usable, usable_from }] : [],
    ),
  );
}

/** The addresses a withdrawal by this method may go to now, each once (Ethereum and USDT may share one). */
export function usableAddresses(addresses: readonly BookAddress[]): string[] {
  return [...new Set(addresses.filter(({ usable }) => usable).map(({ address }) => address))];
}
