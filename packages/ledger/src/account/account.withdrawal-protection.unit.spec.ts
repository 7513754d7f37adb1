import { describe, expect, it } from '@jest/globals';
import {
  addressSavedAt,
  bitcoinAddressKey,
  command,
  event,
  requestedAt,
  userId as fixtureUserId,
  withdrawalPolicy,
} from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import { accountDecider, withdrawalLimitUse } from './account.decider.js';
import { evolve, initialState } from './account.js';
import { IllegalStateError, InsufficientBalanceError, ValidationError } from './account.errors.js';
import {
  holdsNotStarted,
  securityHoldCause,
  securityHoldCommands,
  securityHoldEventTypes,
} from './security-holds.js';
import type { IdentityEvent } from '../identity/identity.events.js';

const given = specificationFor(accountDecider);

const at = (iso: string) => new Date(iso);
const secondsAfter = (moment: Date | string, seconds: number) =>
  new Date(new Date(moment).getTime() + seconds * 1000);

const notInBook =
  'Add this address in Withdrawal Gateway first; a new address can be used 48 hours after it is added.';
const locked =
  'Your account is locked: withdrawals and changes of payout addresses are frozen until an admin lifts the lock.';

const funded = [event.payoutAddressSaved(), event.balanceAdjusted({ amount: '10000000' })];

