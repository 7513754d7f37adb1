import { createHash } from 'node:crypto';
import {
  PAYOUT_WALLET_NETWORKS,
  payoutWalletFields,
  type PayoutWalletField,
  type WalletNetwork,
} from '@ledgerstone/contracts';
import type { WithdrawalDestination } from '@ledgerstone/ledger';

/**
 * The fingerprint the account's events keep of a payout address in place of the address: the same member, wallet
 * and canonical address always give the same key, and the key tells nothing of the address to a reader of events.
 */
export function payoutAddressKey(
  userId: string,
  wallet: PayoutWalletField,
  canonicalAddress: string,
): string {
  return createHash('sha256').update(`${userId}\u0000${wallet}\u0000${canonicalAddress}`).digest('hex');
}

/** Every saved wallet of the method's network that the address could be (USDT and Ethereum share a network). */
export function withdrawalDestinations(
  userId: string,
  network: WalletNetwork,
  canonicalAddress: string,
): WithdrawalDestination[] {
  return payoutWalletFields
    .filter((wallet) => PAYOUT_WALLET_NETWORKS[wallet] === network)
    .map((wallet) => ({ wallet, addressKey: payoutAddressKey(userId, wallet, canonicalAddress) }));
}
