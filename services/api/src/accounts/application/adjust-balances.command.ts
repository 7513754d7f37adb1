import { randomUUID } from 'node:crypto';
import { ConflictException, Inject, NotFoundException } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, type AdjustBalancesRequest, type CommandResponse } from '@ledgerstone/contracts';
import {
  INVALID_AMOUNT,
  parseCents,
  totalProfit,
  ValidationError,
  type AccountCommand,
  type AdjustableBucket,
  type Cents,
} from '@ledgerstone/ledger';
import { z } from 'zod';
import { CLOCK, type Clock } from '../../clock/clock.js';
import type { RequestContext } from '../../identity/application/request-context.js';
import type { Actor } from '../../identity/persistence/session-store.js';
import { DATABASE, type Database } from '../../infrastructure/infrastructure.tokens.js';
import { accountsDatabase, type AccountsDatabase } from '../persistence/accounts.tables.js';
import { AccountCommands } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';

const uuid = z.guid();

export class AdjustBalancesCommand extends Command<CommandResponse> {
  constructor(
    readonly admin: Actor,
    readonly userId: string,
    readonly form: AdjustBalancesRequest,
    readonly context: RequestContext,
  ) {
    super();
  }
}

/**
 * The admin's form sends target figures; each changed one becomes an adjustment by the difference. Profit is
 * shown as locked plus unlocked, and its adjustment moves the unlocked part.
 */
@CommandHandler(AdjustBalancesCommand)
export class AdjustBalancesHandler implements ICommandHandler<AdjustBalancesCommand> {
  private readonly db: AccountsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly accounts: AccountCommands,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.db = accountsDatabase(database);
  }

  async execute({ admin, userId, form, context }: AdjustBalancesCommand): Promise<CommandResponse> {
    await this.requireMember(userId);
    const targets: Record<AdjustableBucket, Cents> = {
      available: figure('available', form.available),
      invested: figure('invested', form.invested),
      profit: figure('profit', form.profit),
    };
    const { result, position } = await this.accounts.execute({
      userId,
      commandType: 'AdjustBalance',
      metadata: commandMetadata(admin, context),
      commands: ({ state, version }) => {
        if (version !== form.version) throw new ConflictException(accountMessages.accountChanged);
        const current: Record<AdjustableBucket, Cents> = {
          available: state.available,
          invested: state.invested,
          profit: totalProfit(state),
        };
        const adjustedAt = this.clock.now();
        return (Object.keys(targets) as AdjustableBucket[])
          .filter((bucket) => targets[bucket] !== current[bucket])
          .map((bucket): AccountCommand => ({
            type: 'AdjustBalance',
            data: {
              userId,
              adjustmentId: randomUUID(),
              bucket,
              amount: targets[bucket] - current[bucket],
              reason: form.reason,
              adminId: admin.userId,
              adjustedAt,
            },
          }));
      },
      result: (events) =>
        events.length ? accountMessages.balancesUpdated : accountMessages.balancesUnchanged,
    });
    return { message: result, position };
  }

  private async requireMember(userId: string): Promise<void> {
    const user = uuid.safeParse(userId).success
      ? await this.db
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .where('role', '=', 'member')
          .executeTakeFirst()
      : undefined;
    if (!user) throw new NotFoundException(accountMessages.userNotFound);
  }
}

function figure(field: AdjustableBucket, text: string): Cents {
  const cents = parseCents(text);
  if (cents === null) throw new ValidationError(field, INVALID_AMOUNT);
  return cents;
}