describe('Withdrawal protection', () => {
  describe('Address book', () => {
    it('saves a new address, usable once the cooling period has passed', () => {
      given([])
        .when(command.savePayoutAddresses())
        .then([
          event.payoutAddressSaved({
            savedAt: addressSavedAt.toISOString(),
            usableFrom: '2026-02-03T08:00:00.000Z',
          }),
        ]);
    });

    it('makes an address usable at once when the cooling period is 0 hours', () => {
      given([])
        .when(command.savePayoutAddresses({ coolingHours: 0 }))
        .then([event.payoutAddressSaved({ usableFrom: addressSavedAt.toISOString() })]);
    });

    it('records nothing when the same address is saved again, and keeps its usable time', () => {
      given([event.payoutAddressSaved()])
        .when(command.savePayoutAddresses({ savedAt: requestedAt }))
        .thenNothing();
    });

    it('starts a new cooling period when an address changes, and removes a blanked one', () => {
      given([
        event.payoutAddressSaved(),
        event.payoutAddressSaved({ wallet: 'ethereum', addressKey: 'eth-1' }),
      ])
        .when(
          command.savePayoutAddresses({
            savedAt: requestedAt,
            addresses: [
              { wallet: 'bitcoin', addressKey: 'key-bitcoin-2' },
              { wallet: 'ethereum', addressKey: null },
            ],
          }),
        )
        .then([
          event.payoutAddressSaved({
            addressKey: 'key-bitcoin-2',
            savedAt: requestedAt.toISOString(),
            usableFrom: '2026-03-03T10:00:00.000Z',
          }),
          {
            type: 'PayoutAddressRemoved',
            data: { userId: 'user-1', wallet: 'ethereum', removedAt: requestedAt.toISOString() },
          },
        ]);
    });

    it('refuses an address that is not in the book, naming the configured hours', () => {
      const error = given(funded)
        .when(command.requestWithdrawal({ destinations: [{ wallet: 'bitcoin', addressKey: 'elsewhere' }] }))
        .thenThrows(ValidationError, notInBook);
      expect(error).toMatchObject({ field: 'wallet_address' });
      given(funded)
        .when(
          command.requestWithdrawal({ destinations: [], policy: { ...withdrawalPolicy, coolingHours: 72 } }),
        )
        .thenThrows(
          ValidationError,
          'Add this address in Withdrawal Gateway first; a new address can be used 72 hours after it is added.',
        );
    });

    it('refuses the address one second before its cooling period ends and accepts it exactly then', () => {
      const usableFrom = '2026-03-01T10:00:00.000Z';
      const saved = [event.payoutAddressSaved({ usableFrom }), event.balanceAdjusted({ amount: '100000' })];
      given(saved)
        .when(command.requestWithdrawal({ requestedAt: secondsAfter(usableFrom, -1) }))
        .thenThrows(ValidationError, notInBook);
      given(saved)
        .when(command.requestWithdrawal({ requestedAt: at(usableFrom) }))
        .then([event.withdrawalRequested({ requestedAt: usableFrom })]);
      given(saved)
        .when(command.requestWithdrawal({ requestedAt: secondsAfter(usableFrom, 1) }))
        .then([event.withdrawalRequested({ requestedAt: secondsAfter(usableFrom, 1).toISOString() })]);
    });

    it('does not take an address saved under another wallet of the same key', () => {
      given(funded)
        .when(
          command.requestWithdrawal({
            destinations: [{ wallet: 'ethereum', addressKey: bitcoinAddressKey }],
          }),
        )
        .thenThrows(ValidationError, notInBook);
    });

    it('refuses a removed address', () => {
      given([
        ...funded,
        {
          type: 'PayoutAddressRemoved',
          data: { userId: 'user-1', wallet: 'bitcoin', removedAt: '2026-02-20T00:00:00.000Z' },
        },
      ])
        .when(command.requestWithdrawal())
        .thenThrows(ValidationError, notInBook);
    });
  });

  describe('Security hold', () => {
    const hold = event.securityHoldStarted();

    it('starts a hold of the configured hours, and none when the hours are 0', () => {
      given([]).when(command.startSecurityHold()).then([hold]);
      given([])
        .when(command.startSecurityHold({ holdHours: 0 }))
        .thenNothing();
    });

    it('refuses a withdrawal one second before the hold ends and accepts one exactly at its end', () => {
      const until = hold.data.until;
      given([...funded, hold])
        .when(command.requestWithdrawal({ requestedAt: secondsAfter(until, -1) }))
        .thenThrows(
          IllegalStateError,
          "Withdrawals are paused until 2 Mar 2026, 10:00 UTC after a change to your account's security.",
        );
      given([...funded, hold])
        .when(command.requestWithdrawal({ requestedAt: at(until) }))
        .then([event.withdrawalRequested({ requestedAt: until })]);
    });

    it('holds once per change, however often the change is offered, and again for a later change', () => {
      const later = secondsAfter(requestedAt, 3600);
      given([hold])
        .when(command.startSecurityHold({ startedAt: later }))
        .thenNothing();
      given([hold])
        .when(command.startSecurityHold({ changePosition: 4, startedAt: later }))
        .thenNothing();
      given([hold])
        .when(command.startSecurityHold({ cause: 'email-changed', changePosition: 6, startedAt: later }))
        .then([
          event.securityHoldStarted({
            cause: 'email-changed',
            changePosition: 6,
            startedAt: later.toISOString(),
            until: '2026-03-02T11:00:00.000Z',
          }),
        ]);
    });

    it('keeps the hold that ends last when holds overlap', () => {
      const later = event.securityHoldStarted({ until: '2026-03-05T00:00:00.000Z' });
      const state = [hold, later, event.securityHoldStarted()].reduce(evolve, initialState());
      expect(state.securityHold?.until).toBe('2026-03-05T00:00:00.000Z');
    });
  });

  describe('Lock', () => {
    const lockedEvent = event.accountLocked();

    it('locks once: a second lock changes nothing', () => {
      given([]).when(command.lockAccount()).then([lockedEvent]);
      given([lockedEvent]).when(command.lockAccount()).thenNothing();
    });

    it('freezes withdrawals and changes of payout addresses, but not saving the same addresses', () => {
      given([...funded, lockedEvent])
        .when(command.requestWithdrawal())
        .thenThrows(IllegalStateError, locked);
      given([...funded, lockedEvent])
        .when(command.savePayoutAddresses({ addresses: [{ wallet: 'bitcoin', addressKey: 'other' }] }))
        .thenThrows(IllegalStateError, locked);
      given([...funded, lockedEvent])
        .when(command.savePayoutAddresses())
        .thenNothing();
    });

    it('Given a withdrawal requested before the lock, When an admin pays it, Then it is refused; rejecting it still returns the money', () => {
      const pendingThenLocked = [...funded, event.withdrawalRequested(), lockedEvent];
      given(pendingThenLocked)
        .when(command.markWithdrawalPaid())
        .thenThrows(
          IllegalStateError,
          "This member's account is locked: its withdrawals can be rejected but not paid until an admin lifts the lock.",
        );
      given(pendingThenLocked).when(command.rejectWithdrawal()).then([event.withdrawalRejected()]);
      given([...pendingThenLocked, event.accountUnlocked()])
        .when(command.markWithdrawalPaid())
        .then([event.withdrawalPaid()]);
    });

    it('Given a withdrawal paid before the lock, When the same payment is repeated, Then nothing changes', () => {
      given([...funded, event.withdrawalRequested(), event.withdrawalPaid(), lockedEvent])
        .when(command.markWithdrawalPaid())
        .thenNothing();
    });

    it('is lifted only by an admin with a reason, and only when locked', () => {
      given([lockedEvent]).when(command.unlockAccount()).then([event.accountUnlocked()]);
      given([lockedEvent])
        .when(command.unlockAccount({ reason: 'no' }))
        .thenThrows(ValidationError);
      given([]).when(command.unlockAccount()).thenThrows(IllegalStateError, 'This account is not locked.');
      given([...funded, lockedEvent, event.accountUnlocked()])
        .when(command.requestWithdrawal())
        .then([event.withdrawalRequested()]);
    });

    it('stays on an account closed since: the admin can no longer lift it', () => {
      given([lockedEvent])
        .when(command.unlockAccount({ accountOpen: false }))
        .thenThrows(IllegalStateError, 'This account is closed.');
    });
  });

  describe('Limits', () => {
    const limited = [...funded, event.withdrawalLimitsSet()];

    it('sets a member’s own limits with a reason', () => {
      given([]).when(command.setWithdrawalLimits()).then([event.withdrawalLimitsSet()]);
    });

    it('sets no limits on a closed account', () => {
      given(funded)
        .when(command.setWithdrawalLimits({ accountOpen: false }))
        .thenThrows(IllegalStateError, 'This account is closed.');
    });

    it.each([
      ['a zero daily limit', { daily: 0n }],
      ['a daily limit above the 30-day one', { daily: 300_001n }],
    ])('refuses %s', (_case, limits) => {
      given([])
        .when(command.setWithdrawalLimits(limits))
        .thenThrows(
          ValidationError,
          'Please give limits above zero, the daily one no higher than the 30-day one.',
        );
    });

    it('accepts a withdrawal of exactly the daily limit and refuses one cent more', () => {
      given(limited)
        .when(command.requestWithdrawal({ amount: 100_000n }))
        .then([event.withdrawalRequested({ amount: '100000' })]);
      given(limited)
        .when(command.requestWithdrawal({ amount: 100_001n }))
        .thenThrows(
          ValidationError,
          'This exceeds your withdrawal limit: you can withdraw up to $1,000.00 until 2 Mar 2026, 10:00 UTC.',
        );
    });

    it('counts pending and paid withdrawals of the last 24 hours, until they leave the window', () => {
      const first = event.withdrawalRequested({ amount: '60000' });
      const paid = event.withdrawalPaid({ amount: '60000' });
      const second = command.requestWithdrawal({
        withdrawalId: 'withdrawal-2',
        amount: 40_001n,
        requestedAt: secondsAfter(requestedAt, 3600),
      });
      given([...limited, first, paid])
        .when(second)
        .thenThrows(
          ValidationError,
          'This exceeds your withdrawal limit: you can withdraw up to $400.00 until 2 Mar 2026, 10:00 UTC.',
        );
      const dayLater = { ...second.data, requestedAt: secondsAfter(requestedAt, 86_400) };
      given([...limited, first, paid])
        .when({ ...second, data: dayLater })
        .then([
          event.withdrawalRequested({
            withdrawalId: 'withdrawal-2',
            amount: '40001',
            requestedAt: dayLater.requestedAt.toISOString(),
          }),
        ]);
    });

    it('gives a rejected withdrawal’s amount back to the limit', () => {
      const first = event.withdrawalRequested({ amount: '100000' });
      const again = command.requestWithdrawal({ withdrawalId: 'withdrawal-2', amount: 100_000n });
      given([...limited, first])
        .when(again)
        .thenThrows(ValidationError);
      given([...limited, first, event.withdrawalRejected({ amount: '100000' })])
        .when(again)
        .then([event.withdrawalRequested({ withdrawalId: 'withdrawal-2', amount: '100000' })]);
    });

    it('names the 30-day window when it binds, with the moment its oldest withdrawal leaves it', () => {
      const days = (count: number) => secondsAfter(requestedAt, count * 86_400);
      const history = [0, 2, 4].flatMap((day, index) => [
        event.withdrawalRequested({
          withdrawalId: `w-${index}`,
          amount: '100000',
          requestedAt: days(day).toISOString(),
        }),
      ]);
      given([...limited, ...history])
        .when(command.requestWithdrawal({ withdrawalId: 'w-next', amount: 1n, requestedAt: days(6) }))
        .thenThrows(
          ValidationError,
          'This exceeds your withdrawal limit: you can withdraw up to $0.00 until 31 Mar 2026, 10:00 UTC.',
        );
    });

    it('uses the platform defaults when no limits were set', () => {
      const state = funded.reduce(evolve, initialState());
      const use = withdrawalLimitUse(state, requestedAt, withdrawalPolicy.defaultLimits);
      expect(use.daily).toEqual({ limit: 5_000_000n, used: 0n, left: 5_000_000n, freesAt: null });
      given(funded)
        .when(command.requestWithdrawal({ amount: 5_000_001n }))
        .thenThrows(
          ValidationError,
          'This exceeds your withdrawal limit: you can withdraw up to $50,000.00 until 2 Mar 2026, 10:00 UTC.',
        );
    });
  });
});

