import { describe, expect, it } from '@jest/globals';
import {
  catalogMessages,
  createPaymentMethodRequest,
  createPlanRequest,
  updatePaymentMethodRequest,
  updatePlanRequest,
} from './catalog.js';

const plan = {
  name: ' GOLD ',
  kind: 'crypto',
  percentage: '400',
  termDays: 90,
  minAmount: '50000',
  maxAmount: '99999.99',
};

function fieldErrors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
}

describe('createPlanRequest', () => {
  it('parses amounts to cents, trims the name and is active unless told', () => {
    expect(createPlanRequest.parse(plan)).toEqual({
      ...plan,
      name: 'GOLD',
      minAmount: 5_000_000n,
      maxAmount: 9_999_999n,
      active: true,
    });
  });

  it.each([
    ['50', '50'],
    ['050', '50'],
    ['12.50', '12.5'],
    ['0.25', '0.25'],
    ['300.00', '300'],
  ])('writes the percentage %s as %s', (given, written) => {
    expect(createPlanRequest.parse({ ...plan, percentage: given }).percentage).toBe(written);
  });

  it.each(['0', '0.00', '-5', '1e3', 'abc', '12.345', '100000', ''])(
    'refuses the percentage "%s"',
    (percentage) => {
      expect(fieldErrors(createPlanRequest.safeParse({ ...plan, percentage }))).toEqual([
        ['percentage', catalogMessages.invalidPercentage],
      ]);
    },
  );

  it.each(['-5', '0', '1e9', 'abc', '10.001', '1000000000000.01'])('refuses the amount "%s"', (minAmount) => {
    expect(fieldErrors(createPlanRequest.safeParse({ ...plan, minAmount }))).toEqual([
      ['minAmount', catalogMessages.invalidAmount],
    ]);
  });

  it('refuses a minimum above the maximum on the maximum', () => {
    expect(fieldErrors(createPlanRequest.safeParse({ ...plan, minAmount: '100000' }))).toEqual([
      ['maxAmount', catalogMessages.minAboveMax],
    ]);
  });
});

describe('updatePlanRequest', () => {
  it('takes any of the fields, but at least one', () => {
    expect(updatePlanRequest.parse({ active: false })).toEqual({ active: false });
    expect(fieldErrors(updatePlanRequest.safeParse({}))).toEqual([['', catalogMessages.nothingToChange]]);
  });

  it('compares the bounds when both are sent', () => {
    expect(fieldErrors(updatePlanRequest.safeParse({ minAmount: '10', maxAmount: '9' }))).toEqual([
      ['maxAmount', catalogMessages.minAboveMax],
    ]);
  });

  it('does not change the kind', () => {
    expect(updatePlanRequest.parse({ kind: 'real_estate', termDays: 10 })).toEqual({ termDays: 10 });
  });
});

describe('payment method requests', () => {
  it('checks the address against the network', () => {
    const method = { name: 'BITCOIN', network: 'bitcoin', address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' };
    expect(createPaymentMethodRequest.parse(method)).toEqual({ ...method, active: true });
    expect(fieldErrors(createPaymentMethodRequest.safeParse({ ...method, network: 'solana' }))).toEqual([
      ['address', 'Enter a valid Solana address'],
    ]);
    expect(
      fieldErrors(updatePaymentMethodRequest.safeParse({ network: 'xrp', address: method.address })),
    ).toEqual([['address', 'Enter a valid XRP address']]);
  });

  it('leaves an address sent alone to be checked against the stored network', () => {
    expect(updatePaymentMethodRequest.parse({ address: 'anything' })).toEqual({ address: 'anything' });
  });
});
