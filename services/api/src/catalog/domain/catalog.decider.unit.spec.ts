import { describe, expect, it } from '@jest/globals';
import {
  catalogMessages,
  type CreatePaymentMethodRequest,
  type CreatePlanRequest,
} from '@ledgerstone/contracts';
import type {
  PaymentMethodCreated,
  PaymentMethodRecord,
  PlanCreated,
  PlanVersionRecord,
} from '@ledgerstone/ledger';
import { specificationFor } from '@ledgerstone/ledger/testing/decider-specification';
import { onlyDeactivates } from './catalog.js';
import { catalogDecider, type CatalogCommand } from './catalog.decider.js';
import {
  CatalogItemNotFoundError,
  type CatalogError,
  CatalogValidationError,
  PaymentMethodNameTakenError,
  PlanNameTakenError,
} from './catalog.errors.js';

const given = specificationFor(catalogDecider);

const fieldErrorsOf = (error: Error) => (error as CatalogError).fieldErrors;

const ETHEREUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const BITCOIN = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';

const basicTerms: CreatePlanRequest = {
  kind: 'crypto',
  name: 'BASIC',
  percentage: '50',
  termDays: 30,
  minAmount: 100_000n,
  maxAmount: 1_000_000n,
  active: true,
};

const ether: CreatePaymentMethodRequest = {
  name: 'ETHEREUM',
  network: 'ethereum',
  address: ETHEREUM,
  active: true,
  displayOrder: 0,
};

const planRecord = (overrides: Partial<PlanVersionRecord> = {}): PlanVersionRecord => ({
  planId: 'plan-1',
  version: 1,
  kind: 'crypto',
  name: 'BASIC',
  percentage: '50',
  termDays: 30,
  minAmount: '100000',
  maxAmount: '1000000',
  active: true,
  ...overrides,
});

const methodRecord = (overrides: Partial<PaymentMethodRecord> = {}): PaymentMethodRecord => ({
  paymentMethodId: 'method-1',
  name: 'ETHEREUM',
  network: 'ethereum',
  address: ETHEREUM,
  active: true,
  displayOrder: 0,
  ...overrides,
});

const event = {
  planCreated: (overrides: Partial<PlanVersionRecord> = {}): PlanCreated => ({
    type: 'PlanCreated',
    data: planRecord(overrides),
  }),
  paymentMethodCreated: (overrides: Partial<PaymentMethodRecord> = {}): PaymentMethodCreated => ({
    type: 'PaymentMethodCreated',
    data: methodRecord(overrides),
  }),
};

const command = {
  createPlan: (plan: Partial<CreatePlanRequest> = {}, planId = 'plan-1'): CatalogCommand => ({
    type: 'CreatePlan',
    data: { planId, plan: { ...basicTerms, ...plan } },
  }),
  changePlan: (change: Record<string, unknown>, planId = 'plan-1'): CatalogCommand => ({
    type: 'ChangePlan',
    data: { planId, change },
  }),
  deactivatePlan: (planId = 'plan-1'): CatalogCommand => ({ type: 'DeactivatePlan', data: { planId } }),
  createPaymentMethod: (
    method: Partial<CreatePaymentMethodRequest> = {},
    paymentMethodId = 'method-1',
  ): CatalogCommand => ({
    type: 'CreatePaymentMethod',
    data: { paymentMethodId, method: { ...ether, ...method } },
  }),
  changePaymentMethod: (change: Record<string, unknown>, paymentMethodId = 'method-1'): CatalogCommand => ({
    type: 'ChangePaymentMethod',
    data: { paymentMethodId, change },
  }),
  deactivatePaymentMethod: (paymentMethodId = 'method-1'): CatalogCommand => ({
    type: 'DeactivatePaymentMethod',
    data: { paymentMethodId },
  }),
};

