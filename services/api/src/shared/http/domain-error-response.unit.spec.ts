import { describe, expect, it } from '@jest/globals';
import { CORRECT_THE_FIELDS, DomainError, type DomainErrorCode } from '../errors/domain-error.js';
import { errorResponse } from './error-response.js';

class Refusal extends DomainError {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    fieldErrors?: Record<string, string[]>,
  ) {
    super(message, fieldErrors);
  }
}

describe('errorResponse for a context refusal', () => {
  it.each([
    ['VALIDATION', 400],
    ['UNAUTHENTICATED', 401],
    ['FORBIDDEN', 403],
    ['NOT_FOUND', 404],
    ['CONFLICT', 409],
    ['IDEMPOTENCY_KEY_REUSED', 422],
    ['UNPROCESSABLE', 422],
    ['UNAVAILABLE', 503],
  ] as const)('answers %s with %i and the message as it is', (code, status) => {
    expect(errorResponse(new Refusal(code, 'Plan not found'))).toEqual({
      status,
      body: { message: 'Plan not found' },
    });
  });

  it('names the fields at fault under their own messages', () => {
    expect(
      errorResponse(
        new Refusal('VALIDATION', CORRECT_THE_FIELDS, { address: ['Enter a valid Solana address'] }),
      ),
    ).toEqual({
      status: 400,
      body: { message: CORRECT_THE_FIELDS, fieldErrors: { address: ['Enter a valid Solana address'] } },
    });
  });
});
