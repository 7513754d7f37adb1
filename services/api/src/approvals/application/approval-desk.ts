import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { approvalMessages, type CommandResponse, type ProposalResponse } from '@ledgerstone/contracts';
import {
  EventStore,
  StreamVersionConflict,
  type AnyTransaction,
  type EventMetadata,
} from '@ledgerstone/eventstore';
import {
  accountStreamId,
  APPROVAL_KINDS,
  ApprovalError,
  approvalStreamId,
  centsFromString,
  closedAccountRefuses,
  decideApproval,
  evolveApproval,
  initialApprovalState,
  type ApprovalAction,
  type ApprovalChange,
  type ApprovalCommand,
  type ApprovalEvent,
  type ApprovalPolicy,
  type ApprovalState,
  type ApprovalStatus,
  userStreamId,
} from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { FourEyes, type CoSignature, type Proposal } from '../../shared/approvals/four-eyes.js';
import type { Actor } from '../../shared/auth/actor.js';
import type { RequestContext } from '../../shared/auth/request-context.js';
import { CLOCK, type Clock } from '../../shared/clock/clock.js';
import type { ApiConfig } from '../../shared/config/config.js';
import { isUniqueViolation } from '../../shared/database/pg-errors.js';
import { API_CONFIG, DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { AlreadyAwaitingApproval, ApprovalNotFound, ApprovalRefused } from '../domain/approvals.errors.js';
import {
  approvalsDatabase,
  type ApprovalsDatabase,
  type ApprovalsTransaction,
} from '../persistence/approvals.tables.js';
import { ApprovedActions } from './approved-actions.js';

/** A proposal as its stream holds it, and the stream's version. */
interface LoadedApproval {
  state: ApprovalState;
  version: number;
}

const ATTEMPTS = 3;

/**
 * Four eyes on money: records proposals, and runs an approved one through the action's own use case with the
 * approval riding on it (see CoSignature), so the action and its approval commit together or not at all.
 * Each proposal's events go to `approval-<id>` with its row in `approvals`, in one transaction.
 */
@Injectable()
export class ApprovalDesk extends FourEyes {
  private readonly db: ApprovalsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    @Inject(API_CONFIG) private readonly config: ApiConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly store: EventStore,
    private readonly actions: ApprovedActions,
  ) {
    super();
    this.db = approvalsDatabase(database);
  }

  get enabled(): boolean {
    return this.config.approvals.enabled;
  }

  get policy(): ApprovalPolicy {
    return this.config.approvals;
  }

  async propose(proposer: Actor, proposal: Proposal, context: RequestContext): Promise<ProposalResponse> {
    await this.closeDue();
    const approvalId = randomUUID();
    const { action, reason, targetVersion } = proposal;
    const events = decided(() =>
      decideApproval(
        {
          type: 'ProposeApproval',
          data: {
            approvalId,
            action,
            targetVersion,
            proposer: { id: proposer.userId, role: proposer.role },
            reason,
            proposedAt: this.clock.now(),
            expiryHours: this.config.approvals.expiryHours,
          },
        },
        initialApprovalState(),
      ),
    );
    const proposed = events[0];
    if (proposed?.type !== 'ApprovalProposed') throw new Error('A proposal records ApprovalProposed');
    try {
      await this.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('approvals')
          .values({
            approval_id: approvalId,
            version: events.length,
            status: 'pending',
            kind: action.kind,
            user_id: action.userId,
            subject_id: action.subjectId,
            dedup_key: dedupKey(action),
            amount: action.amount === null ? null : centsFromString(action.amount),
            action: JSON.stringify(action),
            target_version: targetVersion,
            proposer_id: proposer.userId,
            reason: proposed.data.reason,
            proposed_at: new Date(proposed.data.proposedAt),
            expires_at: new Date(proposed.data.expiresAt),
          })
          .execute();
        await this.append(trx, approvalId, events, 'no_stream', metadata(proposer, context));
      });
    } catch (error) {
      if (isUniqueViolation(error, 'approvals_one_pending')) throw new AlreadyAwaitingApproval();
      throw error;
    }
    this.store.announce();
    return {
      message: approvalMessages.sentForApproval,
      status: 'awaiting_approval',
      approval_id: approvalId,
    };
  }

  /**
   * Runs the proposal's action as the approving admin, at the version it was proposed at (a payout at any: see
   * the approval decider). Of two approvals at once, one runs it and the other finds it already approved. When
   * the account (or the catalog) changed since, nothing runs and the proposal is recorded as failed.
   */
  async approve(
    approver: Actor,
    approvalId: string,
    reason: string,
    context: RequestContext,
  ): Promise<CommandResponse> {
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await this.pendingOrRefused(approvalId);
      const { state } = loaded;
      if (state.status === 'none') throw new ApprovalNotFound();
      const approvedAt = this.clock.now();
      const approval = (
        currentVersion: number,
        currentChanges?: readonly ApprovalChange[],
      ): ApprovalCommand => ({
        type: 'ApproveApproval',
        data: {
          approver: { id: approver.userId, role: approver.role },
          reason,
          currentVersion,
          ...(currentChanges && { currentChanges }),
          approvedAt,
        },
      });
      // Who may approve, and whether it is still open, is known before the action runs; its version only then.
      decided(() => decideApproval(approval(state.targetVersion), state));
      let events: ApprovalEvent[] = [];
      const coSignature: CoSignature = {
        approvalId,
        check: (currentVersion, shownNow) => {
          events = decideApproval(approval(currentVersion, shownNow), state);
          if (events.some((event) => event.type === 'ApprovalFailed')) throw new FailedToRun();
        },
        record: (trx) => this.append(trx, approvalId, events, loaded.version, metadata(approver, context)),
      };
      try {
        await this.actions.run(state.action, approver, context, coSignature);
      } catch (error) {
        if (error instanceof FailedToRun) {
          // The action's transaction rolled back: the failure is recorded on its own. When another admin's
          // approval of this very proposal moved the account on, this conflicts, and the retry says it was approved.
          try {
            await this.db
              .transaction()
              .execute((trx) =>
                this.append(trx, approvalId, events, loaded.version, metadata(approver, context)),
              );
          } catch (failure) {
            if (isConflictOn(failure, approvalId) && attempt < ATTEMPTS) continue;
            throw failure;
          }
          this.store.announce();
          const message =
            state.action.userId === null ? approvalMessages.catalogChanged : approvalMessages.accountChanged;
          throw new ApprovalRefused(new ApprovalError('CONFLICT', message));
        }
        if (error instanceof ApprovalError) {
          // Waiting for the account behind another admin's approval of this very proposal, its action found
          // nothing left to do: say it was approved.
          const fresh = await this.load(approvalId);
          if (fresh.state.status !== 'pending') decided(() => decideApproval(approval(0), fresh.state));
          throw new ApprovalRefused(error);
        }
        // Another admin decided it meanwhile: read it again, and say what became of it.
        if (isConflictOn(error, approvalId) && attempt < ATTEMPTS) continue;
        throw error;
      }
      this.store.announce();
      return { message: approvalMessages.approvedAndDone, position: await this.lastPosition(approvalId) };
    }
  }

  async reject(checker: Actor, approvalId: string, reason: string, context: RequestContext): Promise<void> {
    await this.decide(approvalId, checker, context, () => ({
      type: 'RejectApproval',
      data: { approver: { id: checker.userId, role: checker.role }, reason, rejectedAt: this.clock.now() },
    }));
  }

  async withdraw(proposer: Actor, approvalId: string, context: RequestContext): Promise<void> {
    await this.decide(approvalId, proposer, context, () => ({
      type: 'WithdrawApproval',
      data: { proposer: { id: proposer.userId, role: proposer.role }, withdrawnAt: this.clock.now() },
    }));
  }

  /**
   * Closes every pending proposal (or the one named) that can no longer run: superseded once its deposit or
   * withdrawal was decided without it, or once the account it would change was closed; expired once its time
   * ran out. All happen when proposals are next read, proposed or decided.
   */
  async closeDue(approvalId?: string): Promise<void> {
    const now = this.clock.now();
    for (const { approval_id: id, type, event_id: cause } of await this.overtaken(approvalId)) {
      const reason = approvalMessages.superseded[type];
      await this.close(id, { type: 'SupersedeApproval', data: { reason, supersededAt: now } }, cause);
    }
    let due = this.db
      .selectFrom('approvals')
      .select('approval_id')
      .where('status', '=', 'pending')
      .where('expires_at', '<=', now);
    if (approvalId !== undefined) due = due.where('approval_id', '=', approvalId);
    for (const { approval_id: id } of await due.execute()) {
      await this.close(id, { type: 'ExpireApproval', data: { expiredAt: now } });
    }
  }

  /**
   * Pending confirmations and payouts whose deposit or withdrawal an event decided, and pending proposals on a
   * closed account, with that event. The deciding events are found by their deposit's or withdrawal's id
   * (migration 0022's partial indexes), not by reading each proposal's account stream.
   */
  private async overtaken(approvalId?: string) {
    const { rows } = await sql<{ approval_id: string; type: DecidedWithout; event_id: string }>`
      select a.approval_id, decided.type, decided.event_id
      from approvals a
      cross join lateral (
        select e.type, e.event_id
        from events e
        where e.stream_id = ${accountStreamId('')} || a.user_id::text
          and (
            (a.kind = 'ConfirmDeposit' and e.type in ('DepositConfirmed', 'DepositRejected')
              and e.data ->> 'depositId' = a.subject_id)
            or (a.kind = 'MarkWithdrawalPaid' and e.type in ('WithdrawalPaid', 'WithdrawalRejected')
              and e.data ->> 'withdrawalId' = a.subject_id)
          )
        order by e.stream_position
        limit 1
      ) decided
      where a.status = 'pending' and a.kind in ('ConfirmDeposit', 'MarkWithdrawalPaid')
        ${approvalId === undefined ? sql`` : sql`and a.approval_id = ${approvalId}`}
      union all
      select a.approval_id, closed.type, closed.event_id
      from approvals a
      join events closed
        on closed.stream_id = ${userStreamId('')} || a.user_id::text and closed.type = 'AccountClosed'
      where a.status = 'pending' and a.kind in (${sql.join(CLOSED_ACCOUNT_REFUSES)})
        ${approvalId === undefined ? sql`` : sql`and a.approval_id = ${approvalId}`}
    `.execute(this.db);
    return rows;
  }

  /** Records the system closing a proposal; nothing when another request decided or closed it meanwhile. */
  private async close(approvalId: string, command: ApprovalCommand, causationId?: string): Promise<void> {
    const loaded = await this.load(approvalId);
    const events = decideApproval(command, loaded.state);
    if (events.length === 0) return;
    const eventMetadata: EventMetadata = { actorRole: 'system', ...(causationId && { causationId }) };
    try {
      await this.db
        .transaction()
        .execute((trx) => this.append(trx, approvalId, events, loaded.version, eventMetadata));
    } catch (error) {
      if (!isConflictOn(error, approvalId)) throw error;
    }
  }

  /** The proposal as it stands, once closed if it can no longer run (so the refusal says why). */
  private async pendingOrRefused(approvalId: string): Promise<LoadedApproval> {
    await this.closeDue(approvalId);
    return this.load(approvalId);
  }

  private async decide(
    approvalId: string,
    actor: Actor,
    context: RequestContext,
    command: () => ApprovalCommand,
  ): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      const loaded = await this.pendingOrRefused(approvalId);
      if (loaded.state.status === 'none') throw new ApprovalNotFound();
      const events = decided(() => decideApproval(command(), loaded.state));
      try {
        await this.db
          .transaction()
          .execute((trx) => this.append(trx, approvalId, events, loaded.version, metadata(actor, context)));
      } catch (error) {
        if (isConflictOn(error, approvalId) && attempt < ATTEMPTS) continue;
        throw error;
      }
      this.store.announce();
      return;
    }
  }

  private async load(approvalId: string): Promise<LoadedApproval> {
    const recorded = await this.store.readStream(approvalStreamId(approvalId));
    const state = recorded
      .map((event) => ({ type: event.type, data: event.data }) as ApprovalEvent)
      .reduce(evolveApproval, initialApprovalState());
    return { state, version: recorded.length };
  }

  /** Appends at the version read, and moves the proposal's row to match, in the caller's transaction. */
  private async append(
    trx: AnyTransaction,
    approvalId: string,
    events: ApprovalEvent[],
    expectedVersion: number | 'no_stream',
    eventMetadata: EventMetadata,
  ): Promise<void> {
    const appended = await this.store.appendInTransaction(
      trx,
      approvalStreamId(approvalId),
      events.map((event) => ({ id: randomUUID(), ...event, metadata: eventMetadata })),
      { expectedVersion },
    );
    const decision = events.reduce<ApprovalRowChange>((change, event) => rowChange(change, event), {});
    if (expectedVersion === 'no_stream') return;
    await (trx as ApprovalsTransaction)
      .updateTable('approvals')
      .set({ version: appended.nextExpectedVersion, ...decision })
      .where('approval_id', '=', approvalId)
      .execute();
  }

  private async lastPosition(approvalId: string): Promise<string> {
    const events = await this.store.readStream(approvalStreamId(approvalId));
    const last = events.at(-1);
    return last ? `${last.transactionId}:${last.globalPosition}` : '0:0';
  }
}

