import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { WithdrawalProtection } from '@ledgerstone/contracts';
import {
  formatCents,
  initialState,
  pendingWithdrawals,
  withdrawalLimitUse,
  type LimitUse,
  type PayoutWallet,
} from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { loadAccountState } from '../persistence/account-state-row.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';
import { findPayoutWallets } from '../persistence/payout-wallets.tables.js';
import { requireMember } from '../persistence/members.js';

/** A member's withdrawal protection as it stands now, from the account's state row (always current). */
export class GetWithdrawalProtection extends Query<WithdrawalProtection> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(GetWithdrawalProtection)
export class GetWithdrawalProtectionHandler implements IQueryHandler<GetWithdrawalProtection> {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.db = accountsDatabase(database);
  }

  async execute({ userId }: GetWithdrawalProtection): Promise<WithdrawalProtection> {
    await requireMember(this.db, userId);
    const now = this.clock.now();
    const [row, wallets] = await Promise.all([
      this.db.selectFrom('account_states').select('state').where('user_id', '=', userId).executeTakeFirst(),
      findPayoutWallets(this.database, userId),
    ]);
    const state = row ? loadAccountState(row.state) : initialState();
    const { coolingHours, defaultLimits, pendingMax } = this.config.withdrawalProtection;
    const use = withdrawalLimitUse(state, now, defaultLimits);
    const nowIso = now.toISOString();
    const hold = state.securityHold;
    return {
      addresses: (
        Object.entries(state.payoutAddresses) as [
          PayoutWallet,
          NonNullable<(typeof state.payoutAddresses)[PayoutWallet]>,
        ][]
      ).map(([wallet, saved]) => ({
        wallet,
        address: wallets[wallet],
        saved_at: saved.savedAt,
        usable_from: saved.usableFrom,
        usable: saved.usableFrom <= nowIso,
      })),
      hold:
        hold && hold.until > nowIso
          ? { cause: hold.cause, started_at: hold.startedAt, until: hold.until }
          : null,
      lock: state.lock && {
        locked_by: state.lock.lockedBy,
        reason: state.lock.reason,
        locked_at: state.lock.lockedAt,
      },
      limits: {
        own: state.withdrawalLimits !== null,
        daily: figures(use.daily),
        thirty_days: figures(use.thirtyDays),
      },
      cooling_hours: coolingHours,
      awaiting_review: { count: pendingWithdrawals(state), most: pendingMax },
    };
  }
}

function figures({ limit, used, left }: LimitUse) {
  return { limit: formatCents(limit), used: formatCents(used), left: formatCents(left) };
}
