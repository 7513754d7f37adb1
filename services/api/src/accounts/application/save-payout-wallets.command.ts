import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { PayoutWalletsUpdate, ProvidedFactor } from '@ledgerstone/contracts';
import type { ApiConfig } from '../../shared/config/config.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { IdentityEventLog, StepUp } from '../../identity/index.js';
import type { IdentityTransaction } from '../../identity/index.js';
import type { Actor } from '../../shared/auth/actor.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { MailOutbox } from '../../shared/infrastructure/mail-outbox.js';
import { LOCK_LINK_HOURS, lockLinkUrl, signLockLink } from '@ledgerstone/process-kit';
import type { PayoutWallet } from '@ledgerstone/ledger';
import { maskedPayoutWalletChanges, type PayoutWalletChange } from '../domain/payout-wallet-changes.js';
import { payoutAddressKey } from '../domain/payout-address-key.js';
import { MemberNotActiveError } from '../domain/wallets.errors.js';
import type { AccountsTransaction } from '../persistence/accounts.tables.js';
import type { OutboxMail } from '../../shared/infrastructure/mail-outbox.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';

const WALLETS_PAGE = '/dashboard/update-wallet';

/**
 * The member stores payout wallet addresses: the account's address book. A new or changed address is usable for
 * withdrawals once its cooling period has passed (PayoutAddressSaved on the account); the change is also recorded
 * as PayoutWalletsChanged (wallet names only) and mailed to the member with a lock link. Saving the same
 * addresses again changes nothing and sends nothing; a locked account cannot change them.
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
  private readonly walletsUrl: string;

  constructor(
    private readonly accounts: AccountCommands,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly outbox: MailOutbox,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly events: IdentityEventLog,
    private readonly stepUp: StepUp,
  ) {
    this.walletsUrl = `${config.publicUrl.replace(/\/+$/, '')}${WALLETS_PAGE}`;
  }

  async execute({ member, update, secondFactor, context }: SavePayoutWallets): Promise<void> {
    await this.stepUp.confirm(member, secondFactor, context);
    const userId = member.userId;
    const now = this.clock.now();
    // Solana left out keeps its address: only the wallets the update names are compared with the book.
    const named = (Object.keys(update) as PayoutWallet[]).filter((wallet) => update[wallet] !== undefined);
    const addressOf = (wallet: PayoutWallet) => update[wallet] ?? null;
    let mail: OutboxMail | null = null;
    const { appended } = await this.accounts.execute({
      userId,
      commandType: 'SavePayoutWallets',
      metadata: commandMetadata(member, context),
      commands: ({ open }) => [
        {
          type: 'SavePayoutAddresses',
          data: {
            userId,
            addresses: named.map((wallet) => {
              const address = addressOf(wallet);
              return {
                wallet,
                addressKey: address === null ? null : payoutAddressKey(userId, wallet, address),
              };
            }),
            coolingHours: this.config.withdrawalProtection.coolingHours,
            accountOpen: open,
            savedAt: now,
          },
        },
      ],
      record: async (trx, events) => {
        const changes = events.flatMap((event): PayoutWalletChange[] =>
          event.type === 'PayoutAddressSaved' || event.type === 'PayoutAddressRemoved'
            ? [{ wallet: event.data.wallet, address: addressOf(event.data.wallet) }]
            : [],
        );
        const usableFrom =
          events.find((event) => event.type === 'PayoutAddressSaved')?.data.usableFrom ?? null;
        mail = await this.recordChange(trx, member, context, {
          changes,
          usableFrom,
          now,
        });
      },
      result: () => null,
    });
    if (!appended || !mail) return;
    this.events.committed();
    await this.outbox.enqueue(mail);
  }

  /** The relational copy of the addresses, the identity event and the mail, in the account command's transaction. */
  private async recordChange(
    trx: AccountsTransaction,
    member: Actor,
    context: RequestContext,
    { changes, usableFrom, now }: { changes: PayoutWalletChange[]; usableFrom: string | null; now: Date },
  ): Promise<OutboxMail> {
    const userId = member.userId;
    // The user row's lock orders concurrent saves, and a closure, of the same member.
    const user = await trx
      .selectFrom('users')
      .select(['email', 'first_name', 'status'])
      .where('id', '=', userId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!user?.email || user.status !== 'active') throw new MemberNotActiveError();
    const wallets = Object.fromEntries(changes.map(({ wallet, address }) => [wallet, address]));
    await trx
      .insertInto('payout_wallets')
      .values({
        user_id: userId,
        bitcoin: null,
        ethereum: null,
        usdt: null,
        solana: null,
        ...wallets,
        updated_at: now,
      })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...wallets, updated_at: now }))
      .execute();
    const [changeId] = await this.events.record(
      trx as unknown as IdentityTransaction,
      userId,
      [{ type: 'PayoutWalletsChanged', data: { userId, networks: changes.map((change) => change.wallet) } }],
      { actorId: userId, actorRole: member.role, requestId: context.requestId },
    );
    const lockToken = signLockLink(this.config.accountLinkKey, {
      userId,
      linkId: changeId,
      expiresAt: new Date(now.getTime() + LOCK_LINK_HOURS * 3_600_000),
    });
    // The change's event id names the job, so a retried job never sends the notice twice.
    return this.outbox.record(trx, changeId, {
      template: 'payout-wallets-changed',
      to: user.email,
      data: {
        firstName: user.first_name,
        changedAt: now.toISOString(),
        changes: maskedPayoutWalletChanges(changes),
        usableFrom,
        walletsUrl: this.walletsUrl,
        lockUrl: lockLinkUrl(this.config.publicUrl, lockToken),
      },
      origin: { eventId: changeId, eventType: 'PayoutWalletsChanged', requestId: context.requestId },
    });
  }
}
