import { describe, expect, it } from '@jest/globals';
import { MAIL_BACKOFF, mailJobOptions } from '@ledgerstone/contracts';
import { mailBackoff } from './mail-worker.js';

describe('mail backoff', () => {
  it('waits the base delay after the first failure and doubles it after each further one', () => {
    const delay = mailBackoff(5_000);

    expect([1, 2, 3, 4].map((attempts) => delay(attempts))).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it('is the schedule every mail job names', () => {
    expect(mailJobOptions.backoff).toEqual({ type: MAIL_BACKOFF });
  });
});
