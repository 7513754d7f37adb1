import { Inject, Injectable, Logger } from '@nestjs/common';
import { payoutWalletFields } from '@ledgerstone/contracts';
import type { PayoutWallet } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { payoutAddressKey } from '../domain/payout-address-key.js';
import { AccountCommands } from './account-commands.js';

interface StoredWallets {
  user_id: string;
  bitcoin: string | null;
  ethereum: string | null;
  usdt: string | null;
  solana: string | null;
  updated_at: Date;
}

/**
 * Payout addresses saved before the address book existed are in the members' relational records only. At start,
 * each enters its member's book as saved when it was last changed, so an address kept for longer than the
 * cooling period is usable at once: no member loses an address to the upgrade. Saving the same address again
 * appends nothing, so this is safe to run at every start, by several api instances at once.
 */
@Injectable()
export class AddressBookBackfill {
  private readonly logger = new Logger(AddressBookBackfill.name);

  constructor(
    @Inject(DATABASE) private readonly db: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly accounts: AccountCommands,
  ) {}

  async run(): Promise<number> {
    const { rows } = await sql<StoredWallets>`
      select w.user_id, w.bitcoin, w.ethereum, w.usdt, w.solana, w.updated_at
      from payout_wallets w
      join users u on u.id = w.user_id and u.role = 'member' and u.status <> 'closed'
      left join account_states s on s.user_id = w.user_id
      where ${sql.join(
        payoutWalletFields.map(
          (wallet) =>
            sql`(${sql.ref(`w.${wallet}`)} is not null and s.state -> 'payoutAddresses' -> ${wallet} is null)`,
        ),
        sql` or `,
      )}
    `.execute(this.db);
    for (const row of rows) {
      const userId = row.user_id;
      const addresses = payoutWalletFields.flatMap((wallet) => {
        const address = row[wallet];
        return address === null ? [] : [{ wallet, addressKey: payoutAddressKey(userId, wallet, address) }];
      });
      await this.save(userId, addresses, row.updated_at);
    }
    if (rows.length > 0) {
      this.logger.log(`put the payout addresses of ${rows.length} members in their address books`);
    }
    return rows.length;
  }

  private async save(
    userId: string,
    addresses: { wallet: PayoutWallet; addressKey: string }[],
    savedAt: Date,
  ): Promise<void> {
    try {
      await this.accounts.execute({
        userId,
        commandType: 'SavePayoutAddresses',
        metadata: { actorRole: 'system' },
        commands: ({ open }) => [
          {
            type: 'SavePayoutAddresses',
            data: {
              userId,
              addresses,
              coolingHours: this.config.withdrawalProtection.coolingHours,
              accountOpen: open,
              savedAt,
            },
          },
        ],
        result: () => null,
      });
    } catch (error) {
      // A locked account keeps its book as it is; the other members' addresses go on.
      this.logger.warn(`the payout addresses of ${userId} stay out of the address book: ${String(error)}`);
    }
  }
}