type ApprovalRowChange = Partial<{
  status: Exclude<ApprovalStatus, 'pending'>;
  decided_by: string | null;
  decision_reason: string | null;
  decided_at: Date;
}>;

function rowChange(change: ApprovalRowChange, event: ApprovalEvent): ApprovalRowChange {
  switch (event.type) {
    case 'ApprovalProposed':
      return change;
    case 'ApprovalApproved':
      return {
        ...change,
        decided_by: event.data.approverId,
        decision_reason: event.data.reason,
        decided_at: new Date(event.data.approvedAt),
      };
    case 'ApprovalExecuted':
      return { ...change, status: 'executed' };
    case 'ApprovalRejected':
      return {
        status: 'rejected',
        decided_by: event.data.rejectedBy,
        decision_reason: event.data.reason,
        decided_at: new Date(event.data.rejectedAt),
      };
    case 'ApprovalWithdrawn':
      return {
        status: 'withdrawn',
        decided_by: event.data.proposerId,
        decided_at: new Date(event.data.withdrawnAt),
      };
    case 'ApprovalExpired':
      return { status: 'expired', decided_at: new Date(event.data.expiredAt) };
    case 'ApprovalFailed':
      return {
        status: 'failed',
        decided_by: event.data.approverId,
        decision_reason: event.data.reason,
        decided_at: new Date(event.data.failedAt),
      };
    case 'ApprovalSuperseded':
      return {
        status: 'superseded',
        decision_reason: event.data.reason,
        decided_at: new Date(event.data.supersededAt),
      };
  }
}

