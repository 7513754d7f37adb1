import { tooManyAttemptsMessage } from '@ledgerstone/contracts';
import type { TooManyAttempts } from './too-many-attempts.error.js';

export interface TooManyAttemptsResponse {
  status: 429;
  headers: { 'Retry-After': string };
  body: { message: string };
}

/** The HTTP answer to a refused attempt, for the global exception filter. */
export function tooManyAttemptsResponse(error: TooManyAttempts): TooManyAttemptsResponse {
  const seconds = error.retryAfterSeconds;
  return {
    status: 429,
    headers: { 'Retry-After': String(seconds) },
    body: { message: tooManyAttemptsMessage(seconds) },
  };
}
