import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  adjustBalancesRequest,
  closePeriodRequest,
  createPaymentMethodRequest,
  createPlanRequest,
  setWithdrawalLimitsRequest,
  unlockAccountRequest,
  updatePaymentMethodRequest,
  updatePlanRequest,
} from '@ledgerstone/contracts';
import type { ApprovalAction } from '@ledgerstone/ledger';
import {
  AdjustBalancesCommand,
  ConfirmDepositCommand,
  MarkWithdrawalPaidCommand,
  SetWithdrawalLimitsCommand,
  UnlockAccountCommand,
} from '../../accounts/index.js';
import { PeriodClosing } from '../../books/index.js';
import { CatalogAdmin } from '../../catalog/index.js';
import type { CoSignature } from '../../shared/approvals/four-eyes.js';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';

/**
 * Runs an approved proposal's action through the use case that would have run it without four eyes, as the
 * approving admin, with the approval riding on it. The request is read again by its own schema.
 */
@Injectable()
export class ApprovedActions {
  constructor(
    private readonly commands: CommandBus,
    private readonly catalog: CatalogAdmin,
    private readonly books: PeriodClosing,
  ) {}

  async run(action: ApprovalAction, approver: Actor, context: RequestContext, coSignature: CoSignature) {
    const { request } = action;
    const userId = action.userId ?? '';
    const subjectId = action.subjectId ?? '';
    const catalogContext = {
      actorId: approver.userId,
      actorRole: approver.role,
      requestId: context.requestId,
    };
    switch (action.kind) {
      case 'AdjustBalances':
        return this.commands.execute(
          new AdjustBalancesCommand(
            approver,
            userId,
            adjustBalancesRequest.parse(request),
            context,
            coSignature,
          ),
        );
      case 'ConfirmDeposit':
        return this.commands.execute(new ConfirmDepositCommand(approver, subjectId, context, coSignature));
      case 'MarkWithdrawalPaid': {
        const payoutReference = typeof request.payoutReference === 'string' ? request.payoutReference : null;
        return this.commands.execute(
          new MarkWithdrawalPaidCommand(approver, subjectId, payoutReference, context, coSignature),
        );
      }
      case 'UnlockAccount': {
        const { reason } = unlockAccountRequest.parse(request);
        return this.commands.execute(
          new UnlockAccountCommand(approver, userId, reason, context, coSignature),
        );
      }
      case 'SetWithdrawalLimits':
        return this.commands.execute(
          new SetWithdrawalLimitsCommand(
            approver,
            userId,
            setWithdrawalLimitsRequest.parse(request),
            context,
            coSignature,
          ),
        );
      case 'CreatePlan':
        return this.catalog.createPlan(createPlanRequest.parse(request), catalogContext, coSignature);
      case 'ChangePlan':
        return this.catalog.changePlan(
          subjectId,
          updatePlanRequest.parse(request),
          catalogContext,
          coSignature,
        );
      case 'CreatePaymentMethod':
        return this.catalog.createPaymentMethod(
          createPaymentMethodRequest.parse(request),
          catalogContext,
          coSignature,
        );
      case 'ChangePaymentMethod':
        return this.catalog.changePaymentMethod(
          subjectId,
          updatePaymentMethodRequest.parse(request),
          catalogContext,
          coSignature,
        );
      case 'ClosePeriod':
        return this.books.close(
          closePeriodRequest.parse(request).period,
          approver,
          context,
          coSignature.approvalId,
          coSignature,
        );
    }
  }
}
