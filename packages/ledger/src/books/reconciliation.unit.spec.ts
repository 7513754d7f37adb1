import { describe, expect, it } from '@jest/globals';
import { specificationFor } from '../testing/decider-specification.js';
import { MAX_AMOUNT, type Cents } from '../money.js';
import type { ReconciliationEvent, ReconciliationFigures } from './reconciliation.events.js';
import {
  reconciliationDecider,
  reconciliationDay,
  reconciliationMessages,
  ReconciliationError,
  type JournalAtCutoff,
  type Reconciler,
  type ReconciliationCommand,
  type ReconciliationState,
} from './reconciliation.js';

const given = specificationFor<ReconciliationCommand, ReconciliationEvent, ReconciliationState>(
  reconciliationDecider,
);

const BTC = 'b1111111-1111-4111-8111-111111111111';
const ETH = 'e2222222-2222-4222-8222-222222222222';
const admin: Reconciler = { id: 'a1111111-1111-4111-8111-111111111111', role: 'admin' };
const auditor: Reconciler = { id: 'a3333333-3333-4333-8333-333333333333', role: 'auditor' };
const cutoff = new Date('2026-11-27T17:00:00.000Z');
const enteredAt = new Date('2026-11-27T17:30:00.000Z');

/** Bitcoin holds 3,400.00 and Ethereum 1,200.00; the members are owed 4,000.00. */
const journal: JournalAtCutoff = {
  custody: { [BTC]: 340_000n, [ETH]: 120_000n },
  unassignedCustody: 0n,
  memberLiabilities: 400_000n,
  entries: 12,
};

const recordHeld = (
  held: Record<string, Cents>,
  overrides: Partial<Extract<ReconciliationCommand, { type: 'RecordHeldBalances' }>['data']> = {},
): ReconciliationCommand => ({
  type: 'RecordHeldBalances',
  data: {
    cutoff,
    held,
    paymentMethodIds: [BTC, ETH],
    journal,
    enteredBy: admin,
    enteredAt,
    ...overrides,
  },
});

const figures = (overrides: Partial<ReconciliationFigures> = {}): ReconciliationFigures => ({
  reconciliationId: '2026-11-27',
  cutoff: cutoff.toISOString(),
  methods: [
    { paymentMethodId: BTC, held: '340000', custody: '340000', difference: '0' },
    { paymentMethodId: ETH, held: '120000', custody: '120000', difference: '0' },
  ],
  unassignedCustody: '0',
  held: '460000',
  custody: '460000',
  memberLiabilities: '400000',
  heldLessLiabilities: '60000',
  journalEntries: 12,
  enteredBy: admin.id,
  enteredAt: enteredAt.toISOString(),
  ...overrides,
});

const matched: ReconciliationEvent = { type: 'ReconciliationMatched', data: figures() };
const differenceFound: ReconciliationEvent = {
  type: 'ReconciliationDifferenceFound',
  data: figures({
    methods: [
      { paymentMethodId: BTC, held: '339000', custody: '340000', difference: '-1000' },
      { paymentMethodId: ETH, held: '120000', custody: '120000', difference: '0' },
    ],
    held: '459000',
    heldLessLiabilities: '59000',
  }),
};
const resolveWith = (reason: string, resolvedBy = admin): ReconciliationCommand => ({
  type: 'ResolveDifference',
  data: { reason, resolvedBy, resolvedAt: new Date('2026-11-27T18:00:00.000Z') },
});

