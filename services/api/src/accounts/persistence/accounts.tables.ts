import type { WriteSideTables } from '@ledgerstone/eventstore';
import type { Kysely, Transaction } from 'kysely';
import type { IdentityTables } from '../../identity/index.js';

// account_states.state holds the folded state with bigints as strings (see account-state-row.ts).
export type AccountTables = IdentityTables &
  Pick<
    WriteSideTables,
    | 'account_states'
    | 'commands'
    | 'deposit_proofs'
    | 'withdrawal_destinations'
    | 'payout_wallets'
    | 'used_lock_links'
  >;

export type AccountsDatabase = Kysely<AccountTables>;
export type AccountsTransaction = Transaction<AccountTables>;

export function accountsDatabase(db: Kysely<unknown>): AccountsDatabase {
  return db.withTables<AccountTables>();
}