/**
 * The events a pending proposal cannot outlive: those deciding its deposit or withdrawal, and the close of its
 * account.
 */
type DecidedWithout = keyof typeof approvalMessages.superseded;

/**
 * The proposals a close supersedes: those whose command a closed account refuses (the account decider's
 * `closedAccountRefuses`). Paying or rejecting what the member asked for before the close still runs.
 */
const CLOSED_ACCOUNT_REFUSES = APPROVAL_KINDS.filter((kind) => closedAccountRefuses.has(kind));

/** Thrown by an approval's check to roll back the action's transaction: the approval failed, and nothing runs. */
class FailedToRun extends Error {}

/** What one pending proposal at a time may act on: the same deposit, withdrawal, item or member-wide setting. */
function dedupKey(action: ApprovalAction): string | null {
  if (action.kind === 'CreatePlan' || action.kind === 'CreatePaymentMethod') return null;
  return `${action.kind}:${action.subjectId ?? action.userId ?? ''}`;
}

function metadata(actor: Actor, context: RequestContext): EventMetadata {
  return {
    actorId: actor.userId,
    actorRole: actor.role,
    requestId: context.requestId,
    correlationId: context.requestId,
  };
}

function isConflictOn(error: unknown, approvalId: string): boolean {
  return error instanceof StreamVersionConflict && error.streamId === approvalStreamId(approvalId);
}

function decided(decide: () => ApprovalEvent[]): ApprovalEvent[] {
  try {
    return decide();
  } catch (error) {
    if (error instanceof ApprovalError) throw new ApprovalRefused(error);
    throw error;
  }
}
