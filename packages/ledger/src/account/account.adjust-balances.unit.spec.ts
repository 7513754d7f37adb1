import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Cents } from '../money.js';
import { adminId, command, event, requestedAt, userId } from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import {
  ACCOUNT_CHANGED,
  ACCOUNT_CLOSED,
  accountDecider,
  adjustableFigure,
  decide,
  INVALID_AMOUNT,
  INVALID_REASON,
  type AdjustBalances,
} from './account.decider.js';
import {
  AccountChangedError,
  IllegalStateError,
  InsufficientBalanceError,
  ValidationError,
} from './account.errors.js';
import type { AccountEvent, AdjustableBucket, BalanceAdjusted, ProfitAccrued } from './account.events.js';
import { evolve, initialState } from './account.js';

const given = specificationFor(accountDecider);

type Figures = Partial<Record<AdjustableBucket, { shown: Cents; target: Cents }>>;

/** The admin's form, read at `formVersion`; the handler finds the account at `accountVersion` (by default the same). */
function adjustBalances(
  formVersion: number,
  figures: Figures,
  data: Partial<Omit<AdjustBalances['data'], 'figures'>> = {},
): AdjustBalances {
  return {
    type: 'AdjustBalances',
    data: {
      userId,
      formVersion,
      accountVersion: formVersion,
      figures: Object.fromEntries(
        Object.entries(figures).map(([bucket, figure]) => [
          bucket,
          { ...figure, adjustmentId: `adjustment-${bucket}` },
        ]),
      ),
      reason: 'Correction',
      adminId,
      accountOpen: true,
      adjustedAt: requestedAt,
      ...data,
    },
  };
}

function adjusted(bucket: AdjustableBucket, amount: string): BalanceAdjusted {
  return event.balanceAdjusted({
    adjustmentId: `adjustment-${bucket}`,
    bucket,
    amount,
    reason: 'Correction',
  });
}

/** 1,000.00 available: the account at version 1. */
const funded: AccountEvent[] = [event.balanceAdjusted({ amount: '100000' })];
/** Then a withdrawal of 987.00 reserved: version 2, 13.00 available. */
const withdrawn: AccountEvent[] = [...funded, event.withdrawalRequested({ amount: '98700' })];

describe('Adjust balances: target figures to signed adjustments', () => {
  describe('When the account is new', () => {
    it('moves each changed figure by target minus shown, in form order', () => {
      given([])
        .when(
          adjustBalances(0, {
            profit: { shown: 0n, target: 1_234n },
            available: { shown: 0n, target: 100_000n },
            invested: { shown: 0n, target: 50_000n },
          }),
        )
        .then([adjusted('available', '100000'), adjusted('invested', '50000'), adjusted('profit', '1234')]);
    });

    it('appends nothing for a form naming no figure, or naming them as shown', () => {
      given([]).when(adjustBalances(0, {})).thenNothing();
      given([])
        .when(
          adjustBalances(0, { available: { shown: 0n, target: 0n }, invested: { shown: 0n, target: 0n } }),
        )
        .thenNothing();
    });

    it('asks for a reason only when a figure moves', () => {
      given([])
        .when(adjustBalances(0, { available: { shown: 0n, target: 0n } }, { reason: '' }))
        .thenNothing();
      given([])
        .when(adjustBalances(0, { available: { shown: 0n, target: 100n } }, { reason: 'no' }))
        .thenThrows(ValidationError, INVALID_REASON);
    });

    it('refuses a target below zero or above the largest amount, on its own field', () => {
      const negative = given([])
        .when(adjustBalances(0, { invested: { shown: 0n, target: -1n } }))
        .thenThrows(ValidationError, INVALID_AMOUNT);
      expect(negative).toMatchObject({ field: 'invested' });
      given([])
        .when(adjustBalances(0, { available: { shown: 0n, target: 100_000_000_000_001n } }))
        .thenThrows(ValidationError, INVALID_AMOUNT);
    });
  });

  describe('When the account was closed after the form was read', () => {
    it('refuses the form, even one that moves nothing', () => {
      given(funded)
        .when(adjustBalances(1, { available: { shown: 100_000n, target: 500_000n } }, { accountOpen: false }))
        .thenThrows(IllegalStateError, ACCOUNT_CLOSED);
      given(funded)
        .when(adjustBalances(1, {}, { accountOpen: false }))
        .thenThrows(IllegalStateError, ACCOUNT_CLOSED);
    });
  });

  describe('When a withdrawal was requested after the form was opened', () => {
    it('refuses the form read at the version before, even left unchanged', () => {
      given(withdrawn)
        .when(adjustBalances(1, { available: { shown: 100_000n, target: 100_000n } }, { accountVersion: 2 }))
        .thenThrows(AccountChangedError, ACCOUNT_CHANGED);
    });

    it('refuses figures from before the withdrawal sent with the current version (a lagging read)', () => {
      // The report's case: saved as it was, this form would have put the 987.00 back into the balance.
      given(withdrawn)
        .when(adjustBalances(2, { available: { shown: 100_000n, target: 100_000n } }))
        .thenThrows(AccountChangedError, ACCOUNT_CHANGED);
      given(withdrawn)
        .when(
          adjustBalances(2, {
            available: { shown: 1_300n, target: 1_300n },
            invested: { shown: 5n, target: 10n },
          }),
        )
        .thenThrows(AccountChangedError, ACCOUNT_CHANGED);
    });

    it('takes a form read after the withdrawal: unchanged it moves nothing, changed it moves the difference', () => {
      given(withdrawn)
        .when(adjustBalances(2, { available: { shown: 1_300n, target: 1_300n } }))
        .thenNothing();
      given(withdrawn)
        .when(adjustBalances(2, { available: { shown: 1_300n, target: 2_000n } }))
        .then([adjusted('available', '700')]);
    });
  });

  describe('When the withdrawal was rejected after the form was opened', () => {
    const rejected = [...withdrawn, event.withdrawalRejected({ amount: '98700' })];

    it('refuses the form that still shows the reserved amount gone, so the refund stays', () => {
      given(rejected)
        .when(adjustBalances(3, { available: { shown: 1_300n, target: 1_300n } }))
        .thenThrows(AccountChangedError, ACCOUNT_CHANGED);
      given(rejected)
        .when(adjustBalances(2, { available: { shown: 1_300n, target: 1_300n } }, { accountVersion: 3 }))
        .thenThrows(AccountChangedError, ACCOUNT_CHANGED);
      given(rejected)
        .when(adjustBalances(3, { available: { shown: 100_000n, target: 100_000n } }))
        .thenNothing();
    });
  });

  describe('When the withdrawal was paid after the form was opened', () => {
    const paid = [...withdrawn, event.withdrawalPaid({ amount: '98700' })];

    it('refuses a form from before the payment and takes one from after it', () => {
      given(paid)
        .when(adjustBalances(3, { available: { shown: 100_000n, target: 100_000n } }))
        .thenThrows(AccountChangedError, ACCOUNT_CHANGED);
      given(paid)
        .when(adjustBalances(3, { available: { shown: 1_300n, target: 1_300n } }))
        .thenNothing();
    });
  });

  describe('When profit is partly locked in a running plan', () => {
    const accrued: ProfitAccrued = {
      type: 'ProfitAccrued',
      data: { userId, investmentId: 'investment-1', day: '2026-03-02', amount: '2500' },
    };
    const earning = [
      event.depositRequested(),
      event.depositConfirmed(),
      accrued,
      event.balanceAdjusted({ bucket: 'profit', amount: '500' }),
    ];

    it('shows profit as locked plus unlocked, and moves the unlocked part', () => {
      given(earning)
        .when(adjustBalances(4, { profit: { shown: 3_000n, target: 2_600n } }))
        .then([adjusted('profit', '-400')]);
    });

    it('refuses a profit target below the locked part', () => {
      given(earning)
        .when(adjustBalances(4, { profit: { shown: 3_000n, target: 2_499n } }))
        .thenThrows(InsufficientBalanceError);
    });

    it('refuses a form showing only the unlocked part as the profit', () => {
      given(earning)
        .when(adjustBalances(4, { profit: { shown: 500n, target: 500n } }))
        .thenThrows(AccountChangedError, ACCOUNT_CHANGED);
    });
  });
});

