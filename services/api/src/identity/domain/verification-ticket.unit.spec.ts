import { describe, expect, it } from '@jest/globals';
import { issueVerificationTicket, readVerificationTicket } from './verification-ticket.js';

const secret = 'a-test-secret-of-at-least-32-characters';
const userId = '0b6a1c9e-4c1e-4f6a-9a1b-7d2e3f4a5b6c';
const now = new Date('2026-03-02T10:00:00Z');
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('verification ticket', () => {
  const ticket = issueVerificationTicket(userId, now, secret);

  it('names its user for 30 minutes', () => {
    expect(ticket.expiresAt).toEqual(minutesLater(30));
    expect(readVerificationTicket(ticket.value, minutesLater(29), secret)).toBe(userId);
  });

  it('names nobody once expired', () => {
    expect(readVerificationTicket(ticket.value, minutesLater(30), secret)).toBeUndefined();
  });

  it('names nobody when signed with another secret', () => {
    expect(readVerificationTicket(ticket.value, now, 'another-secret-of-at-least-32-chars')).toBeUndefined();
  });

  it('names nobody when the user id or the expiry was changed', () => {
    const [, expiresAt, signed] = ticket.value.split('.');
    const otherUser = `9d4f2a1b-3c5e-4d7f-8a9b-0c1d2e3f4a5b.${expiresAt}.${signed}`;
    const later = `${userId}.${Number(expiresAt) + 3_600_000}.${signed}`;

    expect(readVerificationTicket(otherUser, now, secret)).toBeUndefined();
    expect(readVerificationTicket(later, now, secret)).toBeUndefined();
  });

  it.each([undefined, 42, '', 'garbage', `${userId}.1.2.3`, `not-a-uuid.99999999999999.abc`])(
    'names nobody for %p',
    (value) => {
      expect(readVerificationTicket(value, now, secret)).toBeUndefined();
    },
  );
});
