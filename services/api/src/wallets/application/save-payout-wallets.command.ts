import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PayoutWalletsUpdate, ProvidedFactor } from '@ledgerstone/contracts';
import type { ApiConfig } from '../../shared/config/config.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { IdentityEventLog, StepUp } from '../../identity/index.js';
import type { IdentityTransaction } from '../../identity/index.js';
import type { Actor } from '../../shared/auth/actor.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { MailOutbox } from '../../shared/infrastructure/mail-outbox.js';
import {
  applyPayoutWalletsUpdate,
  maskedPayoutWalletChanges,
  payoutWalletChanges,
} from '../domain/payout-wallet-changes.js';
import { MemberNotActiveError } from '../domain/wallets.errors.js';
import {
  NO_PAYOUT_WALLETS,
  walletsDatabase,
  type WalletsDatabase,
} from '../persistence/payout-wallets.tables.js';

const WALLETS_PAGE = '/dashboard/update-wallet';

/**
 * The member stores payout wallet addresses. A change is recorded as PayoutWalletsChanged (wallet names only)
 * and mailed to the member; saving the same addresses again changes nothing and sends nothing.
 */
export class SavePayoutWallets extends Command<void> {
  constructor(
    readonly member: Actor,
    readonly update: Omit<PayoutWalletsUpdate, 'secondFactor'>,
    /** Asked for once the member has two-step verification on: a change of payout address is a step-up. */
    readonly secondFactor: ProvidedFactor | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SavePayoutWallets)
export class SavePayoutWalletsHandler implements ICommandHandler<SavePayoutWallets> {
  private readonly db: WalletsDatabase;
  private readonly walletsUrl: string;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: MailOutbox,
    @Inject(API_CONFIG) config: ApiConfig,
    private readonly events: IdentityEventLog,
    private readonly stepUp: StepUp,
  ) {
    this.db = walletsDatabase(database);
    this.walletsUrl = `${config.publicUrl.replace(/\/+$/, '')}${WALLETS_PAGE}`;
  }

  async execute({ member, update, secondFactor, context }: SavePayoutWallets): Promise<void> {
    await this.stepUp.confirm(member, secondFactor, context);
    const now = this.clock.now();
    const saved = await this.db.transaction().execute(async (trx) => {
      // The user row's lock orders concurrent saves, and a closure, of the same member.
      const user = await trx
        .selectFrom('users')
        .select(['email', 'first_name', 'status'])
        .where('id', '=', member.userId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      if (!user?.email || user.status !== 'active') throw new MemberNotActiveError();
      const stored =
        (await trx
          .selectFrom('payout_wallets')
          .select(['bitcoin', 'ethereum', 'usdt', 'solana'])
          .where('user_id', '=', member.userId)
          .executeTakeFirst()) ?? NO_PAYOUT_WALLETS;
      const wallets = applyPayoutWalletsUpdate(stored, update);
      const changes = payoutWalletChanges(stored, wallets);
      if (changes.length === 0) return null;

      await trx
        .insertInto('payout_wallets')
        .values({ user_id: member.userId, ...wallets, updated_at: now })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...wallets, updated_at: now }))
        .execute();
      const [changeId] = await this.events.record(
        trx as unknown as IdentityTransaction,
        member.userId,
        [
          {
            type: 'PayoutWalletsChanged',
            data: { userId: member.userId, networks: changes.map((change) => change.wallet) },
          },
        ],
        { actorId: member.userId, actorRole: member.role, requestId: context.requestId },
      );
      // The change's event id names the job, so a retried job never sends the notice twice.
      return this.outbox.record(trx, changeId, {
        template: 'payout-wallets-changed',
        to: user.email,
        data: {
          firstName: user.first_name,
          changedAt: now.toISOString(),
          changes: maskedPayoutWalletChanges(changes),
          walletsUrl: this.walletsUrl,
        },
        origin: { eventId: changeId, eventType: 'PayoutWalletsChanged', requestId: context.requestId },
      });
    });
    if (!saved) return;
    this.events.committed();
    await this.outbox.enqueue(saved);
  }
}
