import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { accountMessages } from './account-messages.js';
import { adjustBalancesRequest, changedFigures } from './accounts.js';

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