describe('Catalog decider', () => {
  describe('When the catalog is empty', () => {
    it('creates a plan as version 1 with the id on the command', () => {
      given([]).when(command.createPlan()).then([event.planCreated()]);
    });

    it('refuses a plan whose minimum is above its maximum, naming the maximum', () => {
      const error = given([])
        .when(command.createPlan({ minAmount: 200n, maxAmount: 100n }))
        .thenThrows(CatalogValidationError);
      expect(error).toMatchObject({
        code: 'VALIDATION',
        fieldErrors: { maxAmount: [catalogMessages.minAboveMax] },
      });
    });

    it('creates a payment method with its address in canonical form', () => {
      given([])
        .when(command.createPaymentMethod({ address: ETHEREUM.toLowerCase() }))
        .then([event.paymentMethodCreated()]);
    });

    it('puts a method without a display order first', () => {
      given([])
        .when(command.createPaymentMethod({ displayOrder: undefined }))
        .then([event.paymentMethodCreated({ displayOrder: 0 })]);
    });

    it('refuses an address of another network, naming the address', () => {
      const error = given([])
        .when(command.createPaymentMethod({ address: BITCOIN }))
        .thenThrows(CatalogValidationError, 'Please correct the highlighted fields');
      expect(error).toMatchObject({ fieldErrors: { address: ['Enter a valid Ethereum address'] } });
    });

    it('refuses to change, or deactivate, what does not exist', () => {
      given([])
        .when(command.changePlan({ active: false }))
        .thenThrows(CatalogItemNotFoundError, 'Plan not found');
      given([]).when(command.deactivatePlan()).thenThrows(CatalogItemNotFoundError, 'Plan not found');
      given([])
        .when(command.changePaymentMethod({ name: 'ETHER' }))
        .thenThrows(CatalogItemNotFoundError, 'Payment method not found');
      const error = given([])
        .when(command.deactivatePaymentMethod())
        .thenThrows(CatalogItemNotFoundError, 'Payment method not found');
      expect(error).toMatchObject({ code: 'NOT_FOUND', item: 'payment method' });
    });

    it('seeds every plan and method, in order, the methods after the plans', () => {
      given([])
        .when({
          type: 'SeedCatalog',
          data: {
            plans: [
              { planId: 'plan-1', plan: basicTerms },
              { planId: 'plan-2', plan: { ...basicTerms, name: 'RENTAL', kind: 'real_estate' } },
            ],
            paymentMethods: [
              { paymentMethodId: 'method-1', method: { ...ether, displayOrder: undefined } },
              {
                paymentMethodId: 'method-2',
                method: { name: 'BITCOIN', network: 'bitcoin', address: BITCOIN, active: true },
              },
            ],
          },
        })
        .then([
          event.planCreated(),
          event.planCreated({ planId: 'plan-2', name: 'RENTAL', kind: 'real_estate' }),
          event.paymentMethodCreated({ displayOrder: 0 }),
          event.paymentMethodCreated({
            paymentMethodId: 'method-2',
            name: 'BITCOIN',
            network: 'bitcoin',
            address: BITCOIN,
            displayOrder: 1,
          }),
        ]);
    });

    it('refuses a seed that names a plan twice', () => {
      given([])
        .when({
          type: 'SeedCatalog',
          data: {
            plans: [
              { planId: 'plan-1', plan: basicTerms },
              { planId: 'plan-2', plan: { ...basicTerms, name: 'basic' } },
            ],
            paymentMethods: [],
          },
        })
        .thenThrows(PlanNameTakenError, 'A crypto plan named basic already exists');
    });
  });

  describe('When the catalog has a plan', () => {
    const withPlan = [event.planCreated()];

    it('makes a new version when the terms change', () => {
      given(withPlan)
        .when(command.changePlan({ percentage: '60', maxAmount: 2_000_000n }))
        .then([
          { type: 'PlanChanged', data: planRecord({ version: 2, percentage: '60', maxAmount: '2000000' }) },
        ]);
    });

    it('changes the active flag without a new version', () => {
      given(withPlan)
        .when(command.changePlan({ active: false }))
        .then([{ type: 'PlanChanged', data: planRecord({ active: false }) }]);
    });

    it('records nothing when nothing changes', () => {
      given(withPlan)
        .when(command.changePlan({ name: 'BASIC', active: true, termDays: 30 }))
        .thenNothing();
    });

    it('refuses a minimum above the kept maximum, naming the minimum', () => {
      const error = given(withPlan)
        .when(command.changePlan({ minAmount: 2_000_000n }))
        .thenThrows(CatalogValidationError);
      expect(fieldErrorsOf(error)).toEqual({ minAmount: [catalogMessages.minAboveMax] });
    });

    it('refuses a maximum below the minimum, naming the maximum', () => {
      const error = given(withPlan)
        .when(command.changePlan({ minAmount: 50_000n, maxAmount: 10_000n }))
        .thenThrows(CatalogValidationError);
      expect(fieldErrorsOf(error)).toEqual({ maxAmount: [catalogMessages.minAboveMax] });
    });

    it('refuses a second plan of the kind by the same name, in any letter case', () => {
      const error = given(withPlan)
        .when(command.createPlan({ name: 'basic' }, 'plan-2'))
        .thenThrows(PlanNameTakenError, 'A crypto plan named basic already exists');
      expect(error).toMatchObject({
        code: 'CONFLICT',
        fieldErrors: { name: ['A crypto plan named basic already exists'] },
      });
    });

    it('takes the same name for a plan of the other kind', () => {
      given(withPlan)
        .when(command.createPlan({ kind: 'real_estate' }, 'plan-2'))
        .then([event.planCreated({ planId: 'plan-2', kind: 'real_estate' })]);
    });

    it("lets a plan change its own name's letter case", () => {
      given(withPlan)
        .when(command.changePlan({ name: 'Basic' }))
        .then([{ type: 'PlanChanged', data: planRecord({ version: 2, name: 'Basic' }) }]);
    });

    it("refuses a rename to another plan's name", () => {
      given([...withPlan, event.planCreated({ planId: 'plan-2', name: 'GOLD' })])
        .when(command.changePlan({ name: 'gold' }))
        .thenThrows(PlanNameTakenError, 'A crypto plan named gold already exists');
    });

    it('deactivates it, keeping its version', () => {
      given(withPlan)
        .when(command.deactivatePlan())
        .then([{ type: 'PlanDeactivated', data: { planId: 'plan-1', version: 1 } }]);
    });

    it('seeds nothing: the catalog is not empty', () => {
      given(withPlan)
        .when({
          type: 'SeedCatalog',
          data: { plans: [{ planId: 'plan-2', plan: { ...basicTerms, name: 'GOLD' } }], paymentMethods: [] },
        })
        .thenNothing();
    });
  });

  describe('When a plan is inactive', () => {
    const inactive = [
      event.planCreated(),
      { type: 'PlanDeactivated' as const, data: { planId: 'plan-1', version: 1 } },
    ];

    it('deactivates it again without an event', () => {
      given(inactive).when(command.deactivatePlan()).thenNothing();
    });

    it('activates it again', () => {
      given(inactive)
        .when(command.changePlan({ active: true }))
        .then([{ type: 'PlanChanged', data: planRecord({ active: true }) }]);
    });
  });

  describe('When the catalog has a payment method', () => {
    const withMethod = [event.paymentMethodCreated({ displayOrder: 4 })];

    it('puts a new method without a display order after the last', () => {
      given(withMethod)
        .when(command.createPaymentMethod({ name: 'USDT', displayOrder: undefined }, 'method-2'))
        .then([event.paymentMethodCreated({ paymentMethodId: 'method-2', name: 'USDT', displayOrder: 5 })]);
    });

    it('refuses a second method by the same name, in any letter case', () => {
      const error = given(withMethod)
        .when(command.createPaymentMethod({ name: 'Ethereum' }, 'method-2'))
        .thenThrows(PaymentMethodNameTakenError, 'A payment method named Ethereum already exists');
      expect(fieldErrorsOf(error)).toEqual({ name: ['A payment method named Ethereum already exists'] });
    });

    it('checks a new network against the stored address', () => {
      const error = given(withMethod)
        .when(command.changePaymentMethod({ network: 'solana' }))
        .thenThrows(CatalogValidationError);
      expect(fieldErrorsOf(error)).toEqual({ address: ['Enter a valid Solana address'] });
    });

    it('moves it to another network and address', () => {
      given(withMethod)
        .when(command.changePaymentMethod({ network: 'bitcoin', address: BITCOIN }))
        .then([
          {
            type: 'PaymentMethodChanged',
            data: methodRecord({ network: 'bitcoin', address: BITCOIN, displayOrder: 4 }),
          },
        ]);
    });

    it('records nothing when the change is the stored method, its address in any form', () => {
      given(withMethod)
        .when(command.changePaymentMethod({ name: 'ETHEREUM', address: ETHEREUM.toLowerCase() }))
        .thenNothing();
    });

    it("refuses a rename to another method's name", () => {
      given([...withMethod, event.paymentMethodCreated({ paymentMethodId: 'method-2', name: 'USDT' })])
        .when(command.changePaymentMethod({ name: 'usdt' }))
        .thenThrows(PaymentMethodNameTakenError, 'A payment method named usdt already exists');
    });

    it('deactivates it once', () => {
      given(withMethod)
        .when(command.deactivatePaymentMethod())
        .then([{ type: 'PaymentMethodDeactivated', data: { paymentMethodId: 'method-1' } }]);
      given([...withMethod, { type: 'PaymentMethodDeactivated', data: { paymentMethodId: 'method-1' } }])
        .when(command.deactivatePaymentMethod())
        .thenNothing();
    });
  });
});

describe('A change that only stops offering an item', () => {
  it.each([
    ['active false alone', { active: false }, true],
    ['active false with the other fields unset', { active: false, percentage: undefined }, true],
    ['active false with new terms', { active: false, percentage: '12' }, false],
    ['active true', { active: true }, false],
    ['new terms alone', { percentage: '12' }, false],
  ])('%s (%j): a deactivation is %p', (_case, change, deactivation) => {
    expect(onlyDeactivates(change)).toBe(deactivation);
  });
});