describe('Adjust balances under any account and any form', () => {
  const buckets: AdjustableBucket[] = ['available', 'invested', 'profit'];
  const cents = fc.bigInt({ min: 0n, max: 200_000n });
  const account = fc
    .array(
      fc.record({ bucket: fc.constantFrom(...buckets), amount: fc.bigInt({ min: 1n, max: 100_000n }) }),
      { maxLength: 6 },
    )
    .map((adjustments) =>
      adjustments.map(({ bucket, amount }) => command.adjustBalance({ bucket, amount, reason: 'Setup' })),
    )
    .map((commands) =>
      commands.reduce((state, next) => decide(next, state).reduce(evolve, state), initialState()),
    );
  // Each figure is left out, shown as the account holds it, or shown as some other (stale) figure.
  const figure = fc.record({
    shown: fc.option(cents, { nil: undefined }),
    target: cents,
    named: fc.boolean(),
  });

  it('gives each named figure its target and leaves the rest, or refuses a form that shows other figures', () => {
    fc.assert(
      fc.property(account, fc.tuple(figure, figure, figure), (state, form) => {
        const figures: Figures = {};
        buckets.forEach((bucket, index) => {
          const { shown, target, named } = form[index]!;
          if (named) figures[bucket] = { shown: shown ?? adjustableFigure(state, bucket), target };
        });
        const stale = buckets.some((bucket) => {
          const named = figures[bucket];
          return named !== undefined && named.shown !== adjustableFigure(state, bucket);
        });
        let events: AccountEvent[];
        try {
          events = decide(adjustBalances(7, figures), state);
        } catch (error) {
          if (stale) expect(error).toBeInstanceOf(AccountChangedError);
          else expect(error).toBeInstanceOf(InsufficientBalanceError);
          return;
        }
        expect(stale).toBe(false);
        const after = events.reduce(evolve, state);
        for (const bucket of buckets) {
          expect(adjustableFigure(after, bucket)).toBe(
            figures[bucket]?.target ?? adjustableFigure(state, bucket),
          );
        }
        expect(after.reserved).toBe(state.reserved);
        expect(events).toHaveLength(
          buckets.filter((bucket) => {
            const named = figures[bucket];
            return named !== undefined && named.target !== named.shown;
          }).length,
        );
      }),
      { numRuns: 300 },
    );
  });
});
