import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  accountMessages,
  approvalMessages,
  catalogMessages,
  type ApprovalListResponse,
  type ApprovalRow,
  type ProposalResponse,
} from '@ledgerstone/contracts';
import { EventStore } from '@ledgerstone/eventstore';
import { approvalStreamId, CATALOG_STREAM_ID, userStreamId } from '@ledgerstone/ledger';
import { signLockLink } from '@ledgerstone/process-kit';
import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import {
  FOUR_EYES_OFF,
  rejectDeposit,
  requestDeposit,
  requestWithdrawal,
  savePayoutAddresses,
  signInAs,
  type SignedInUser,
} from '../testing/account-steps.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { LOCAL_ACCOUNT_LINK_KEY } from '../shared/config/config.js';
import { AccountCommands } from '../accounts/index.js';

/**
 * Four eyes on money across real sessions: the first admin proposes, a second approves or rejects, the
 * proposer never approves their own, an auditor reads but does not decide, and an approved action runs once,
 * at the account version it was proposed at (a payout at any: it acts on its withdrawal alone). Deposits need a second admin above 1,500.00 here, payouts above 500.00.
 */

let testApp: AccountsTestApp;
let maker: SignedInUser;
let checker: SignedInUser;
let thirdAdmin: SignedInUser;
let auditor: SignedInUser;

beforeAll(async () => {
  testApp = await startAccountsTestApp('approvals', {
    APPROVALS: 'on',
    APPROVAL_DEPOSIT_OVER: '1500.00',
    APPROVAL_WITHDRAWAL_OVER: '500.00',
    APPROVAL_EXPIRY_HOURS: '1',
    SESSION_IDLE_MINUTES: '1440',
  });
  [maker, checker, thirdAdmin, auditor] = await signInAs(testApp, 'admin', 'admin', 'admin', 'auditor');
});

afterAll(async () => {
  await testApp?.close();
});

async function propose(userId: string, target: string, version = 0): Promise<string> {
  const response = await maker.browser
    .put(`/api/admin/users/${userId}/balances`)
    .send({ available: { shown: '0.00', target }, reason: 'Wire received', version });
  expect(response.status).toBe(202);
  const body = response.body as ProposalResponse;
  expect(body).toEqual({
    message: approvalMessages.sentForApproval,
    status: 'awaiting_approval',
    approval_id: expect.any(String),
  });
  return body.approval_id;
}

function decide(
  admin: TestAgent,
  approvalId: string,
  decision: 'approve' | 'reject',
  reason = 'Checked the statement',
) {
  return admin.post(`/api/admin/approvals/${approvalId}/${decision}`).send({ reason });
}

async function pending(admin: TestAgent, userId?: string): Promise<ApprovalRow[]> {
  const query = userId ? `?user_id=${userId}` : '';
  const { body } = await admin.get(`/api/admin/approvals${query}`).expect(200);
  return (body as ApprovalListResponse).approvals;
}

async function approvalEvents(approvalId: string) {
  return testApp.app.get(EventStore).readStream(approvalStreamId(approvalId));
}

/**
 * A member with 1,000.00 (a funding approved by the checker) whose 700.00 withdrawal the maker proposed to pay
 * with `payoutReference`: above the payout threshold, so it awaits a second admin.
 */
async function proposedPayout(payoutReference: string) {
  const [member] = await signInAs(testApp, 'member');
  const funding = await propose(member.userId, '1000.00');
  await decide(checker.browser, funding, 'approve').expect(200);
  await savePayoutAddresses(member.browser);
  const withdrawal = await requestWithdrawal(member.browser, '700.00');
  const proposed = await maker.browser
    .post(`/api/admin/withdrawals/${withdrawal.withdrawalId}/pay`)
    .send({ payoutReference })
    .expect(202);
  return { member, withdrawal, approvalId: (proposed.body as ProposalResponse).approval_id };
}

/**
 * Confirms a deposit through the accounts' one write path without asking for a second admin, as a deployment with
 * approvals off (or a higher threshold) would.
 */
