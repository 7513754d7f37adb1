import { createHash, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { accountMessages, type DepositRequest, type DepositResponse } from '@ledgerstone/contracts';
import {
  AccountError,
  amountOutOfRangeMessage,
  INVALID_AMOUNT,
  parsePositiveCents,
  ValidationError,
  type DepositPlan,
} from '@ledgerstone/ledger';
import { CatalogService } from '../../catalog/index.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import type { Actor } from '../../shared/auth/actor.js';
import { DomainError } from '../../shared/errors/domain-error.js';
import { inspectProof, type ProofInspection } from '../domain/proof-type.js';
import { AccountCommands, type AccountCommandOutcome } from './account-commands.js';
import { commandMetadata } from './command-metadata.js';
import { keyedRequest } from './idempotency.js';
import { ProofStorage } from './proof-storage.js';

const PROOF_REFUSALS: Record<Extract<ProofInspection, { accepted: false }>['refusal'], string> = {
  type: accountMessages.proofType,
  unreadable: accountMessages.proofUnreadable,
  tooManyPixels: accountMessages.proofTooManyPixels,
};

/** The proof file as the upload left it in memory. */
export interface UploadedProof {
  buffer: Buffer;
  size: number;
  originalname: string;
}

export class RequestDepositCommand extends Command<DepositResponse> {
  constructor(
    readonly actor: Actor,
    readonly form: DepositRequest,
    readonly proof: UploadedProof | undefined,
    readonly idempotencyKey: string | undefined,
    readonly context: RequestContext,
  ) {
    super();
  }
}

type DepositAnswer = Omit<DepositResponse, 'position'>;

@CommandHandler(RequestDepositCommand)
export class RequestDepositHandler implements ICommandHandler<RequestDepositCommand> {
  constructor(
    private readonly accounts: AccountCommands,
    private readonly catalog: CatalogService,
    private readonly proofs: ProofStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({
    actor,
    form,
    proof,
    idempotencyKey,
    context,
  }: RequestDepositCommand): Promise<DepositResponse> {
    const userId = actor.userId;
    const idempotency = keyedRequest(idempotencyKey, { form, proof: proof?.buffer });
    if (idempotency !== undefined) {
      // A repeat must not upload a second file either.
      const stored = await this.accounts.storedOutcome<DepositAnswer>(userId, 'RequestDeposit', idempotency);
      if (stored) return { ...stored.result, position: stored.position };
    }
    const plan = await this.depositPlan(form.plan);
    const method = await this.catalog.activePaymentMethod(form.payment_method);
    if (!method) throw new ValidationError('payment_method', accountMessages.choosePaymentMethod);
    const amount = parsePositiveCents(form.amount);
    if (amount === null) throw new ValidationError('amount', INVALID_AMOUNT);
    if (amount < plan.minAmount || amount > plan.maxAmount) {
      throw new ValidationError('amount', amountOutOfRangeMessage(plan));
    }
    if (!proof || proof.size === 0) throw new ValidationError('payment_proof', accountMessages.missingProof);
    const inspection = inspectProof(proof.buffer);
    if (!inspection.accepted) throw new ValidationError('payment_proof', PROOF_REFUSALS[inspection.refusal]);
    const proofKey = await this.proofs.put(proof.buffer, inspection.contentType);
    const proofSha256 = createHash('sha256').update(proof.buffer).digest();

    const depositId = randomUUID();
    const execution = this.accounts.execute<DepositAnswer>({
      userId,
      commandType: 'RequestDeposit',
      idempotencyKey: idempotency,
      metadata: commandMetadata(actor, context),
      commands: ({ open }) => [
        {
          type: 'RequestDeposit',
          data: {
            userId,
            depositId,
            plan,
            amount,
            paymentMethodId: method.id,
            proofKey,
            transactionHash: form.transaction_hash,
            accountOpen: open,
            requestedAt: this.clock.now(),
          },
        },
      ],
      record: async (trx) => {
        await trx
          .insertInto('deposit_proofs')
          .values({
            deposit_id: depositId,
            user_id: userId,
            object_key: proofKey,
            content_type: inspection.contentType,
            size_bytes: proof.size,
            sha256: proofSha256,
            original_name: proof.originalname.slice(0, 255) || null,
            created_at: this.clock.now(),
          })
          .execute();
      },
      result: () => ({ message: accountMessages.depositSubmitted, depositId, status: 'pending' }),
    });
    const { result, position } = await this.withoutUnusedProof(execution, proofKey);
    return { ...result, position };
  }

  /** Takes the stored proof out again when no deposit names it, so a deposit that fails leaves no object behind. */
  private async withoutUnusedProof<R>(
    execution: Promise<AccountCommandOutcome<R>>,
    proofKey: string,
  ): Promise<AccountCommandOutcome<R>> {
    try {
      const outcome = await execution;
      // The same Idempotency-Key sent twice at once: the other request's deposit and proof are the ones kept.
      if (!outcome.appended) await this.proofs.discard(proofKey);
      return outcome;
    } catch (error) {
      // A refusal stored nothing. Any other failure, such as a connection lost while committing, may have stored
      // the deposit, whose proof must then stay.
      const refused = error instanceof AccountError || error instanceof DomainError;
      if (refused) await this.proofs.discard(proofKey);
      throw error;
    }
  }

  private async depositPlan(planId: string): Promise<DepositPlan> {
    const plan = await this.catalog.activePlanVersion(planId);
    if (!plan) throw new ValidationError('plan', accountMessages.choosePlan);
    return plan;
  }
}
