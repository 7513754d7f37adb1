import {
  maskWalletAddress,
  payoutWalletFields,
  type PayoutWalletField,
  type PayoutWallets,
  type PayoutWalletsUpdate,
} from '@ledgerstone/contracts';

/** A wallet whose address the update changes; `address` is the new one, null when removed. */
export interface PayoutWalletChange {
  wallet: PayoutWalletField;
  address: string | null;
}

/** The stored wallets after the update: a wallet the update leaves out keeps its address. */
export function applyPayoutWalletsUpdate(stored: PayoutWallets, update: PayoutWalletsUpdate): PayoutWallets {
  return {
    bitcoin: update.bitcoin,
    ethereum: update.ethereum,
    usdt: update.usdt,
    solana: update.solana === undefined ? stored.solana : update.solana,
  };
}

export function payoutWalletChanges(before: PayoutWallets, after: PayoutWallets): PayoutWalletChange[] {
  return payoutWalletFields
    .filter((wallet) => before[wallet] !== after[wallet])
    .map((wallet) => ({ wallet, address: after[wallet] }));
}

/** The changes as a notice may show them: the first 6 and last 4 characters of each address. */
export function maskedPayoutWalletChanges(changes: PayoutWalletChange[]): PayoutWalletChange[] {
  return changes.map(({ wallet, address }) => ({
    wallet,
    address: address === null ? null : maskWalletAddress(address),
  }));
}