async function confirmWithoutApprovals(userId: string, depositId: string): Promise<void> {
  await testApp.app.get(AccountCommands).execute({
    userId,
    commandType: 'ConfirmDeposit',
    metadata: { actorId: thirdAdmin.userId, actorRole: 'admin' },
    commands: ({ open }) => [
      {
        type: 'ConfirmDeposit',
        data: {
          userId,
          depositId,
          investmentId: randomUUID(),
          adminId: thirdAdmin.userId,
          accountOpen: open,
          // Confirmed outside the api's four eyes, as the proposal's check must expect of anything.
          fourEyes: FOUR_EYES_OFF,
          confirmedAt: testApp.clock.now(),
        },
      },
    ],
    result: () => null,
  });
}

async function accountEventTypes(userId: string): Promise<string[]> {
  return (await testApp.accountEvents(userId)).map((event) => event.type);
}

describe('a balance adjustment', () => {
  it('is only proposed by the first admin: nothing changes, and the proposal lists with its change and proposer', async () => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '1500.00');

    expect(await accountEventTypes(member.userId)).toEqual([]);
    const [row] = await pending(auditor.browser, member.userId);
    expect(row).toMatchObject({
      id: approvalId,
      kind: 'AdjustBalances',
      action: 'Balance adjustment',
      status: 'pending',
      member: { id: member.userId },
      changes: [{ label: 'Available', before: '0.00', after: '1500.00' }],
      proposer: { id: maker.userId, name: 'Grace Hopper' },
      reason: 'Wire received',
      decided_by: null,
    });
    const { body: summary } = await auditor.browser.get('/api/admin/approvals/summary').expect(200);
    expect(summary).toMatchObject({ enabled: true });
    expect((summary as { pending: number }).pending).toBeGreaterThanOrEqual(1);
  });

  it('Given a version no account can have (past a PostgreSQL integer), When proposed, Then 400 on version and nothing is proposed', async () => {
    const [member] = await signInAs(testApp, 'member');
    for (const version of [2 ** 31, Number.MAX_SAFE_INTEGER, -1, 1.5]) {
      const response = await maker.browser
        .put(`/api/admin/users/${member.userId}/balances`)
        .send({ available: { shown: '0.00', target: '10.00' }, reason: 'Wire received', version });
      expect({ status: response.status, version: response.body.fieldErrors?.version }).toEqual({
        status: 400,
        version: ['Reload the user and try again'],
      });
    }
    expect(await pending(auditor.browser, member.userId)).toEqual([]);
  });

  it("Given a stale screen (a shown figure or a version not the account's), When proposed, Then 409 at once and nothing awaits approval", async () => {
    const [member] = await signInAs(testApp, 'member');

    for (const form of [
      { available: { shown: '5.00', target: '10.00' }, version: 0 },
      { available: { shown: '0.00', target: '10.00' }, version: 99 },
    ]) {
      const response = await maker.browser
        .put(`/api/admin/users/${member.userId}/balances`)
        .send({ ...form, reason: 'Wire received' });
      expect({ status: response.status, message: response.body.message }).toEqual({
        status: 409,
        message: accountMessages.accountChanged,
      });
    }
    expect(await pending(checker.browser, member.userId)).toEqual([]);
  });

  it('is refused to its proposer and to an auditor, and runs once a second admin approves, with both ids on record', async () => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '1500.00');

    const own = await decide(maker.browser, approvalId, 'approve');
    expect({ status: own.status, message: own.body.message }).toEqual({
      status: 403,
      message: approvalMessages.ownProposal,
    });
    expect((await decide(auditor.browser, approvalId, 'approve')).status).toBe(403);
    expect(await accountEventTypes(member.userId)).toEqual([]);

    const approved = await decide(checker.browser, approvalId, 'approve').expect(200);
    expect(approved.body).toEqual({
      message: approvalMessages.approvedAndDone,
      position: expect.any(String),
    });

    const events = await testApp.accountEvents(member.userId);
    expect(events.map((event) => event.type)).toEqual(['BalanceAdjusted']);
    expect(events[0]?.data).toMatchObject({ reason: 'Wire received' });
    expect(events[0]?.metadata).toMatchObject({ actorId: checker.userId, causationId: approvalId });
    expect((await stateRow(testApp.accounts, member.userId))?.available).toBe(150000n);
    const trail = await approvalEvents(approvalId);
    expect(trail.map((event) => event.type)).toEqual([
      'ApprovalProposed',
      'ApprovalApproved',
      'ApprovalExecuted',
    ]);
    expect(trail[2]?.data).toMatchObject({ proposerId: maker.userId, approverId: checker.userId });
    expect(await pending(checker.browser, member.userId)).toEqual([]);
    const { body } = await checker.browser.get(`/api/admin/approvals?status=all&user_id=${member.userId}`);
    expect((body as ApprovalListResponse).approvals[0]).toMatchObject({
      status: 'executed',
      decided_by: { id: checker.userId },
      decision_reason: 'Checked the statement',
    });
  });

  it('fails when the account changed since the proposal: nothing runs, the proposal is closed as failed with why, and a new one can be made', async () => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '1500.00');
    await requestDeposit(member.browser, '1000.00');

    const stale = await decide(checker.browser, approvalId, 'approve');
    expect({ status: stale.status, message: stale.body.message }).toEqual({
      status: 409,
      message: approvalMessages.accountChanged,
    });
    expect(await accountEventTypes(member.userId)).toEqual(['DepositRequested']);
    const trail = await approvalEvents(approvalId);
    expect(trail.map((event) => event.type)).toEqual(['ApprovalProposed', 'ApprovalFailed']);
    expect(trail[1]).toMatchObject({
      data: { approverId: checker.userId, reason: approvalMessages.failedAsAccountChanged },
      metadata: { actorId: checker.userId },
    });
    expect(await pending(checker.browser, member.userId)).toEqual([]);
    const { body } = await checker.browser.get(`/api/admin/approvals?status=all&user_id=${member.userId}`);
    expect((body as ApprovalListResponse).approvals[0]).toMatchObject({
      status: 'failed',
      decided_by: { id: checker.userId },
      decision_reason: approvalMessages.failedAsAccountChanged,
    });

    const again = await decide(thirdAdmin.browser, approvalId, 'approve');
    expect(again.body.message).toBe(approvalMessages.alreadyDecided('approved, but failed'));
    await propose(member.userId, '1500.00', 1);
  });

  it('runs exactly once when two admins approve at the same moment', async () => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '2000.00');

    const answers = await Promise.all([
      decide(checker.browser, approvalId, 'approve'),
      decide(thirdAdmin.browser, approvalId, 'approve'),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body.message).toBe(approvalMessages.alreadyDecided('approved'));
    expect(await accountEventTypes(member.userId)).toEqual(['BalanceAdjusted']);
    expect((await stateRow(testApp.accounts, member.userId))?.available).toBe(200000n);
  });

  it('is proposed once: the same adjustment sent again awaits the first', async () => {
    const [member] = await signInAs(testApp, 'member');
    await propose(member.userId, '10.00');
    const again = await maker.browser
      .put(`/api/admin/users/${member.userId}/balances`)
      .send({ available: { shown: '0.00', target: '10.00' }, reason: 'Wire received', version: 0 });
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: approvalMessages.alreadyPending,
    });
  });
});

