import { Inject, Injectable } from '@nestjs/common';
import {
  approvalActionLabels,
  type ApprovalListQuery,
  type ApprovalRow,
  type ApprovalSummary,
} from '@ledgerstone/contracts';
import { formatCents, type ApprovalAction } from '@ledgerstone/ledger';
import { DATABASE, type Database } from '../../shared/infrastructure/infrastructure.tokens.js';
import { approvalsDatabase, type ApprovalsDatabase } from '../persistence/approvals.tables.js';
import { ApprovalDesk } from './approval-desk.js';

const LIST_LIMIT = 200;

/** The proposals as staff read them: pending first by age, or every one newest first. */
@Injectable()
export class ApprovalList {
  private readonly db: ApprovalsDatabase;

  constructor(
    @Inject(DATABASE) database: Database,
    private readonly desk: ApprovalDesk,
  ) {
    this.db = approvalsDatabase(database);
  }

  async summary(): Promise<ApprovalSummary> {
    await this.desk.closeDue();
    const { count } = await this.db
      .selectFrom('approvals')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return { pending: Number(count), enabled: this.desk.enabled };
  }

  async list({ status, user_id: userId }: ApprovalListQuery): Promise<ApprovalRow[]> {
    await this.desk.closeDue();
    let query = this.db
      .selectFrom('approvals as a')
      .innerJoin('users as proposer', 'proposer.id', 'a.proposer_id')
      .leftJoin('users as member', 'member.id', 'a.user_id')
      .leftJoin('users as decider', 'decider.id', 'a.decided_by')
      .select([
        'a.approval_id',
        'a.kind',
        'a.status',
        'a.user_id',
        'a.subject_id',
        'a.amount',
        'a.action',
        'a.reason',
        'a.proposer_id',
        'a.proposed_at',
        'a.expires_at',
        'a.decided_by',
        'a.decision_reason',
        'a.decided_at',
        'proposer.first_name as proposer_first',
        'proposer.last_name as proposer_last',
        'member.first_name as member_first',
        'member.last_name as member_last',
        'member.email as member_email',
        'decider.first_name as decider_first',
        'decider.last_name as decider_last',
      ])
      .limit(LIST_LIMIT);
    if (status === 'pending') query = query.where('a.status', '=', 'pending').orderBy('a.proposed_at', 'asc');
    else query = query.orderBy('a.proposed_at', 'desc');
    if (userId !== undefined) query = query.where('a.user_id', '=', userId);
    const rows = await query.execute();
    return rows.map((row) => ({
      id: row.approval_id,
      kind: row.kind,
      action: approvalActionLabels[row.kind],
      status: row.status,
      member:
        row.user_id === null
          ? null
          : { id: row.user_id, name: fullName(row.member_first, row.member_last), email: row.member_email },
      subject_id: row.subject_id,
      amount: row.amount === null ? null : formatCents(BigInt(row.amount)),
      changes: (row.action as ApprovalAction).changes,
      proposer: { id: row.proposer_id, name: fullName(row.proposer_first, row.proposer_last) },
      reason: row.reason,
      proposed_at: row.proposed_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
      decided_by:
        row.decided_by === null
          ? null
          : { id: row.decided_by, name: fullName(row.decider_first, row.decider_last) },
      decision_reason: row.decision_reason,
      decided_at: row.decided_at?.toISOString() ?? null,
    }));
  }
}

function fullName(first: string | null, last: string | null): string {
  return [first, last].filter(Boolean).join(' ');
}
