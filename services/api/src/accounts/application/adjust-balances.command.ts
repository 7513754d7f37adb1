import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountMessages,
  adjustableFigures,
  type AdjustBalancesRequest,
  type CommandResponse,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import {
  decide,
  INVALID_AMOUNT,
  parseCents,
  ValidationError,
  type AccountCommand,
  type AdjustableBucket,
  type Cents,
  type FigureChange,
} from '@ledgerstone/ledger';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';
import { AccountLookup } from '../persistence/account-lookup.js';
import { requireMember } from '../persistence/members.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';
import { keyedRequest } from './idempotency.js';
import { FourEyes, type CoSignature } from '../../shared/approvals/four-eyes.js';
import { balanceAdjustment } from './proposals.js';

export class AdjustBalancesCommand extends Command<CommandResponse | ProposalResponse> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly form: AdjustBalancesRequest,
    readonly context: RequestContext,
    /** Set when a second admin approved this: it runs instead of being proposed. */
    readonly coSignature?: CoSignature,
    /** The admin's Idempotency-Key: a save repeated after a cut answer returns the first answer. */
    readonly idempotencyKey?: string,
  ) {
    super();
  }
}

/**
 * The admin's form sends the figures it changed, each with the one it showed, and the version it read them at;
 * the decider turns them into adjustments, or refuses a form the account no longer matches.
 */
@CommandHandler(AdjustBalancesCommand)
export class AdjustBalancesHandler implements ICommandHandler<AdjustBalancesCommand> {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly accounts: AccountCommands,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly fourEyes: FourEyes,
    private readonly lookup: AccountLookup,
  ) {
    this.db = accountsDatabase(database);
  }

  async execute({
    admin,
    userId,
    form,
    context,
    coSignature,
    idempotencyKey,
  }: AdjustBalancesCommand): Promise<CommandResponse | ProposalResponse> {
    await requireMember(this.db, userId, { open: true });
    const figures: Partial<Record<AdjustableBucket, FigureChange>> = {};
    for (const bucket of adjustableFigures) {
      const figure = form[bucket];
      if (figure) {
        figures[bucket] = {
          shown: cents(bucket, figure.shown),
          target: cents(bucket, figure.target),
          adjustmentId: randomUUID(),
        };
      }
    }
    const adjustment = (accountVersion: number, accountOpen: boolean): AccountCommand => ({
      type: 'AdjustBalances',
      data: {
        userId,
        formVersion: form.version,
        accountVersion,
        figures,
        reason: form.reason,
        adminId: admin.userId,
        accountOpen,
        adjustedAt: this.clock.now(),
      },
    });
    if (!coSignature && this.fourEyes.requires('AdjustBalances', null)) {
      // Decided once now, on the account as it stands: a stale screen or figures not the account's are refused
      // at once, as the save without approvals would be, instead of waiting for a second admin who cannot run it.
      const account = await this.lookup.account(userId);
      decide(adjustment(account.version, true), account.state);
      return this.fourEyes.propose(admin, balanceAdjustment(userId, form), context);
    }
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'AdjustBalances',
      // The admin is part of the request: another admin's key is not theirs to be answered as done.
      idempotencyKey: keyedRequest(idempotencyKey, { ...form, adminId: admin.userId }),
      metadata: commandMetadata(admin, context, coSignature?.approvalId),
      coSignature,
      commands: ({ version, open }) => [adjustment(version, open)],
      result: (events) =>
        events.length ? accountMessages.balancesUpdated : accountMessages.balancesUnchanged,
    });
    return { message: result, position };
  }
}

function cents(field: AdjustableBucket, text: string): Cents {
  const amount = parseCents(text);
  if (amount === null) throw new ValidationError(field, INVALID_AMOUNT);
  return amount;
}