describe('rejecting, withdrawing and expiry', () => {
  it('a rejection needs a reason and runs nothing', async () => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '300.00');

    const noReason = await decide(checker.browser, approvalId, 'reject', '');
    expect(noReason.status).toBe(400);
    expect(noReason.body.fieldErrors).toEqual({ reason: [accountMessages.invalidReason] });
    const rejected = await decide(checker.browser, approvalId, 'reject', 'No bank statement').expect(200);
    expect(rejected.body).toEqual({ message: approvalMessages.rejected });

    const late = await decide(thirdAdmin.browser, approvalId, 'approve');
    expect({ status: late.status, message: late.body.message }).toEqual({
      status: 409,
      message: approvalMessages.alreadyDecided('rejected'),
    });
    expect(await accountEventTypes(member.userId)).toEqual([]);
    const trail = await approvalEvents(approvalId);
    expect(trail[1]).toMatchObject({
      type: 'ApprovalRejected',
      data: { proposerId: maker.userId, rejectedBy: checker.userId, reason: 'No bank statement' },
    });
  });

  it('only the proposer withdraws their proposal; then it cannot be approved', async () => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '300.00');

    const notTheirs = await checker.browser.post(`/api/admin/approvals/${approvalId}/withdraw`);
    expect({ status: notTheirs.status, message: notTheirs.body.message }).toEqual({
      status: 403,
      message: approvalMessages.notProposer,
    });
    await maker.browser.post(`/api/admin/approvals/${approvalId}/withdraw`).expect(200);
    const late = await decide(checker.browser, approvalId, 'approve');
    expect(late.body.message).toBe(approvalMessages.alreadyDecided('withdrawn'));
    expect(await accountEventTypes(member.userId)).toEqual([]);
  });

  it('expires after APPROVAL_EXPIRY_HOURS, recorded as an event, and then cannot be approved', async () => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '300.00');
    testApp.clock.advanceMinutes(61);

    const late = await decide(checker.browser, approvalId, 'approve');
    expect({ status: late.status, message: late.body.message }).toEqual({
      status: 409,
      message: approvalMessages.alreadyDecided('expired'),
    });
    expect((await approvalEvents(approvalId)).map((event) => event.type)).toEqual([
      'ApprovalProposed',
      'ApprovalExpired',
    ]);
    expect(await pending(checker.browser, member.userId)).toEqual([]);
    // The expired proposal no longer blocks a new one.
    await propose(member.userId, '300.00');
  });
});

