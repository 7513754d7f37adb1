import { describe, expect, it } from '@jest/globals';
import { approvalMessages } from '@ledgerstone/contracts/account-messages';
import { specificationFor } from '../testing/decider-specification.js';
import { requiresApproval, type ApprovalPolicy } from './approval-policy.js';
import {
  approvalDecider,
  decideApproval,
  evolveApproval,
  initialApprovalState,
  type ApprovalCommand,
  type ApprovalState,
  type Approver,
} from './approval.decider.js';
import { ApprovalError } from './approval.errors.js';
import type { ApprovalAction, ApprovalEvent } from './approval.events.js';

const given = specificationFor<ApprovalCommand, ApprovalEvent, ApprovalState>(approvalDecider);

const approvalId = '0b6c7d1e-4f1a-4c2e-9d3b-5a6b7c8d9e0f';
const maker: Approver = { id: 'a1111111-1111-4111-8111-111111111111', role: 'admin' };
const checker: Approver = { id: 'a2222222-2222-4222-8222-222222222222', role: 'admin' };
const auditor: Approver = { id: 'a3333333-3333-4333-8333-333333333333', role: 'auditor' };
const proposedAt = new Date('2026-11-27T10:00:00Z');
const hoursLater = (hours: number) => new Date(proposedAt.getTime() + hours * 3_600_000);

const adjustment: ApprovalAction = {
  kind: 'AdjustBalances',
  userId: 'b4444444-4444-4444-8444-444444444444',
  subjectId: null,
  amount: '150000',
  changes: [{ label: 'Available', before: '0.00', after: '1500.00' }],
  request: { available: { shown: '0.00', target: '1500.00' }, reason: 'Wire received', version: 7 },
};
const planChange: ApprovalAction = {
  kind: 'ChangePlan',
  userId: null,
  subjectId: 'c5555555-5555-4555-8555-555555555555',
  amount: null,
  changes: [{ label: 'Percentage', before: '50', after: '60' }],
  request: { percentage: '60' },
};

const propose = (action = adjustment, proposer = maker): ApprovalCommand => ({
  type: 'ProposeApproval',
  data: {
    approvalId,
    action,
    targetVersion: 7,
    proposer,
    reason: ' Wire received ',
    proposedAt,
    expiryHours: 72,
  },
});
const proposed = (action = adjustment): ApprovalEvent => ({
  type: 'ApprovalProposed',
  data: {
    approvalId,
    action,
    targetVersion: 7,
    proposerId: maker.id,
    reason: 'Wire received',
    proposedAt: proposedAt.toISOString(),
    expiresAt: hoursLater(72).toISOString(),
  },
});
const approve = (approver = checker, currentVersion = 7, approvedAt = hoursLater(1)): ApprovalCommand => ({
  type: 'ApproveApproval',
  data: { approver, reason: 'Checked the bank statement', currentVersion, approvedAt },
});
const approvedAndExecuted = (at = hoursLater(1)): ApprovalEvent[] => [
  {
    type: 'ApprovalApproved',
    data: {
      approvalId,
      proposerId: maker.id,
      approverId: checker.id,
      reason: 'Checked the bank statement',
      approvedAt: at.toISOString(),
    },
  },
  {
    type: 'ApprovalExecuted',
    data: { approvalId, proposerId: maker.id, approverId: checker.id, executedAt: at.toISOString() },
  },
];
const reject = (approver = checker, reason = 'No bank statement'): ApprovalCommand => ({
  type: 'RejectApproval',
  data: { approver, reason, rejectedAt: hoursLater(2) },
});
const rejected: ApprovalEvent = {
  type: 'ApprovalRejected',
  data: {
    approvalId,
    proposerId: maker.id,
    rejectedBy: checker.id,
    reason: 'No bank statement',
    rejectedAt: hoursLater(2).toISOString(),
  },
};
const withdraw = (proposer = maker): ApprovalCommand => ({
  type: 'WithdrawApproval',
  data: { proposer, withdrawnAt: hoursLater(3) },
});
const withdrawn: ApprovalEvent = {
  type: 'ApprovalWithdrawn',
  data: { approvalId, proposerId: maker.id, withdrawnAt: hoursLater(3).toISOString() },
};
const failed = (
  reason: string = approvalMessages.failedAsAccountChanged,
  at = hoursLater(1),
): ApprovalEvent => ({
  type: 'ApprovalFailed',
  data: { approvalId, proposerId: maker.id, approverId: checker.id, reason, failedAt: at.toISOString() },
});
const expire = (at: Date): ApprovalCommand => ({ type: 'ExpireApproval', data: { expiredAt: at } });
const supersede = (reason: string = approvalMessages.superseded.DepositRejected): ApprovalCommand => ({
  type: 'SupersedeApproval',
  data: { reason, supersededAt: hoursLater(4) },
});
const superseded = (reason: string = approvalMessages.superseded.DepositRejected): ApprovalEvent => ({
  type: 'ApprovalSuperseded',
  data: { approvalId, proposerId: maker.id, reason, supersededAt: hoursLater(4).toISOString() },
});
const expired = (at: Date): ApprovalEvent => ({
  type: 'ApprovalExpired',
  data: { approvalId, proposerId: maker.id, expiredAt: at.toISOString() },
});

