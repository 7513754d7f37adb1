import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { accountMessages } from './account-messages.js';
import { adjustBalancesRequest, changedFigures, depositRequest, payWithdrawalRequest } from './accounts.js';

const shown = { available: '1500.00', invested: '5000.00', profit: '250.00' };

describe('changedFigures: what the admin form sends for its figures', () => {
  it('sends nothing for figures left as shown, however they are written', () => {
    expect(changedFigures(shown, shown)).toEqual({});
    expect(changedFigures(shown, { available: '1500', invested: ' 5000.0 ', profit: '250.00' })).toEqual({});
  });

  it('sends each changed figure with the one shown, and nothing else', () => {
    expect(changedFigures(shown, { ...shown, profit: '300' })).toEqual({
      profit: { shown: '250.00', target: '300' },
    });
    expect(changedFigures(shown, { ...shown, available: '0', invested: '5000.01' })).toEqual({
      available: { shown: '1500.00', target: '0' },
      invested: { shown: '5000.00', target: '5000.01' },
    });
  });

  it('counts a figure that is not an amount as changed, so the request refuses it', () => {
    expect(changedFigures(shown, { ...shown, invested: '5,000.00' })).toEqual({
      invested: { shown: '5000.00', target: '5,000.00' },
    });
  });
});

describe('adjustBalancesRequest', () => {
  it('takes any subset of the figures, each as { shown, target }', () => {
    expect(
      adjustBalancesRequest.parse({
        profit: { shown: '250.00', target: ' 300 ' },
        reason: ' Missed interest ',
        version: 3,
      }),
    ).toEqual({ profit: { shown: '250.00', target: '300' }, reason: 'Missed interest', version: 3 });
    expect(adjustBalancesRequest.parse({ reason: 'Nothing', version: 0 })).toEqual({
      reason: 'Nothing',
      version: 0,
    });
  });

  it("refuses a bare target figure (the old form's body) and a bad amount, on the figure's field", () => {
    const bare = adjustBalancesRequest.safeParse({ available: '10.00', reason: 'Top up', version: 1 });
    expect(bare.success).toBe(false);
    expect(z.flattenError(bare.error!).fieldErrors).toEqual({
      available: ['Send the figure as { shown, target }'],
    });

    const negative = adjustBalancesRequest.safeParse({
      available: { shown: '10.00', target: '-1' },
      reason: 'Top up',
      version: 1,
    });
    expect(z.flattenError(negative.error!).fieldErrors).toEqual({
      available: [accountMessages.invalidAmount],
    });
  });
});

describe("a chain reference: the member's transaction hash and the admin's payout reference", () => {
  const deposit = {
    plan: '7d1f6a0e-3b7c-4d5e-9f10-2a3b4c5d6e7f',
    amount: '1500.00',
    payment_method: '0c9e8d7f-6a5b-4c3d-8e2f-1a0b9c8d7e6f',
  };
  const hashOf = (transaction_hash: string) => depositRequest.safeParse({ ...deposit, transaction_hash });
  const errorsOn = (field: string, result: { error?: z.ZodError }) =>
    result.error?.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message);
  const hashError = (transaction_hash: string) => errorsOn('transaction_hash', hashOf(transaction_hash));

  it('keeps what explorers show: hex, base58, a link to the transaction', () => {
    for (const hash of [
      '0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
      '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi',
      'https://etherscan.io/tx/0x5c504ed432cb51138bcf09aa5e8a410dd4a1e204ef84bfed1be16dfba1b22060',
    ])
      expect(hashOf(` ${hash} `).data?.transaction_hash).toBe(hash);
    expect(hashOf('').data?.transaction_hash).toBeNull();
  });

  it.each([
    ['a zero-width space', '0xabc\u200bdef'],
    ['a right-to-left mark', '0xabc\u200fdef'],
    ['a Cyrillic letter that looks Latin', '0x\u0430bc'],
    ['a space inside', '0xabc def'],
    ['an emoji', '0xabc\u{1F600}'],
  ])('refuses %s, naming the field', (_, hash) => {
    expect(hashError(hash)).toEqual([
      'Transaction hash may hold only letters, digits and punctuation, without spaces',
    ]);
  });

  it('holds the payout reference to the same', () => {
    expect(payWithdrawalRequest.safeParse({ payoutReference: '0xdef' }).data).toEqual({
      payoutReference: '0xdef',
    });
    expect(
      errorsOn('payoutReference', payWithdrawalRequest.safeParse({ payoutReference: '0xd\u200bef' })),
    ).toEqual(['Payout reference may hold only letters, digits and punctuation, without spaces']);
  });
});

describe('the pending withdrawals refusal', () => {
  it('names how many are awaiting review, in the right number', () => {
    expect(accountMessages.tooManyPendingWithdrawals(10)).toBe(
      'You have 10 withdrawals awaiting review: you can ask for another once one of them is paid or rejected.',
    );
    expect(accountMessages.tooManyPendingWithdrawals(1)).toBe(
      'You have 1 withdrawal awaiting review: you can ask for another once one of them is paid or rejected.',
    );
  });
});

describe('the address book refusal', () => {
  it('names the cooling period only when there is one, in the right number', () => {
    expect(accountMessages.addressNotInBook(48)).toBe(
      'Add this address in Withdrawal Gateway first; a new address can be used 48 hours after it is added.',
    );
    expect(accountMessages.addressNotInBook(1)).toBe(
      'Add this address in Withdrawal Gateway first; a new address can be used 1 hour after it is added.',
    );
    expect(accountMessages.addressNotInBook(0)).toBe('Add this address in Withdrawal Gateway first.');
  });
});