describe('deposits, payouts, locks, limits and the catalog', () => {
  it('a deposit up to the threshold is confirmed at once; above it, it waits for a second admin, proposed once', async () => {
    const [member] = await signInAs(testApp, 'member');
    const small = await requestDeposit(member.browser, '1500.00');
    const large = await requestDeposit(member.browser, '1600.00');

    await maker.browser.post(`/api/admin/deposits/${small.depositId}/confirm`).expect(200);
    const proposed = await maker.browser.post(`/api/admin/deposits/${large.depositId}/confirm`).expect(202);
    const again = await checker.browser.post(`/api/admin/deposits/${large.depositId}/confirm`);
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: approvalMessages.alreadyPending,
    });
    const [row] = await pending(checker.browser, member.userId);
    expect(row).toMatchObject({ kind: 'ConfirmDeposit', subject_id: large.depositId, amount: '1600.00' });
    expect(await accountEventTypes(member.userId)).toEqual([
      'DepositRequested',
      'DepositRequested',
      'DepositConfirmed',
    ]);

    await decide(checker.browser, (proposed.body as ProposalResponse).approval_id, 'approve').expect(200);
    expect((await accountEventTypes(member.userId)).slice(-1)).toEqual(['DepositConfirmed']);
    expect((await stateRow(testApp.accounts, member.userId))?.invested).toBe(310000n);
  });

  it('Given ids written in capitals (a UUID is the same in either case), When a deposit is confirmed, proposed, listed and approved by them, Then each names the same one', async () => {
    const [member] = await signInAs(testApp, 'member');
    const small = await requestDeposit(member.browser, '1500.00');
    const large = await requestDeposit(member.browser, '1600.00');

    await maker.browser.post(`/api/admin/deposits/${small.depositId.toUpperCase()}/confirm`).expect(200);
    const proposed = await maker.browser
      .post(`/api/admin/deposits/${large.depositId.toUpperCase()}/confirm`)
      .expect(202);
    const approvalId = (proposed.body as ProposalResponse).approval_id;
    const [row] = await pending(checker.browser, member.userId.toUpperCase());
    expect(row).toMatchObject({ id: approvalId, subject_id: large.depositId, amount: '1600.00' });
    await decide(checker.browser, approvalId.toUpperCase(), 'approve').expect(200);

    expect(await accountEventTypes(member.userId)).toEqual([
      'DepositRequested',
      'DepositRequested',
      'DepositConfirmed',
      'DepositConfirmed',
    ]);
    expect((await approvalEvents(approvalId)).map((event) => event.type)).toEqual([
      'ApprovalProposed',
      'ApprovalApproved',
      'ApprovalExecuted',
    ]);
  });

  it("Given a deposit's confirmation proposed, When the account moves on leaving the invested total as shown (another deposit requested), Then the approval confirms it; When the total changed, Then it is refused", async () => {
    const [member] = await signInAs(testApp, 'member');
    const large = await requestDeposit(member.browser, '1600.00');
    const proposed = await maker.browser.post(`/api/admin/deposits/${large.depositId}/confirm`).expect(202);
    const approvalId = (proposed.body as ProposalResponse).approval_id;

    await requestDeposit(member.browser, '1500.00');
    await decide(checker.browser, approvalId, 'approve').expect(200);
    expect((await accountEventTypes(member.userId)).slice(-1)).toEqual(['DepositConfirmed']);
    expect((await stateRow(testApp.accounts, member.userId))?.invested).toBe(160000n);

    const second = await requestDeposit(member.browser, '1700.00');
    const small = await requestDeposit(member.browser, '1500.00');
    const secondProposed = await maker.browser
      .post(`/api/admin/deposits/${second.depositId}/confirm`)
      .expect(202);
    await maker.browser.post(`/api/admin/deposits/${small.depositId}/confirm`).expect(200);
    const refused = await decide(
      checker.browser,
      (secondProposed.body as ProposalResponse).approval_id,
      'approve',
    );
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 409,
      message: approvalMessages.accountChanged,
    });
    expect((await stateRow(testApp.accounts, member.userId))?.invested).toBe(310000n);
  });

  it.each([
    ['rejected', 'DepositRejected'],
    ['confirmed', 'DepositConfirmed'],
  ] as const)(
    "Given a deposit's confirmation proposed, When the deposit is %s without it, Then the proposal is closed as superseded, with why, and cannot be approved",
    async (decision, decidedBy) => {
      const [member] = await signInAs(testApp, 'member');
      const deposit = await requestDeposit(member.browser, '1600.00');
      const proposed = await maker.browser
        .post(`/api/admin/deposits/${deposit.depositId}/confirm`)
        .expect(202);
      const approvalId = (proposed.body as ProposalResponse).approval_id;

      if (decision === 'rejected') await rejectDeposit(checker.browser, deposit.depositId, 'No wire arrived');
      else await confirmWithoutApprovals(member.userId, deposit.depositId);

      expect(await pending(checker.browser, member.userId)).toEqual([]);
      const trail = await approvalEvents(approvalId);
      expect(trail.map((event) => event.type)).toEqual(['ApprovalProposed', 'ApprovalSuperseded']);
      expect(trail[1]?.data).toMatchObject({
        proposerId: maker.userId,
        reason: approvalMessages.superseded[decidedBy],
      });
      const decidingEvent = (await testApp.accountEvents(member.userId)).find(
        (event) => event.type === decidedBy,
      );
      expect(trail[1]?.metadata).toMatchObject({ actorRole: 'system', causationId: decidingEvent?.id });
      const { body } = await auditor.browser.get(`/api/admin/approvals?status=all&user_id=${member.userId}`);
      expect((body as ApprovalListResponse).approvals[0]).toMatchObject({
        id: approvalId,
        status: 'superseded',
        decided_by: null,
        decision_reason: approvalMessages.superseded[decidedBy],
      });
      const late = await decide(thirdAdmin.browser, approvalId, 'approve');
      expect({ status: late.status, message: late.body.message }).toEqual({
        status: 409,
        message: approvalMessages.alreadyDecided('superseded'),
      });
      expect(await accountEventTypes(member.userId)).toEqual(['DepositRequested', decidedBy]);
    },
  );

  it('Given a confirmation and an adjustment proposed, When the account is closed, Then both are closed as superseded, with why, and cannot be approved', async () => {
    const [member] = await signInAs(testApp, 'member');
    const deposit = await requestDeposit(member.browser, '1700.00');
    const confirmation = await maker.browser
      .post(`/api/admin/deposits/${deposit.depositId}/confirm`)
      .expect(202);
    const proposals = [
      (confirmation.body as ProposalResponse).approval_id,
      await propose(member.userId, '25.00', 1),
    ];

    await checker.browser.delete(`/api/admin/users/${member.userId}`).expect(200);

    expect(await pending(checker.browser, member.userId)).toEqual([]);
    const closedEvent = (await testApp.app.get(EventStore).readStream(userStreamId(member.userId))).find(
      (event) => event.type === 'AccountClosed',
    );
    for (const approvalId of proposals) {
      expect((await approvalEvents(approvalId)).at(-1)).toMatchObject({
        type: 'ApprovalSuperseded',
        data: { reason: approvalMessages.superseded.AccountClosed },
        metadata: { actorRole: 'system', causationId: closedEvent?.id },
      });
      const late = await decide(thirdAdmin.browser, approvalId, 'approve');
      expect({ status: late.status, message: late.body.message }).toEqual({
        status: 409,
        message: approvalMessages.alreadyDecided('superseded'),
      });
    }
    expect(await accountEventTypes(member.userId)).toEqual(['DepositRequested']);
  });

  it('a payout above the threshold waits for a second admin', async () => {
    const { member, approvalId } = await proposedPayout('tx-0001');

    expect((await accountEventTypes(member.userId)).slice(-1)).toEqual(['WithdrawalRequested']);
    await decide(checker.browser, approvalId, 'approve').expect(200);
    const events = await testApp.accountEvents(member.userId);
    expect(events.at(-1)).toMatchObject({ type: 'WithdrawalPaid', data: { payoutReference: 'tx-0001' } });
  });

  it('Given a payout proposed, When the account moves on before the approval (another deposit), Then the approval still pays it', async () => {
    const { member, approvalId } = await proposedPayout('tx-0002');

    await requestDeposit(member.browser, '1500.00');
    await decide(checker.browser, approvalId, 'approve').expect(200);

    const events = await testApp.accountEvents(member.userId);
    expect(events.filter((event) => event.type === 'WithdrawalPaid')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ payoutReference: 'tx-0002' }) }),
    ]);
  });

  it('Given a payout proposed, When the withdrawal is rejected before the approval, Then the proposal is closed as superseded and nothing is paid', async () => {
    const { member, withdrawal, approvalId } = await proposedPayout('tx-0003');

    await checker.browser
      .post(`/api/admin/withdrawals/${withdrawal.withdrawalId}/reject`)
      .send({ reason: 'Address on a sanctions list' })
      .expect(200);
    const refused = await decide(checker.browser, approvalId, 'approve');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 409,
      message: approvalMessages.alreadyDecided('superseded'),
    });

    expect(await accountEventTypes(member.userId)).not.toContain('WithdrawalPaid');
    expect(await pending(checker.browser, member.userId)).toEqual([]);
    expect((await approvalEvents(approvalId)).at(-1)).toMatchObject({
      type: 'ApprovalSuperseded',
      data: { reason: approvalMessages.superseded.WithdrawalRejected },
    });
  });

  it('Given a payout proposed, When the account is locked before the approval, Then the approval is refused, nothing is paid, and the proposal waits (a lock can be lifted)', async () => {
    const { member, approvalId } = await proposedPayout('tx-0004');

    const token = signLockLink(LOCAL_ACCOUNT_LINK_KEY, {
      userId: member.userId,
      linkId: randomUUID(),
      expiresAt: new Date(testApp.clock.now().getTime() + 3_600_000),
    });
    await testApp.browser().post('/api/account/lock').send({ token }).expect(200);
    const refused = await decide(checker.browser, approvalId, 'approve');
    expect({ status: refused.status, message: refused.body.message }).toEqual({
      status: 409,
      message: accountMessages.lockedWithdrawalNotPayable,
    });

    expect(await accountEventTypes(member.userId)).not.toContain('WithdrawalPaid');
    const [row] = await pending(checker.browser, member.userId);
    expect(row).toMatchObject({ id: approvalId, status: 'pending' });
  });

  it('lifting a lock and setting withdrawal limits wait for a second admin', async () => {
    const [member] = await signInAs(testApp, 'member');
    const limits = await maker.browser
      .put(`/api/admin/users/${member.userId}/withdrawal-limits`)
      .send({ daily: '100.00', thirty_days: '1000.00', reason: 'Member asked for lower limits' })
      .expect(202);
    const [row] = await pending(checker.browser, member.userId);
    expect(row?.changes).toEqual([
      { label: 'Daily limit', before: '50000.00', after: '100.00' },
      { label: '30-day limit', before: '250000.00', after: '1000.00' },
    ]);
    await decide(checker.browser, (limits.body as ProposalResponse).approval_id, 'approve').expect(200);
    expect(await accountEventTypes(member.userId)).toEqual(['WithdrawalLimitsSet']);

    const notLocked = await maker.browser
      .post(`/api/admin/users/${member.userId}/unlock`)
      .send({ reason: 'Member called from the number on file' });
    expect({ status: notLocked.status, message: notLocked.body.message }).toEqual({
      status: 409,
      message: accountMessages.accountNotLocked,
    });
  });

  it("a payment method's new address waits for a second admin; its name does not", async () => {
    await maker.browser
      .patch(`/api/admin/payment-methods/${BITCOIN.id}`)
      .send({ displayOrder: 5 })
      .expect(200);
    const proposed = await maker.browser
      .patch(`/api/admin/payment-methods/${BITCOIN.id}`)
      .send({ address: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' })
      .expect(202);
    const before = await maker.browser.get('/api/admin/payment-methods').expect(200);
    expect(JSON.stringify(before.body)).not.toContain('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');

    await decide(checker.browser, (proposed.body as ProposalResponse).approval_id, 'approve').expect(200);
    const after = await maker.browser.get('/api/admin/payment-methods').expect(200);
    expect(JSON.stringify(after.body)).toContain('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
  });

  it('a new plan waits for a second admin, and a stale catalog refuses it', async () => {
    const plan = {
      kind: 'crypto',
      name: 'GOLD',
      percentage: '40',
      termDays: 60,
      minAmount: '100',
      maxAmount: '900',
    };
    const first = await maker.browser.post('/api/admin/plans').send(plan).expect(202);
    const second = await maker.browser
      .post('/api/admin/plans')
      .send({ ...plan, name: 'SILVER' })
      .expect(202);
    await decide(checker.browser, (first.body as ProposalResponse).approval_id, 'approve').expect(200);

    const secondId = (second.body as ProposalResponse).approval_id;
    const stale = await decide(checker.browser, secondId, 'approve');
    expect({ status: stale.status, message: stale.body.message }).toEqual({
      status: 409,
      message: approvalMessages.catalogChanged,
    });
    const { body } = await maker.browser.get('/api/admin/plans').expect(200);
    const names = (body as { plans: { name: string }[] }).plans.map(({ name }) => name);
    expect(names).toContain('GOLD');
    expect(names).not.toContain('SILVER');
    const { body: all } = await auditor.browser.get('/api/admin/approvals?status=all').expect(200);
    expect((all as ApprovalListResponse).approvals.find(({ id }) => id === secondId)).toMatchObject({
      status: 'failed',
      decided_by: { id: checker.userId },
      decision_reason: approvalMessages.failedAsCatalogChanged,
    });
  });

  it('a plan change that could never run is refused at once, as the change without approvals is, and nothing awaits approval', async () => {
    const { body } = await maker.browser.get('/api/admin/plans').expect(200);
    const basic = (body as { plans: { id: string; name: string }[] }).plans.find(
      ({ name }) => name === 'BASIC',
    );
    const taken = 'A crypto plan named basic already exists';
    const attempts = [
      {
        send: () =>
          maker.browser.post('/api/admin/plans').send({
            kind: 'crypto',
            name: 'basic',
            percentage: '40',
            termDays: 60,
            minAmount: '100',
            maxAmount: '900',
          }),
        status: 409,
        body: { message: taken, fieldErrors: { name: [taken] } },
      },
      {
        // BASIC's minimum is 1,000.00.
        send: () => maker.browser.patch(`/api/admin/plans/${basic?.id}`).send({ maxAmount: '999.99' }),
        status: 400,
        body: { fieldErrors: { maxAmount: [catalogMessages.minAboveMax] } },
      },
      {
        send: () => maker.browser.patch(`/api/admin/plans/${randomUUID()}`).send({ percentage: '10' }),
        status: 404,
        body: { message: 'Plan not found' },
      },
      {
        send: () =>
          maker.browser
            .post('/api/admin/payment-methods')
            .send({ name: 'bitcoin', network: 'bitcoin', address: BITCOIN_ADDRESS }),
        status: 409,
        body: { message: 'A payment method named bitcoin already exists' },
      },
    ];
    const before = await pending(auditor.browser);
    for (const attempt of attempts) {
      const response = await attempt.send();
      expect({ status: response.status, body: response.body as unknown }).toMatchObject({
        status: attempt.status,
        body: attempt.body,
      });
    }
    expect(await pending(auditor.browser)).toEqual(before);
  });

  it('deactivating a plan is not proposed, by its button or by an edit: it moves no money, and stopping a plan must not wait for a second admin', async () => {
    const created = await maker.browser.post('/api/admin/plans').send({
      kind: 'real_estate',
      name: 'HARBOUR',
      percentage: '12',
      termDays: 90,
      minAmount: '100',
      maxAmount: '900',
    });
    await decide(checker.browser, (created.body as ProposalResponse).approval_id, 'approve').expect(200);
    const { body } = await maker.browser.get('/api/admin/plans').expect(200);
    const harbour = (body as { plans: { id: string; name: string }[] }).plans.find(
      ({ name }) => name === 'HARBOUR',
    );

    const stopped = await maker.browser.post(`/api/admin/plans/${harbour?.id}/deactivate`).expect(200);
    expect(stopped.body).toMatchObject({ name: 'HARBOUR', active: false });
    const offering = await maker.browser
      .patch(`/api/admin/plans/${harbour?.id}`)
      .send({ active: true })
      .expect(202);
    await decide(checker.browser, (offering.body as ProposalResponse).approval_id, 'approve').expect(200);

    const before = await pending(auditor.browser);
    const edited = await maker.browser
      .patch(`/api/admin/plans/${harbour?.id}`)
      .send({ active: false })
      .expect(200);
    expect(edited.body).toMatchObject({ name: 'HARBOUR', active: false });
    expect(await pending(auditor.browser)).toEqual(before);
    const catalog = await testApp.app.get(EventStore).readStream(CATALOG_STREAM_ID);
    const harbourChanges = catalog
      .filter((event) => (event.data as { planId?: string }).planId === harbour?.id)
      .map((event) => event.type);
    expect(harbourChanges).toEqual(['PlanCreated', 'PlanDeactivated', 'PlanChanged', 'PlanDeactivated']);
  });
});

describe('bad input', () => {
  it.each([
    ['not-a-uuid', 404],
    ['00000000-0000-4000-8000-000000000000', 404],
  ])('an approval of %s answers %s', async (id, status) => {
    const response = await decide(checker.browser, id, 'approve');
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(approvalMessages.notFound);
  });

  it.each([
    ['a NUL character', '\u0000 nul'],
    ['100,000 characters', 'x'.repeat(100_000)],
    ['a number', 42],
  ])('a reason with %s is refused with a message', async (_label, reason) => {
    const [member] = await signInAs(testApp, 'member');
    const approvalId = await propose(member.userId, '5.00');
    const response = await checker.browser
      .post(`/api/admin/approvals/${approvalId}/approve`)
      .send({ reason });
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors?.reason).toBeDefined();
    expect(await accountEventTypes(member.userId)).toEqual([]);
  });

  it('a member cannot read or decide proposals', async () => {
    const [member] = await signInAs(testApp, 'member');
    expect((await member.browser.get('/api/admin/approvals')).status).toBe(403);
  });
});