describe('proposing', () => {
  it('Given nothing, When an admin proposes with a reason, Then the proposal is pending until its expiry', () => {
    given().when(propose()).then([proposed()]);
  });

  it('Given a proposal, When the same proposal is sent again, Then nothing more is recorded', () => {
    given([proposed()]).when(propose()).thenNothing();
  });

  it('Given nothing, When an auditor proposes, Then it is refused', () => {
    given().when(propose(adjustment, auditor)).thenThrows(ApprovalError, approvalMessages.staffOnlyReads);
  });

  it.each(['', '  ab  ', 'x'.repeat(501)])(
    'Given nothing, When the reason is %j, Then it is refused',
    (reason) => {
      const command = propose();
      if (command.type === 'ProposeApproval') command.data.reason = reason;
      const error = given().when(command).thenThrows(ApprovalError) as ApprovalError;
      expect(error.field).toBe('reason');
    },
  );
});

describe('approving', () => {
  it('Given a proposal, When another admin approves at the proposed version, Then it is approved and executed with both ids', () => {
    given([proposed()]).when(approve()).then(approvedAndExecuted());
  });

  it('Given a proposal, When its proposer approves it, Then it is refused and nothing runs', () => {
    given([proposed()])
      .when(approve({ ...checker, id: maker.id }))
      .thenThrows(ApprovalError, approvalMessages.ownProposal);
  });

  it('Given a proposal, When an auditor approves, Then it is refused', () => {
    given([proposed()]).when(approve(auditor)).thenThrows(ApprovalError, approvalMessages.staffOnlyReads);
  });

  it('Given a proposal on an account, When the account moved on since, Then it fails, with why and who approved: nothing runs', () => {
    given([proposed()]).when(approve(checker, 8)).then([failed()]);
  });

  it('Given a failed proposal, When it is approved again, Then it is refused: it is closed', () => {
    given([proposed(), failed()])
      .when(approve(checker, 7))
      .thenThrows(ApprovalError, approvalMessages.alreadyDecided('approved, but failed'));
  });

  it('Given a payout proposal, When the account moved on since (a day of profit, say), Then it is approved and runs: it acts on its withdrawal alone', () => {
    const payout: ApprovalAction = {
      kind: 'MarkWithdrawalPaid',
      userId: adjustment.userId,
      subjectId: 'd6666666-6666-4666-8666-666666666666',
      amount: '150000',
      changes: [{ label: 'Withdrawal', before: 'Pending', after: 'Paid' }],
      request: { payoutReference: null },
    };
    given([proposed(payout)])
      .when(approve(checker, 8))
      .then(approvedAndExecuted());
  });

  it.each(['ConfirmDeposit', 'UnlockAccount', 'SetWithdrawalLimits'] as const)(
    'Given a %s proposal, When the account moved on since, Then it fails',
    (kind) => {
      given([proposed({ ...adjustment, kind })])
        .when(approve(checker, 8))
        .then([failed()]);
    },
  );

  describe("a deposit's confirmation, judged by what its proposal shows", () => {
    const confirmation: ApprovalAction = {
      kind: 'ConfirmDeposit',
      userId: adjustment.userId,
      subjectId: 'e7777777-7777-4777-8777-777777777777',
      amount: '150000',
      changes: [
        { label: 'Deposit', before: 'Pending', after: 'Confirmed' },
        { label: 'Invested', before: '500.00', after: '2,000.00' },
      ],
      request: {},
    };
    const approveShowing = (currentChanges: ApprovalAction['changes'] | undefined): ApprovalCommand => {
      const command = approve(checker, 8);
      return {
        ...command,
        data: { ...command.data, ...(currentChanges && { currentChanges }) },
      } as ApprovalCommand;
    };

    it('Given a proposal, When the account moved on (a day of profit) and the proposal made now would read the same, Then it is approved and runs', () => {
      given([proposed(confirmation)])
        .when(approveShowing(confirmation.changes.map((change) => ({ ...change }))))
        .then(approvedAndExecuted());
    });

    it('Given a proposal, When the account moved on and the invested total is no longer the one shown, Then it fails', () => {
      const invested = { label: 'Invested', before: '600.00', after: '2,100.00' };
      given([proposed(confirmation)])
        .when(approveShowing([confirmation.changes[0]!, invested]))
        .then([failed()]);
    });

    it('Given a proposal, When the account moved on and nothing says what it would show now, Then it fails', () => {
      given([proposed(confirmation)])
        .when(approveShowing(undefined))
        .then([failed()]);
      given([proposed(confirmation)])
        .when(approveShowing([confirmation.changes[0]!]))
        .then([failed()]);
    });

    it('Given a balance adjustment, When the account moved on, Then showing the same figures is not enough: it needs its version', () => {
      given([proposed(adjustment)])
        .when(approveShowing(adjustment.changes))
        .then([failed()]);
    });
  });

  it('Given a proposal on the catalog, When the catalog moved on since, Then it fails, saying the catalog changed', () => {
    given([proposed(planChange)])
      .when(approve(checker, 9))
      .then([failed(approvalMessages.failedAsCatalogChanged)]);
  });

  it('Given a proposal, When a stale approval comes from its proposer or an auditor, Then it is refused, not failed', () => {
    given([proposed()])
      .when(approve({ ...checker, id: maker.id }, 8))
      .thenThrows(ApprovalError, approvalMessages.ownProposal);
    given([proposed()]).when(approve(auditor, 8)).thenThrows(ApprovalError, approvalMessages.staffOnlyReads);
  });

  it('Given a proposal, When it is approved a moment before its expiry, Then it runs', () => {
    const justBefore = new Date(hoursLater(72).getTime() - 1);
    given([proposed()])
      .when(approve(checker, 7, justBefore))
      .then(approvedAndExecuted(justBefore));
  });

  it('Given a proposal, When it is approved at its expiry, Then it is refused as expired', () => {
    given([proposed()])
      .when(approve(checker, 7, hoursLater(72)))
      .thenThrows(ApprovalError, approvalMessages.expired);
  });

  it('Given an executed proposal, When a second approval arrives (two at once), Then it is refused and nothing runs twice', () => {
    given([proposed(), ...approvedAndExecuted()])
      .when(approve({ id: 'a6666666-6666-4666-8666-666666666666', role: 'admin' }))
      .thenThrows(ApprovalError, approvalMessages.alreadyDecided('approved'));
  });

  it('Given two approvals decided on the same pending state, Then both would append at the same stream version: the store lets one win', () => {
    const pending = [proposed()].reduce(evolveApproval, initialApprovalState());
    const first = decideApproval(approve(), pending);
    const second = decideApproval(
      approve({ id: 'a6666666-6666-4666-8666-666666666666', role: 'admin' }),
      pending,
    );
    expect(first.map((event) => event.type)).toEqual(['ApprovalApproved', 'ApprovalExecuted']);
    expect(second.map((event) => event.type)).toEqual(['ApprovalApproved', 'ApprovalExecuted']);
    const afterFirst = first.reduce(evolveApproval, pending);
    expect(() => decideApproval(approve(), afterFirst)).toThrow(approvalMessages.alreadyDecided('approved'));
  });

  it('Given nothing, When an approval arrives, Then the proposal is not found', () => {
    given().when(approve()).thenThrows(ApprovalError, approvalMessages.notFound);
  });
});

