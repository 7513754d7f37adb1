import type { PayoutWallets } from '@ledgerstone/contracts';
import type { WriteSideTables } from '@ledgerstone/eventstore';
import type { Kysely, Transaction } from 'kysely';
import type { IdentityTables } from '../../identity/index.js';

export type WalletTables = IdentityTables & Pick<WriteSideTables, 'payout_wallets'>;

export type WalletsDatabase = Kysely<WalletTables>;
export type WalletsTransaction = Transaction<WalletTables>;

export function walletsDatabase(db: Kysely<unknown>): WalletsDatabase {
  return db.withTables<WalletTables>();
}

export const NO_PAYOUT_WALLETS: PayoutWallets = { bitcoin: null, ethereum: null, usdt: null, solana: null };

/** The member's stored addresses, null where none is stored. */
export async function findPayoutWallets(db: Kysely<unknown>, userId: string): Promise<PayoutWallets> {
  const row = await walletsDatabase(db)
    .selectFrom('payout_wallets')
    .select(['bitcoin', 'ethereum', 'usdt', 'solana'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? NO_PAYOUT_WALLETS;
}

/** Closing an account erases its payout addresses with the rest of the member's personal data. */
export async function erasePayoutWallets<DB>(trx: Transaction<DB>, userId: string): Promise<void> {
  await (trx as unknown as WalletsTransaction)
    .deleteFrom('payout_wallets')
    .where('user_id', '=', userId)
    .execute();
}
