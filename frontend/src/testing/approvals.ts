import type { ApprovalRow } from '@ledgerstone/contracts';

import { ADMIN_TEST_USER_ID } from './admin-user.js';
import { staffProfile } from './staff-session.js';

const HOUR = 3_600_000;

/** The admin who proposes in the tests, other than the signed-in one (Grace Hopper, who may decide). */
export const OTHER_ADMIN = { id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Alan Turing' };
/** The signed-in staff member, as a proposal names them. */
export const SIGNED_IN_ADMIN = { id: staffProfile('admin').id, name: 'Grace Hopper' };

/**
 * A pending proposal as `GET /api/admin/approvals` lists it: Alan Turing's balance adjustment on Ada Lovelace's
 * account, made three hours ago, with the given fields changed.
 */
export function approvalRow(changes: Partial<ApprovalRow> = {}): ApprovalRow {
  const proposedAt = Date.now() - 3 * HOUR - 5 * 60_000;
  return {
    id: 'c0ffee00-1111-4222-8333-444455556666',
    kind: 'AdjustBalances',
    action: 'Balance adjustment',
    status: 'pending',
    member: { id: ADMIN_TEST_USER_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
    subject_id: null,
    amount: null,
    changes: [{ label: 'Available', before: '0.00', after: '1500.00' }],
    proposer: OTHER_ADMIN,
    reason: 'Goodwill credit for the outage',
    proposed_at: new Date(proposedAt).toISOString(),
    expires_at: new Date(proposedAt + 72 * HOUR).toISOString(),
    decided_by: null,
    decision_reason: null,
    decided_at: null,
    ...changes,
  };
}

/** `{ approvals }` as the API stub takes it. */
export function approvalsAnswer(...approvals: ApprovalRow[]) {
  return { status: 200, body: { approvals } };
}

/** A 202 in place of the usual answer: a second admin must approve the action first. */
export function proposalAnswer(approvalId = 'c0ffee00-1111-4222-8333-777788889999') {
  return {
    status: 202,
    body: { message: 'Sent for approval', status: 'awaiting_approval', approval_id: approvalId },
  };
}