describe('rejecting and withdrawing', () => {
  it('Given a proposal, When another admin rejects it with a reason, Then it is rejected', () => {
    given([proposed()]).when(reject()).then([rejected]);
  });

  it('Given a proposal, When a rejection has no reason, Then it is refused', () => {
    given([proposed()]).when(reject(checker, ' ')).thenThrows(ApprovalError);
  });

  it('Given a proposal, When its proposer rejects it, Then it is refused', () => {
    given([proposed()])
      .when(reject({ ...checker, id: maker.id }))
      .thenThrows(ApprovalError, approvalMessages.ownProposal);
  });

  it('Given a rejected proposal, When it is approved, Then it is refused', () => {
    given([proposed(), rejected])
      .when(approve())
      .thenThrows(ApprovalError, approvalMessages.alreadyDecided('rejected'));
  });

  it('Given a proposal, When its proposer withdraws it, Then it is withdrawn', () => {
    given([proposed()]).when(withdraw()).then([withdrawn]);
  });

  it('Given a proposal, When another admin withdraws it, Then it is refused', () => {
    given([proposed()]).when(withdraw(checker)).thenThrows(ApprovalError, approvalMessages.notProposer);
  });

  it('Given a withdrawn proposal, When it is approved, Then it is refused', () => {
    given([proposed(), withdrawn])
      .when(approve())
      .thenThrows(ApprovalError, approvalMessages.alreadyDecided('withdrawn'));
  });
});

