import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  accountMessages,
  validateWalletAddress,
  type WithdrawalRequest,
  type WithdrawalResponse,
} from '@ledgerstone/contracts';
import {
  INVALID_AMOUNT,
  parsePositiveCents,
  ValidationError,
  type StartSecurityHold,
} from '@ledgerstone/ledger';
import { z } from 'zod';
import { CatalogService } from '../../catalog/index.js';
import { StepUp } from '../../identity/index.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { API_CONFIG } from '../../shared/infrastructure/infrastructure.tokens.js';
import { withdrawalDestinations } from '../domain/payout-address-key.js';
import { SecurityHolds } from './security-holds.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { AccountCommands, UnstartedSecurityHolds } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';
import { keyedRequest } from './idempotency.js';

const methodId = z.guid();

export class RequestWithdrawalCommand extends Command<WithdrawalResponse> {
  constructor(
    readonly actor: Actor,
    readonly form: WithdrawalRequest,
    readonly idempotencyKey: string | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}

type WithdrawalAnswer = Omit<WithdrawalResponse, 'position'>;

/**
 * Reserves the amount at once: the decider refuses more than the source holds, so no money is spent twice, and
 * anything the account's protection refuses (a lock, a security hold, an address not in the book or still
 * cooling, the rolling limits). A member with two-step verification on confirms with a fresh second factor first.
 */
@CommandHandler(RequestWithdrawalCommand)
export class RequestWithdrawalHandler implements ICommandHandler<RequestWithdrawalCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly catalog: CatalogService,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly stepUp: StepUp,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    private readonly holds: SecurityHolds,
  ) {}

  async execute({
    actor,
    form,
    idempotencyKey,
    context,
  }: RequestWithdrawalCommand): Promise<WithdrawalResponse> {
    const userId = actor.userId;
    const amount = parsePositiveCents(form.amount);
    if (amount === null) throw new ValidationError('amount', INVALID_AMOUNT);
    const method = await this.paymentMethod(form.payment_method);
    const address = validateWalletAddress(method.network, form.wallet_address);
    if (!address.ok) throw new ValidationError('wallet_address', address.message);

    // The second factor is no part of what was asked: a retry with a new code is the same request. A repeat
    // answers before the factor is asked for again; without one to ask for, the command's own check suffices.
    const key = keyedRequest(idempotencyKey, { ...form, secondFactor: undefined });
    const repeated =
      key &&
      !this.stepUp.passesWithout(actor) &&
      (await this.accounts.storedOutcome<WithdrawalAnswer>(userId, 'RequestWithdrawal', key));
    if (repeated) return { ...repeated.result, position: repeated.position };
    await this.stepUp.confirm(actor, form.secondFactor, context);

    const withdrawalId = randomUUID();
    const { coolingHours, defaultLimits, pendingMax, holdHours } = this.config.withdrawalProtection;
    const requestedAt = this.clock.now();
    const metadata = commandMetadata(actor, context);
    const withdraw = (holds: StartSecurityHold[]) =>
      this.accounts.execute<WithdrawalAnswer>({
        userId,
        commandType: 'RequestWithdrawal',
        idempotencyKey: key,
        metadata,
        // The command reads the member's recent security changes with the account, unless it carries their holds.
        securityHolds:
          holdHours > 0 && holds.length === 0 ? { hours: holdHours, startedAt: requestedAt } : undefined,
        commands: ({ open }) => [
          ...holds,
          {
            type: 'RequestWithdrawal',
            data: {
              userId,
              withdrawalId,
              source: form.source,
              amount,
              paymentMethodId: method.id,
              destinations: withdrawalDestinations(userId, method.network, address.address),
              policy: { coolingHours, defaultLimits, pendingMax },
              accountOpen: open,
              requestedAt,
            },
          },
        ],
        withdrawalDestination: (events) => {
          const requested = events.find((event) => event.type === 'WithdrawalRequested');
          const addressSavedAt = requested?.data.addressSavedAt;
          return {
            withdrawal_id: withdrawalId,
            payment_method_id: method.id,
            wallet_address: address.address,
            address_saved_at: addressSavedAt === undefined ? null : new Date(addressSavedAt),
            created_at: requestedAt,
          };
        },
        result: () => ({ message: accountMessages.withdrawalRequested, withdrawalId, status: 'pending' }),
      });
    let outcome;
    try {
      outcome = await withdraw([]);
    } catch (error) {
      if (!(error instanceof UnstartedSecurityHolds)) throw error;
      // A security change whose hold was not started (the step after the change was lost) holds this withdrawal
      // all the same: the hold is recorded first, so it stands even though the withdrawal is refused.
      await this.holds.append(userId, error.holds, metadata);
      outcome = await withdraw(error.holds);
    }
    return { ...outcome.result, position: outcome.position };
  }

  /** Members name the method by id or, as the withdrawal form does, by its name ("BITCOIN"). */
  private async paymentMethod(idOrName: string) {
    const method = methodId.safeParse(idOrName).success
      ? await this.catalog.activePaymentMethod(idOrName)
      : (await this.catalog.paymentMethods({})).find(
          (active) => active.name.toLowerCase() === idOrName.toLowerCase(),
        );
    if (!method) throw new ValidationError('payment_method', accountMessages.choosePaymentMethod);
    return method;
  }
}
