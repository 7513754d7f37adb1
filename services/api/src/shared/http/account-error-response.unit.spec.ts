import { describe, expect, it } from '@jest/globals';
import {
  IllegalStateError,
  InsufficientBalanceError,
  NotFoundError,
  OverLargestAmountError,
  ValidationError,
} from '@ledgerstone/ledger';
import { errorResponse } from './error-response.js';

describe('errorResponse for the account decider', () => {
  it('answers a validation error with 400 and the field', () => {
    expect(errorResponse(new ValidationError('amount', 'Please enter a valid amount.'))).toEqual({
      status: 400,
      body: {
        message: 'Please enter a valid amount.',
        fieldErrors: { amount: ['Please enter a valid amount.'] },
      },
    });
  });

  it('answers an insufficient balance with 400 on the amount, whichever bucket it names', () => {
    expect(errorResponse(new InsufficientBalanceError('profitUnlocked'))).toEqual({
      status: 400,
      body: { message: 'Insufficient balance', fieldErrors: { amount: ['Insufficient balance'] } },
    });
  });

  it('answers an illegal transition with 409 and a missing deposit with 404', () => {
    expect(
      errorResponse(new IllegalStateError('This deposit was rejected and cannot be confirmed.')),
    ).toEqual({
      status: 409,
      body: { message: 'This deposit was rejected and cannot be confirmed.' },
    });
    expect(errorResponse(new NotFoundError('deposit', 'd-1'))?.status).toBe(404);
  });

  it('answers a figure taken above the largest amount with 409, on the figure', () => {
    const message = 'This would take the invested total to $1,000,000,000,000.01, above the largest amount.';
    expect(errorResponse(new OverLargestAmountError('invested', message))).toEqual({
      status: 409,
      body: { message, fieldErrors: { invested: [message] } },
    });
  });
});
