import { describe, expect, it } from '@jest/globals';
import { approvalMessages } from '@ledgerstone/contracts/account-messages';
import { approvalPolicy, command, event } from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import { accountDecider, INVALID_AMOUNT, INVALID_REASON, MISSING_PROOF } from './account.decider.js';
import {
  IllegalStateError,
  InsufficientBalanceError,
  NotFoundError,
  ValidationError,
} from './account.errors.js';

const given = specificationFor(accountDecider);

const badReasons = [
  ['empty', ''],
  ['too short', 'no'],
  ['too short once trimmed', '  ok  '],
  ['too long', 'x'.repeat(501)],
];

const rangeMessage = 'Please enter an amount between 1000 and 10000 for the BASIC plan.';

describe('Account decider', () => {
  describe('When the account is new', () => {
    it('requests a deposit with the plan terms copied in', () => {
      given([])
        .when(command.requestDeposit({ transactionHash: '0xabc' }))
        .then([event.depositRequested({ transactionHash: '0xabc' })]);
    });

    it('accepts the plan minimum and maximum themselves', () => {
      given([])
        .when(command.requestDeposit({ amount: 100_000n }))
        .then([event.depositRequested({ amount: '100000' })]);
      given([])
        .when(command.requestDeposit({ amount: 1_000_000n }))
        .then([event.depositRequested({ amount: '1000000' })]);
    });

    it.each([
      ['one cent below the minimum', 99_999n],
      ['one cent above the maximum', 1_000_001n],
    ])('refuses a deposit %s', (_case, amount) => {
      const error = given([])
        .when(command.requestDeposit({ amount }))
        .thenThrows(ValidationError, rangeMessage);
      expect(error).toMatchObject({ code: 'VALIDATION', field: 'amount' });
    });

    it('writes plan limits with cents when they are not whole', () => {
      const plan = { ...command.requestDeposit().data.plan, minAmount: 500_050n, maxAmount: 4_999_999n };
      given([])
        .when(command.requestDeposit({ plan, amount: 500_000n }))
        .thenThrows(
          ValidationError,
          'Please enter an amount between 5000.50 and 49999.99 for the BASIC plan.',
        );
    });

    it.each([0n, -100n])('refuses a deposit of %p cents', (amount) => {
      given([]).when(command.requestDeposit({ amount })).thenThrows(ValidationError, INVALID_AMOUNT);
    });

    it('refuses a deposit without proof', () => {
      const error = given([])
        .when(command.requestDeposit({ proofKey: '' }))
        .thenThrows(ValidationError, MISSING_PROOF);
      expect(error).toMatchObject({ field: 'proof' });
    });

    it('refuses a deposit on a closed account', () => {
      given([])
        .when(command.requestDeposit({ accountOpen: false }))
        .thenThrows(IllegalStateError, 'This account is closed.');
    });

    it.each(['balance', 'profit'] as const)('refuses a %s withdrawal: nothing to draw on', (source) => {
      given([event.payoutAddressSaved()])
        .when(command.requestWithdrawal({ source }))
        .thenThrows(InsufficientBalanceError, 'Insufficient balance');
    });

    it('credits an adjustment', () => {
      given([]).when(command.adjustBalance()).then([event.balanceAdjusted()]);
    });

    it('refuses an adjustment once the account is closed', () => {
      given([])
        .when(command.adjustBalance({ accountOpen: false }))
        .thenThrows(IllegalStateError, 'This account is closed.');
    });

    it.each(['available', 'invested', 'profit'] as const)('refuses to take %s below zero', (bucket) => {
      given([])
        .when(command.adjustBalance({ bucket, amount: -1n }))
        .thenThrows(InsufficientBalanceError, 'Insufficient balance');
    });

    it('refuses an adjustment of zero', () => {
      given([])
        .when(command.adjustBalance({ amount: 0n }))
        .thenThrows(ValidationError, INVALID_AMOUNT);
    });

    it.each(badReasons)('refuses an adjustment with a reason that is %s', (_case, reason) => {
      const error = given([])
        .when(command.adjustBalance({ reason }))
        .thenThrows(ValidationError, INVALID_REASON);
      expect(error).toMatchObject({ field: 'reason' });
    });

    it('keeps the reason trimmed', () => {
      given([])
        .when(command.adjustBalance({ reason: '  Opening balance \n' }))
        .then([event.balanceAdjusted()]);
    });

    it('refuses to confirm, reject, pay or release what does not exist', () => {
      given([]).when(command.confirmDeposit()).thenThrows(NotFoundError);
      given([]).when(command.rejectDeposit()).thenThrows(NotFoundError);
      given([]).when(command.markWithdrawalPaid()).thenThrows(NotFoundError);
      const error = given([]).when(command.rejectWithdrawal()).thenThrows(NotFoundError);
      expect(error).toMatchObject({ code: 'NOT_FOUND', entity: 'withdrawal', id: 'withdrawal-1' });
    });
  });

  describe('When a deposit is pending', () => {
    const pending = [event.payoutAddressSaved(), event.depositRequested()];

    it('confirms it: the investment matures after the plan term', () => {
      given(pending).when(command.confirmDeposit()).then([event.depositConfirmed()]);
    });

    it('refuses to confirm it once the account is closed: it can only be rejected', () => {
      given(pending)
        .when(command.confirmDeposit({ accountOpen: false }))
        .thenThrows(IllegalStateError, 'This account is closed.');
      given(pending)
        .when(command.rejectDeposit({ reason: ' No payment arrived ' }))
        .then([event.depositRejected()]);
    });

    it('Given four eyes over 1,499.99, When an admin confirms it alone, Then it is refused; approved, it is confirmed', () => {
      const over = { ...approvalPolicy, depositOver: 149_999n };
      given(pending)
        .when(command.confirmDeposit({ fourEyes: { policy: over, approved: false } }))
        .thenThrows(IllegalStateError, approvalMessages.secondAdminRequired);
      given(pending)
        .when(command.confirmDeposit({ fourEyes: { policy: over, approved: true } }))
        .then([event.depositConfirmed()]);
    });

    it('needs no second admin at the threshold itself, nor with four eyes off', () => {
      const at = { ...approvalPolicy, depositOver: 150_000n };
      given(pending)
        .when(command.confirmDeposit({ fourEyes: { policy: at, approved: false } }))
        .then([event.depositConfirmed()]);
      given(pending)
        .when(
          command.confirmDeposit({
            fourEyes: { policy: { ...at, enabled: false, depositOver: 0n }, approved: false },
          }),
        )
        .then([event.depositConfirmed()]);
    });

    it('answers a repeated confirmation as done, the account closed since or not', () => {
      given([...pending, event.depositConfirmed()])
        .when(command.confirmDeposit({ accountOpen: false }))
        .then([]);
    });

    it('rejects it with the reason trimmed', () => {
      given(pending)
        .when(command.rejectDeposit({ reason: ' No payment arrived ' }))
        .then([event.depositRejected()]);
    });

    it.each(badReasons)('refuses a rejection with a reason that is %s', (_case, reason) => {
      given(pending).when(command.rejectDeposit({ reason })).thenThrows(ValidationError, INVALID_REASON);
    });

    it('refuses a second deposit with the same id', () => {
      given(pending).when(command.requestDeposit()).thenThrows(IllegalStateError);
    });

    it('does not let the pending amount be withdrawn', () => {
      given(pending).when(command.requestWithdrawal()).thenThrows(InsufficientBalanceError);
    });
  });

  describe('When a deposit is confirmed', () => {
    const confirmed = [event.payoutAddressSaved(), event.depositRequested(), event.depositConfirmed()];

    it('confirms it again without a second credit', () => {
      given(confirmed)
        .when(command.confirmDeposit({ investmentId: 'investment-2' }))
        .thenNothing();
    });

    it('answers a repeat by one admin alone as done, though it would now need a second', () => {
      given(confirmed)
        .when(
          command.confirmDeposit({
            fourEyes: { policy: { ...approvalPolicy, depositOver: 0n }, approved: false },
          }),
        )
        .thenNothing();
    });

    it('refuses to start a second investment under the same id', () => {
      given([...confirmed, event.depositRequested({ depositId: 'deposit-2' })])
        .when(command.confirmDeposit({ depositId: 'deposit-2' }))
        .thenThrows(IllegalStateError, 'Investment investment-1 already exists.');
    });

    it('refuses to reject it', () => {
      given(confirmed)
        .when(command.rejectDeposit())
        .thenThrows(IllegalStateError, 'This deposit was confirmed and cannot be rejected.');
    });

    it('refuses to withdraw the invested principal from the balance', () => {
      given(confirmed)
        .when(command.requestWithdrawal({ source: 'balance' }))
        .thenThrows(InsufficientBalanceError);
    });

    it('refuses a profit withdrawal while the plan runs and its profit is locked', () => {
      const error = given(confirmed)
        .when(command.requestWithdrawal({ source: 'profit', amount: 1n }))
        .thenThrows(InsufficientBalanceError, 'Insufficient balance');
      expect(error).toMatchObject({ code: 'INSUFFICIENT_BALANCE', bucket: 'profitUnlocked' });
    });

    it('lets an admin take from the invested bucket, never below zero', () => {
      given(confirmed)
        .when(command.adjustBalance({ bucket: 'invested', amount: -150_000n }))
        .then([event.balanceAdjusted({ bucket: 'invested', amount: '-150000' })]);
      given(confirmed)
        .when(command.adjustBalance({ bucket: 'invested', amount: -150_001n }))
        .thenThrows(InsufficientBalanceError);
    });
  });

  describe('When a deposit is rejected', () => {
    const rejected = [event.depositRequested(), event.depositRejected()];

    it('refuses to confirm it', () => {
      given(rejected)
        .when(command.confirmDeposit())
        .thenThrows(IllegalStateError, 'This deposit was rejected and cannot be confirmed.');
    });

    it('rejects it again without a second event', () => {
      given(rejected)
        .when(command.rejectDeposit({ reason: 'Another reason' }))
        .thenNothing();
    });
  });

  describe('When the account holds an available balance', () => {
    const funded = [event.payoutAddressSaved(), event.balanceAdjusted({ amount: '100000' })];

    it('reserves a withdrawal', () => {
      given(funded).when(command.requestWithdrawal()).then([event.withdrawalRequested()]);
    });

    it('lets the whole balance be withdrawn, and not one cent more', () => {
      given(funded)
        .when(command.requestWithdrawal({ amount: 100_000n }))
        .then([event.withdrawalRequested({ amount: '100000' })]);
      given(funded)
        .when(command.requestWithdrawal({ amount: 100_001n }))
        .thenThrows(InsufficientBalanceError);
    });

    it.each([0n, -1n])('refuses a withdrawal of %p cents', (amount) => {
      given(funded).when(command.requestWithdrawal({ amount })).thenThrows(ValidationError, INVALID_AMOUNT);
    });

    it('refuses a withdrawal on a closed account', () => {
      given(funded)
        .when(command.requestWithdrawal({ accountOpen: false }))
        .thenThrows(IllegalStateError);
    });

    it('refuses a profit withdrawal: the balance is not profit', () => {
      given(funded)
        .when(command.requestWithdrawal({ source: 'profit' }))
        .thenThrows(InsufficientBalanceError);
    });

    it('takes the balance to zero but not below', () => {
      given(funded)
        .when(command.adjustBalance({ amount: -100_000n, reason: 'Correction' }))
        .then([event.balanceAdjusted({ amount: '-100000', reason: 'Correction' })]);
      given(funded)
        .when(command.adjustBalance({ amount: -100_001n }))
        .thenThrows(InsufficientBalanceError);
    });
  });

  describe('When unlocked profit is held', () => {
    const profit = [
      event.payoutAddressSaved(),
      event.balanceAdjusted({ bucket: 'profit', amount: '50000', reason: 'Profit credit' }),
    ];

    it('reserves a profit withdrawal', () => {
      given(profit)
        .when(command.requestWithdrawal({ source: 'profit' }))
        .then([event.withdrawalRequested({ source: 'profit' })]);
    });

    it('refuses a balance withdrawal: profit is not the balance', () => {
      given(profit)
        .when(command.requestWithdrawal({ source: 'balance' }))
        .thenThrows(InsufficientBalanceError);
    });
  });

  describe('When a withdrawal is pending', () => {
    const pending = [
      event.payoutAddressSaved(),
      event.balanceAdjusted({ amount: '100000' }),
      event.withdrawalRequested(),
    ];

    it('marks it paid', () => {
      given(pending).when(command.markWithdrawalPaid()).then([event.withdrawalPaid()]);
    });

    it('Given four eyes over 399.99, When an admin pays it alone, Then it is refused; approved, or at the threshold, it is paid', () => {
      const over = { ...approvalPolicy, withdrawalOver: 39_999n };
      given(pending)
        .when(command.markWithdrawalPaid({ fourEyes: { policy: over, approved: false } }))
        .thenThrows(IllegalStateError, approvalMessages.secondAdminRequired);
      given(pending)
        .when(command.markWithdrawalPaid({ fourEyes: { policy: over, approved: true } }))
        .then([event.withdrawalPaid()]);
      given(pending)
        .when(
          command.markWithdrawalPaid({
            fourEyes: { policy: { ...over, withdrawalOver: 40_000n }, approved: false },
          }),
        )
        .then([event.withdrawalPaid()]);
    });

    it('marks it paid without a payout reference when none or a blank one is given', () => {
      given(pending)
        .when(command.markWithdrawalPaid({ payoutReference: null }))
        .then([event.withdrawalPaid({ payoutReference: null })]);
      given(pending)
        .when(command.markWithdrawalPaid({ payoutReference: '  ' }))
        .then([event.withdrawalPaid({ payoutReference: null })]);
    });

    it('rejects it, naming the source the amount returns to', () => {
      given(pending).when(command.rejectWithdrawal()).then([event.withdrawalRejected()]);
    });

    it.each(badReasons)('refuses a rejection with a reason that is %s', (_case, reason) => {
      given(pending).when(command.rejectWithdrawal({ reason })).thenThrows(ValidationError, INVALID_REASON);
    });

    it('has reserved the amount: only the rest can be withdrawn', () => {
      given(pending)
        .when(command.requestWithdrawal({ withdrawalId: 'withdrawal-2', amount: 60_000n }))
        .then([event.withdrawalRequested({ withdrawalId: 'withdrawal-2', amount: '60000' })]);
      given(pending)
        .when(command.requestWithdrawal({ withdrawalId: 'withdrawal-2', amount: 60_001n }))
        .thenThrows(InsufficientBalanceError);
    });

    it('refuses a second withdrawal with the same id', () => {
      given(pending)
        .when(command.requestWithdrawal({ amount: 1n }))
        .thenThrows(IllegalStateError);
    });
  });

  describe('When a withdrawal is paid', () => {
    const paid = [event.balanceAdjusted(), event.withdrawalRequested(), event.withdrawalPaid()];

    it('marks it paid again without a second event', () => {
      given(paid)
        .when(command.markWithdrawalPaid({ payoutReference: 'tx-other' }))
        .thenNothing();
    });

    it('refuses to reject it', () => {
      given(paid)
        .when(command.rejectWithdrawal())
        .thenThrows(IllegalStateError, 'This withdrawal was paid and cannot be rejected.');
    });
  });

  describe('When a withdrawal is rejected', () => {
    const rejected = [
      event.payoutAddressSaved(),
      event.balanceAdjusted(),
      event.withdrawalRequested(),
      event.withdrawalRejected(),
    ];

    it('refuses to pay it', () => {
      given(rejected)
        .when(command.markWithdrawalPaid())
        .thenThrows(IllegalStateError, 'This withdrawal was rejected and cannot be paid.');
    });

    it('rejects it again without a second event', () => {
      given(rejected).when(command.rejectWithdrawal()).thenNothing();
    });

    it('has returned the amount: the whole balance can be withdrawn again', () => {
      given(rejected)
        .when(command.requestWithdrawal({ withdrawalId: 'withdrawal-2', amount: 100_000n }))
        .then([event.withdrawalRequested({ withdrawalId: 'withdrawal-2', amount: '100000' })]);
    });
  });
});