describe('expiry', () => {
  it('Given a pending proposal, When its expiry passes, Then it expires', () => {
    given([proposed()])
      .when(expire(hoursLater(72)))
      .then([expired(hoursLater(72))]);
  });

  it('Given a pending proposal, When expiry is checked before its time, Then nothing happens', () => {
    given([proposed()])
      .when(expire(hoursLater(71)))
      .thenNothing();
  });

  it('Given an executed proposal, When its expiry passes, Then nothing happens', () => {
    given([proposed(), ...approvedAndExecuted()])
      .when(expire(hoursLater(100)))
      .thenNothing();
  });

  it('Given an expired proposal, When it is approved, Then it is refused as expired', () => {
    given([proposed(), expired(hoursLater(72))])
      .when(approve(checker, 7, hoursLater(73)))
      .thenThrows(ApprovalError, approvalMessages.alreadyDecided('expired'));
  });
});

describe('superseding', () => {
  it('Given a pending proposal, When its deposit or withdrawal is decided without it, Then it is closed with why', () => {
    given([proposed()]).when(supersede()).then([superseded()]);
  });

  it.each([
    ['executed', approvedAndExecuted()],
    ['rejected', [rejected]],
    ['withdrawn', [withdrawn]],
    ['expired', [expired(hoursLater(72))]],
    ['failed', [failed()]],
    ['superseded', [superseded()]],
  ])('Given a proposal already %s, When it would be superseded, Then nothing happens', (_status, events) => {
    given([proposed(), ...events])
      .when(supersede(approvalMessages.superseded.WithdrawalPaid))
      .thenNothing();
  });

  it('Given a superseded proposal, When it is approved, rejected or withdrawn, Then it is refused', () => {
    const closed = approvalMessages.alreadyDecided('superseded');
    given([proposed(), superseded()]).when(approve()).thenThrows(ApprovalError, closed);
    given([proposed(), superseded()]).when(reject()).thenThrows(ApprovalError, closed);
    given([proposed(), superseded()]).when(withdraw()).thenThrows(ApprovalError, closed);
  });

  it('Given a superseded proposal, When its expiry passes, Then nothing happens', () => {
    given([proposed(), superseded()])
      .when(expire(hoursLater(72)))
      .thenNothing();
  });

  it('Given nothing, When a proposal would be superseded, Then it is not found', () => {
    given().when(supersede()).thenThrows(ApprovalError, approvalMessages.notFound);
  });
});

describe('which actions need a second admin', () => {
  const policy: ApprovalPolicy = {
    enabled: true,
    depositOver: 1_000_000n,
    withdrawalOver: 1_000_000n,
    expiryHours: 72,
  };

  it('every adjustment, unlock, limit and catalog change, whatever the amount', () => {
    for (const kind of [
      'AdjustBalances',
      'UnlockAccount',
      'SetWithdrawalLimits',
      'CreatePlan',
      'ChangePaymentMethod',
    ] as const) {
      expect(requiresApproval(kind, 1n, policy)).toBe(true);
    }
  });

  it('a deposit or payout only above its threshold', () => {
    expect(requiresApproval('ConfirmDeposit', 1_000_000n, policy)).toBe(false);
    expect(requiresApproval('ConfirmDeposit', 1_000_001n, policy)).toBe(true);
    expect(requiresApproval('MarkWithdrawalPaid', 1_000_000n, policy)).toBe(false);
    expect(requiresApproval('MarkWithdrawalPaid', 1_000_001n, policy)).toBe(true);
  });

  it('nothing when approvals are off', () => {
    expect(requiresApproval('AdjustBalances', 1n, { ...policy, enabled: false })).toBe(false);
    expect(requiresApproval('MarkWithdrawalPaid', 5_000_000n, { ...policy, enabled: false })).toBe(false);
  });
});
