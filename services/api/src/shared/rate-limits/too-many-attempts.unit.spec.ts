import { describe, expect, it } from '@jest/globals';
import { TooManyAttempts } from './too-many-attempts.error.js';
import { tooManyAttemptsResponse } from './too-many-attempts.response.js';

describe('TooManyAttempts', () => {
  it('rounds the wait up to whole seconds', () => {
    expect(new TooManyAttempts(59_001).retryAfterSeconds).toBe(60);
    expect(new TooManyAttempts(60_000).retryAfterSeconds).toBe(60);
  });

  it('asks for at least one second', () => {
    expect(new TooManyAttempts(0).retryAfterSeconds).toBe(1);
    expect(new TooManyAttempts(-1).retryAfterSeconds).toBe(1);
    expect(new TooManyAttempts(20).retryAfterSeconds).toBe(1);
  });
});

describe('tooManyAttemptsResponse', () => {
  it('answers 429 with Retry-After in seconds and the message naming them', () => {
    expect(tooManyAttemptsResponse(new TooManyAttempts(41_500))).toEqual({
      status: 429,
      headers: { 'Retry-After': '42' },
      body: { message: 'Too many attempts, please try again in 42 seconds.' },
    });
  });
});