describe('reconciliation', () => {
  describe('given no reconciliation for the day', () => {
    it('matches when every method holds its custody and together they cover the members', () => {
      given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }))
        .then([matched]);
    });

    it('finds a difference, with its amount, when a method holds less than its custody', () => {
      given([])
        .when(recordHeld({ [BTC]: 339_000n, [ETH]: 120_000n }))
        .then([differenceFound]);
    });

    it('finds a difference when a method holds more than the books know of', () => {
      const [event] = reconciliationDecider.decide(
        recordHeld({ [BTC]: 340_000n, [ETH]: 120_500n }),
        reconciliationDecider.initialState(),
      );
      expect(event).toMatchObject({
        type: 'ReconciliationDifferenceFound',
        data: { methods: [{ difference: '0' }, { difference: '500' }], heldLessLiabilities: '60500' },
      });
    });

    it('finds a shortfall when the books agree but the members are owed more than is held', () => {
      const owed = { ...journal, memberLiabilities: 470_000n };
      given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }, { journal: owed }))
        .then([
          {
            type: 'ReconciliationDifferenceFound',
            data: figures({ memberLiabilities: '470000', heldLessLiabilities: '-10000' }),
          },
        ]);
    });

    it('matches when exactly what the members are owed is held', () => {
      const owed = { ...journal, memberLiabilities: 460_000n };
      given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }, { journal: owed }))
        .then([
          {
            type: 'ReconciliationMatched',
            data: figures({ memberLiabilities: '460000', heldLessLiabilities: '0' }),
          },
        ]);
    });

    it('finds a difference while custody sits unassigned to a payment method', () => {
      const suspense = { ...journal, unassignedCustody: 100n };
      given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }, { journal: suspense }))
        .then([
          {
            type: 'ReconciliationDifferenceFound',
            data: figures({ unassignedCustody: '100', custody: '460100' }),
          },
        ]);
    });

    it('counts a method the journal holds custody in, even when the catalog no longer lists it', () => {
      const OLD = 'c3333333-3333-4333-8333-333333333333';
      const withOld = { ...journal, custody: { ...journal.custody, [OLD]: 0n } };
      given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }, { journal: withOld }))
        .thenThrows(ReconciliationError, reconciliationMessages.missingHeld);
    });

    it('takes a cutoff exactly at the moment of entry', () => {
      given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }, { enteredAt: cutoff }))
        .then([{ type: 'ReconciliationMatched', data: figures({ enteredAt: cutoff.toISOString() }) }]);
    });

    it('refuses a cutoff in the future', () => {
      const error = given([])
        .when(recordHeld({ [BTC]: 1n, [ETH]: 1n }, { cutoff: new Date(enteredAt.getTime() + 1) }))
        .thenThrows(ReconciliationError, reconciliationMessages.futureCutoff);
      expect(error).toMatchObject({ code: 'VALIDATION', field: 'cutoff' });
    });

    it('refuses a cutoff before the books begin (1999-12-31T23:59:59.999Z), and takes the first moment of 2000', () => {
      const error = given([])
        .when(recordHeld({ [BTC]: 0n, [ETH]: 0n }, { cutoff: new Date('1999-12-31T23:59:59.999Z') }))
        .thenThrows(ReconciliationError, reconciliationMessages.cutoffBeforeBooks);
      expect(error).toMatchObject({ code: 'VALIDATION', field: 'cutoff' });
      const first = recordHeld({ [BTC]: 0n, [ETH]: 0n }, { cutoff: new Date('2000-01-01T00:00:00Z') });
      const events = reconciliationDecider.decide(first, reconciliationDecider.initialState());
      expect(events.map((event) => event.type)).toEqual(['ReconciliationDifferenceFound']);
    });

    it('refuses a payment method it does not know, naming it', () => {
      const error = given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n, other: 5n }))
        .thenThrows(ReconciliationError, reconciliationMessages.unknownMethod);
      expect(error).toMatchObject({ code: 'VALIDATION', field: 'held.other' });
    });

    it('refuses a payment method left out', () => {
      const error = given([])
        .when(recordHeld({ [BTC]: 340_000n }))
        .thenThrows(ReconciliationError, reconciliationMessages.missingHeld);
      expect(error).toMatchObject({ field: `held.${ETH}` });
    });

    it.each([
      ['below zero', -1n],
      ['above the largest amount', MAX_AMOUNT + 1n],
    ])('refuses an amount %s', (_, amount) => {
      const error = given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: amount }))
        .thenThrows(ReconciliationError, reconciliationMessages.invalidAmount);
      expect(error).toMatchObject({ field: `held.${ETH}` });
    });

    it('takes zero held', () => {
      const nothing = { ...journal, custody: {}, memberLiabilities: 0n, entries: 0 };
      const [event] = reconciliationDecider.decide(
        recordHeld({ [BTC]: 0n, [ETH]: 0n }, { journal: nothing }),
        reconciliationDecider.initialState(),
      );
      expect(event).toMatchObject({ type: 'ReconciliationMatched', data: { held: '0', custody: '0' } });
    });

    it('refuses an auditor', () => {
      const error = given([])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }, { enteredBy: auditor }))
        .thenThrows(ReconciliationError, reconciliationMessages.staffOnly);
      expect(error).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('has nothing to resolve', () => {
      const error = given([]).when(resolveWith('Checked')).thenThrows(ReconciliationError);
      expect(error).toMatchObject({ code: 'NOT_FOUND' });
    });
  });

  describe('given the day already reconciled', () => {
    it('keeps the first record: a second entry for the day is refused, matching or not', () => {
      const error = given([differenceFound])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }, { cutoff: new Date('2026-11-27T23:59:59Z') }))
        .thenThrows(ReconciliationError, reconciliationMessages.alreadyRecorded('2026-11-27'));
      expect(error).toMatchObject({ code: 'CONFLICT' });
    });

    it('refuses to resolve a reconciliation that matched', () => {
      given([matched])
        .when(resolveWith('Checked'))
        .thenThrows(ReconciliationError, reconciliationMessages.matched);
    });
  });

  describe('given an open difference', () => {
    it('resolves it with the trimmed reason and who resolved it', () => {
      given([differenceFound])
        .when(resolveWith('  Payout of 10.00 sent before the cutoff, booked after  '))
        .then([
          {
            type: 'DifferenceResolved',
            data: {
              reconciliationId: '2026-11-27',
              reason: 'Payout of 10.00 sent before the cutoff, booked after',
              resolvedBy: admin.id,
              resolvedAt: '2026-11-27T18:00:00.000Z',
            },
          },
        ]);
    });

    it.each([
      ['empty', ''],
      ['only spaces', '     '],
      ['too short', 'ok'],
      ['too long', 'a'.repeat(501)],
    ])('refuses a reason %s', (_, reason) => {
      const error = given([differenceFound])
        .when(resolveWith(reason))
        .thenThrows(ReconciliationError, reconciliationMessages.invalidReason);
      expect(error).toMatchObject({ code: 'VALIDATION', field: 'reason' });
    });

    it('takes a reason of 500 characters', () => {
      const [event] = reconciliationDecider.decide(resolveWith('a'.repeat(500)), {
        status: 'difference',
        reconciliationId: '2026-11-27',
      });
      expect(event).toMatchObject({ data: { reason: 'a'.repeat(500) } });
    });

    it('refuses an auditor', () => {
      given([differenceFound])
        .when(resolveWith('Checked the wallet', auditor))
        .thenThrows(ReconciliationError, reconciliationMessages.staffOnly);
    });
  });

  describe('given a resolved difference', () => {
    const resolved: ReconciliationEvent = {
      type: 'DifferenceResolved',
      data: {
        reconciliationId: '2026-11-27',
        reason: 'Explained',
        resolvedBy: admin.id,
        resolvedAt: '2026-11-27T18:00:00.000Z',
      },
    };

    it('refuses to resolve it again', () => {
      const error = given([differenceFound, resolved])
        .when(resolveWith('Again'))
        .thenThrows(ReconciliationError, reconciliationMessages.alreadyResolved);
      expect(error).toMatchObject({ code: 'CONFLICT' });
    });

    it('still refuses a second entry for the day', () => {
      given([differenceFound, resolved])
        .when(recordHeld({ [BTC]: 340_000n, [ETH]: 120_000n }))
        .thenThrows(ReconciliationError, reconciliationMessages.alreadyRecorded('2026-11-27'));
    });
  });

  it('files a cutoff under its UTC day', () => {
    expect(reconciliationDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(reconciliationDay(new Date('2026-11-28T00:00:00.000Z'))).toBe('2026-11-28');
  });
});
