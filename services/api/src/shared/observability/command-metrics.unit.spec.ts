import { describe, expect, it } from '@jest/globals';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { StreamVersionConflict } from '@ledgerstone/eventstore';
import { IllegalStateError, NotFoundError } from '@ledgerstone/ledger';
import { z } from 'zod';
import { commandOutcome } from './command-metrics.js';

describe('commandOutcome', () => {
  it.each([
    [
      'a stream version conflict that outlasted the retries',
      'conflict',
      new StreamVersionConflict('account-1', 3, 4),
    ],
    ['a form edited on a stale version (409)', 'conflict', new ConflictException('The account changed')],
    ["the decider's illegal state (409)", 'conflict', new IllegalStateError('Deposit already confirmed')],
    ['invalid input (400)', 'rejected', z.string().safeParse(1).error],
    ['an unknown account (404)', 'rejected', new NotFoundError('deposit', 'd-1')],
    ['a refused route (404)', 'rejected', new NotFoundException()],
    ['Redis away (503)', 'error', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })],
    ['a bug', 'error', new TypeError('undefined is not a function')],
  ])('given %s, the outcome is %s', (_, outcome, error) => {
    expect(commandOutcome(error)).toBe(outcome);
  });
});