describe('Security hold causes', () => {
  it.each([
    [{ type: 'PasswordChanged', data: { userId: 'u', method: 'change' } }, 'password-changed'],
    [{ type: 'PasswordChanged', data: { userId: 'u', method: 'reset' } }, 'password-reset'],
    [
      { type: 'MemberDetailsChanged', data: { userId: 'u', adminId: 'a', fields: ['email'] } },
      'email-changed',
    ],
    [{ type: 'MemberDetailsChanged', data: { userId: 'u', adminId: 'a', fields: ['firstName'] } }, null],
    [
      { type: 'SecondFactorRemoved', data: { userId: 'u', method: 'totp', passkeyId: null } },
      'second-factor-removed',
    ],
    [{ type: 'SecondFactorAdded', data: { userId: 'u', method: 'totp', passkeyId: null } }, null],
    [
      { type: 'SecondFactorsResetByAdmin', data: { userId: 'u', adminId: 'a', reason: 'Lost phone' } },
      'second-factors-reset-by-admin',
    ],
    [
      {
        type: 'SessionStarted',
        data: { userId: 'u', sessionId: 's', audience: 'member', persistent: false },
      },
      null,
    ],
  ] as const)('%j holds withdrawals for %p', (identityEvent, cause) => {
    expect(securityHoldCause(identityEvent as IdentityEvent)).toBe(cause);
    if (cause !== null) expect(securityHoldEventTypes).toContain(identityEvent.type);
  });
});

