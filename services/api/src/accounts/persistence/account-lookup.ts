import { Inject, Injectable } from '@nestjs/common';
import { initialState, type AccountState } from '@ledgerstone/ledger';
import { z } from 'zod';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { TransactionNotFoundError } from '../domain/accounts.errors.js';
import { loadAccountState } from './account-state-row.js';
import { accountsDatabase, type AccountsDatabase } from './accounts.tables.js';

const uuid = z.guid();

/** Finds whose account a deposit or withdrawal is on, from the rows written with its request. */
@Injectable()
export class AccountLookup {
  private readonly db: AccountsDatabase;

  constructor(@Inject(DATABASE) database: Database) {
    this.db = accountsDatabase(database);
  }

  async depositOwner(depositId: string): Promise<string> {
    const row = uuid.safeParse(depositId).success
      ? await this.db
          .selectFrom('deposit_proofs')
          .select('user_id')
          .where('deposit_id', '=', depositId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new TransactionNotFoundError('deposit');
    return row.user_id;
  }

  async withdrawalOwner(withdrawalId: string): Promise<string> {
    const row = uuid.safeParse(withdrawalId).success
      ? await this.db
          .selectFrom('withdrawal_destinations')
          .select('user_id')
          .where('withdrawal_id', '=', withdrawalId)
          .executeTakeFirst()
      : undefined;
    if (!row) throw new TransactionNotFoundError('withdrawal');
    return row.user_id;
  }

  /** The account as its state row holds it now (version 0 and an empty state before its first event). */
  async account(userId: string): Promise<{ version: number; state: AccountState }> {
    const row = await this.db
      .selectFrom('account_states')
      .select(['version', 'state'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row
      ? { version: row.version, state: loadAccountState(row.state) }
      : { version: 0, state: initialState() };
  }

  /** The proof of a deposit; with `ownerId`, only when it is that member's. */
  async proof(depositId: string, ownerId?: string) {
    if (!uuid.safeParse(depositId).success) throw new TransactionNotFoundError('deposit');
    let query = this.db
      .selectFrom('deposit_proofs')
      .select(['object_key', 'content_type', 'size_bytes'])
      .where('deposit_id', '=', depositId);
    if (ownerId !== undefined) query = query.where('user_id', '=', ownerId);
    const row = await query.executeTakeFirst();
    if (!row) throw new TransactionNotFoundError('deposit');
    return row;
  }
}
