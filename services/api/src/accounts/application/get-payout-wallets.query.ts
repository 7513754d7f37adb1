import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PayoutWallets } from '@ledgerstone/contracts';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { findPayoutWallets } from '../persistence/payout-wallets.tables.js';

/** The member's payout wallets, e.g. to prefill a withdrawal's address. */
export class GetPayoutWallets extends Query<PayoutWallets> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetPayoutWallets)
export class GetPayoutWalletsHandler implements IQueryHandler<GetPayoutWallets> {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  execute({ userId }: GetPayoutWallets): Promise<PayoutWallets> {
    return findPayoutWallets(this.db, userId);
  }
}
