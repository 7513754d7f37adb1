import type { Kysely, Transaction } from 'kysely';
import type { IdentityTables } from '../../identity/index.js';

export interface AccountStatesTable {
  user_id: string;
  version: number;
  available: bigint;
  invested: bigint;
  profit_locked: bigint;
  profit_unlocked: bigint;
  reserved: bigint;
  total_deposited: bigint;
  total_withdrawn: bigint;
  /** The folded state, bigints as strings (see account-state-row.ts). */
  state: unknown;
  updated_at: Date;
}

export interface CommandsTable {
  user_id: string;
  idempotency_key: string;
  command_type: string;
  /** sha256 of the request the key came with; null for rows older than it. */
  request_hash: string | null;
  result: unknown;
  created_at: Date;
}

export interface DepositProofsTable {
  deposit_id: string;
  user_id: string;
  object_key: string;
  content_type: string;
  size_bytes: number;
  original_name: string | null;
  created_at: Date;
}

export interface WithdrawalDestinationsTable {
  withdrawal_id: string;
  user_id: string;
  payment_method_id: string;
  wallet_address: string | null;
  created_at: Date;
}

export type AccountTables = IdentityTables & {
  account_states: AccountStatesTable;
  commands: CommandsTable;
  deposit_proofs: DepositProofsTable;
  withdrawal_destinations: WithdrawalDestinationsTable;
};

export type AccountsDatabase = Kysely<AccountTables>;
export type AccountsTransaction = Transaction<AccountTables>;

export function accountsDatabase(db: Kysely<unknown>): AccountsDatabase {
  return db.withTables<AccountTables>();
}
