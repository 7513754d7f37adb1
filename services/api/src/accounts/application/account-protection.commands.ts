import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountMessages,
  lockMessages,
  type MessageResponse,
  type ProposalResponse,
  type SetWithdrawalLimitsRequest,
} from '@ledgerstone/contracts';
import {
  IllegalStateError,
  MAX_AMOUNT,
  parseCents,
  ValidationError,
  type Cents,
  type IdentityEvent,
} from '@ledgerstone/ledger';
import { readLockLink } from '@ledgerstone/process-kit';
import { IdentityEventLog, SessionStore, type IdentityTransaction } from '../../identity/index.js';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { LockLinkRefusedError } from '../domain/accounts.errors.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';
import { requireMember } from '../persistence/members.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';
import { FourEyes, type CoSignature } from '../../shared/approvals/four-eyes.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { lockLifting, withdrawalLimitsChange } from './proposals.js';

const LOCKED_FROM_LINK = 'Locked by the member from the link in a security e-mail';

export class SetWithdrawalLimitsCommand extends Command<MessageResponse | ProposalResponse> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly form: SetWithdrawalLimitsRequest,
    readonly context: RequestContext,
    /** Set when a second admin approved this: it runs instead of being proposed. */
    readonly coSignature?: CoSignature,
  ) {
    super();
  }
}

export class UnlockAccountCommand extends Command<MessageResponse | ProposalResponse> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly reason: string,
    readonly context: RequestContext,
    /** Set when a second admin approved this: it runs instead of being proposed. */
    readonly coSignature?: CoSignature,
  ) {
    super();
  }
}

/** "This wasn't me: lock my account", from the link of a mail: no session needed, the signed token is the key. */
export class LockAccountFromLinkCommand extends Command<MessageResponse> {
  constructor(
    readonly token: string,
    readonly context: RequestContext,
  ) {
    super();
  }
}

@CommandHandler(SetWithdrawalLimitsCommand)
export class SetWithdrawalLimitsHandler implements ICommandHandler<SetWithdrawalLimitsCommand> {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly accounts: AccountCommands,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly lookup: AccountLookup,
    private readonly fourEyes: FourEyes,
  ) {
    this.db = accountsDatabase(database);
  }

  async execute({
    admin,
    userId,
    form,
    context,
    coSignature,
  }: SetWithdrawalLimitsCommand): Promise<MessageResponse | ProposalResponse> {
    await requireMember(this.db, userId, { open: true });
    const daily = limit('daily', form.daily);
    const thirtyDays = limit('thirty_days', form.thirty_days);
    if (daily <= 0n || thirtyDays > MAX_AMOUNT || daily > thirtyDays) {
      throw new ValidationError('daily', accountMessages.invalidLimits);
    }
    if (!coSignature && this.fourEyes.requires('SetWithdrawalLimits', null)) {
      const account = await this.lookup.account(userId);
      const current = account.state.withdrawalLimits ?? this.config.withdrawalProtection.defaultLimits;
      const proposal = withdrawalLimitsChange(userId, account, current, { daily, thirtyDays }, form);
      return this.fourEyes.propose(admin, proposal, context);
    }
    await this.accounts.execute({
      userId,
      commandType: 'SetWithdrawalLimits',
      metadata: commandMetadata(admin, context, coSignature?.approvalId),
      coSignature,
      commands: ({ open }) => [
        {
          type: 'SetWithdrawalLimits',
          data: {
            userId,
            daily,
            thirtyDays,
            reason: form.reason,
            adminId: admin.userId,
            accountOpen: open,
            setAt: this.clock.now(),
          },
        },
      ],
      result: () => null,
    });
    return { message: accountMessages.limitsSet };
  }
}

@CommandHandler(UnlockAccountCommand)
export class UnlockAccountHandler implements ICommandHandler<UnlockAccountCommand> {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly accounts: AccountCommands,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly lookup: AccountLookup,
    private readonly fourEyes: FourEyes,
  ) {
    this.db = accountsDatabase(database);
  }

  async execute({
    admin,
    userId,
    reason,
    context,
    coSignature,
  }: UnlockAccountCommand): Promise<MessageResponse | ProposalResponse> {
    await requireMember(this.db, userId, { open: true });
    if (!coSignature && this.fourEyes.requires('UnlockAccount', null)) {
      const account = await this.lookup.account(userId);
      if (!account.state.lock) throw new IllegalStateError(accountMessages.accountNotLocked);
      return this.fourEyes.propose(admin, lockLifting(userId, account, reason), context);
    }
    await this.accounts.execute({
      userId,
      commandType: 'UnlockAccount',
      metadata: commandMetadata(admin, context, coSignature?.approvalId),
      coSignature,
      commands: ({ open }) => [
        {
          type: 'UnlockAccount',
          data: { userId, adminId: admin.userId, reason, accountOpen: open, unlockedAt: this.clock.now() },
        },
      ],
      result: () => null,
    });
    return { message: accountMessages.accountUnlocked };
  }
}

/**
 * Locks the account first (locking a locked account changes nothing), then ends every session and marks the
 * link used in one transaction: a crash in between leaves the account locked and the link still able to finish.
 */
@CommandHandler(LockAccountFromLinkCommand)
export class LockAccountFromLinkHandler implements ICommandHandler<LockAccountFromLinkCommand> {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly accounts: AccountCommands,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly sessions: SessionStore,
    private readonly events: IdentityEventLog,
  ) {
    this.db = accountsDatabase(database);
  }

  async execute({ token, context }: LockAccountFromLinkCommand): Promise<MessageResponse> {
    const now = this.clock.now();
    const link = readLockLink(this.config.accountLinkKey, token);
    if (!link) throw new LockLinkRefusedError('invalid');
    if (now > link.expiresAt) throw new LockLinkRefusedError('expired');
    const { userId, linkId } = link;
    const used = await this.db
      .selectFrom('used_lock_links')
      .select('link_id')
      .where('link_id', '=', linkId)
      .executeTakeFirst();
    if (used) throw new LockLinkRefusedError('used');
    const member: Pick<Actor, 'userId' | 'role'> = { userId, role: 'member' };
    const metadata = { actorId: userId, actorRole: member.role, requestId: context.requestId };
    await this.accounts.execute({
      userId,
      commandType: 'LockAccount',
      metadata: { ...metadata, correlationId: context.requestId },
      commands: () => [
        {
          type: 'LockAccount',
          data: { userId, lockedBy: 'member', adminId: null, reason: LOCKED_FROM_LINK, lockedAt: now },
        },
      ],
      result: () => null,
    });
    await this.db.transaction().execute(async (trx) => {
      try {
        await trx
          .insertInto('used_lock_links')
          .values({ link_id: linkId, user_id: userId, used_at: now })
          .execute();
      } catch (error) {
        // The same link opened twice at once: the other request ends the sessions.
        if (isUniqueViolation(error, 'used_lock_links_pkey')) return;
        throw error;
      }
      const identityTrx = trx as unknown as IdentityTransaction;
      const ended = await this.sessions.endAllOf(identityTrx, userId, 'account-locked', now);
      const [first, ...rest] = ended.map((sessionId): IdentityEvent => ({
        type: 'SessionEnded',
        data: { userId, sessionId, reason: 'account-locked' },
      }));
      if (first) await this.events.record(identityTrx, userId, [first, ...rest], metadata);
    });
    this.events.committed();
    return { message: lockMessages.locked };
  }
}

function limit(field: string, text: string): Cents {
  const amount = parseCents(text);
  if (amount === null) throw new ValidationError(field, accountMessages.invalidLimits);
  return amount;
}