describe('Security hold commands from the identity log', () => {
  const changes = [
    { type: 'PasswordChanged', data: { userId: 'u', method: 'change' }, streamPosition: 4 },
    {
      type: 'MemberDetailsChanged',
      data: { userId: 'u', adminId: 'a', fields: ['firstName'] },
      streamPosition: 5,
    },
    {
      type: 'SecondFactorRemoved',
      data: { userId: 'u', method: 'totp', passkeyId: null },
      streamPosition: 7,
    },
  ];

  it('starts a hold for each change that calls for one, in the order recorded', () => {
    expect(securityHoldCommands(fixtureUserId, changes, 24, requestedAt)).toEqual([
      command.startSecurityHold({ cause: 'password-changed', changePosition: 4 }),
      command.startSecurityHold({ cause: 'second-factor-removed', changePosition: 7 }),
    ]);
  });

  it('leaves out the holds an account started already: the changes up to the last it held for', () => {
    const holds = securityHoldCommands(fixtureUserId, changes, 24, requestedAt);
    const heldThroughFour = evolve(initialState(), event.securityHoldStarted({ changePosition: 4 }));
    const heldThroughSeven = evolve(heldThroughFour, event.securityHoldStarted({ changePosition: 7 }));

    expect(holdsNotStarted(holds, initialState())).toEqual(holds);
    expect(holdsNotStarted(holds, heldThroughFour)).toEqual([
      command.startSecurityHold({ cause: 'second-factor-removed', changePosition: 7 }),
    ]);
    expect(holdsNotStarted(holds, heldThroughSeven)).toEqual([]);
  });
});

describe('Withdrawals awaiting review', () => {
  const tooMany = (count: number) =>
    `You have ${count} withdrawals awaiting review: you can ask for another once one of them is paid or rejected.`;
  const requested = (count: number) =>
    Array.from({ length: count }, (_, index) =>
      event.withdrawalRequested({ withdrawalId: `w-pending-${index}`, amount: '100' }),
    );

  it('takes a withdrawal while fewer than the most allowed await review', () => {
    given([...funded, ...requested(9)])
      .when(command.requestWithdrawal())
      .then([event.withdrawalRequested()]);
  });

  it('refuses one more once the most allowed await review, naming how many', () => {
    given([...funded, ...requested(10)])
      .when(command.requestWithdrawal())
      .thenThrows(IllegalStateError, tooMany(10));
    given([...funded, ...requested(3)])
      .when(command.requestWithdrawal({ policy: { ...withdrawalPolicy, pendingMax: 3 } }))
      .thenThrows(IllegalStateError, tooMany(3));
  });

  it('is the last check: a withdrawal the balance cannot cover is refused for that first', () => {
    given([event.payoutAddressSaved(), event.balanceAdjusted({ amount: '1000' }), ...requested(10)])
      .when(command.requestWithdrawal({ amount: 1n }))
      .thenThrows(InsufficientBalanceError);
  });

  it('counts only those still awaiting review: a paid or a rejected one frees its place', () => {
    const paid = event.withdrawalPaid({ withdrawalId: 'w-pending-0', amount: '100' });
    const rejected = event.withdrawalRejected({ withdrawalId: 'w-pending-1', amount: '100' });
    given([...funded, ...requested(10), paid])
      .when(command.requestWithdrawal())
      .then([event.withdrawalRequested()]);
    given([...funded, ...requested(10), rejected])
      .when(command.requestWithdrawal())
      .then([event.withdrawalRequested()]);
  });
});
