import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { readLockLink } from '@ledgerstone/process-kit';
import { EventLog, memberEvents } from '@ledgerstone/read-models/testing';
import { accountMail, type LockLinks } from './account-mail.js';

const links: LockLinks = {
  publicUrl: 'https://ledgerstone.example/',
  accountLinkKey: 'a-test-account-link-key-of-32-characters',
};
const to = { email: 'ada@example.test', firstName: 'Ada' };

function tokenOf(lockUrl: string): string {
  const url = new URL(lockUrl);
  expect(`${url.origin}${url.pathname}`).toBe('https://ledgerstone.example/lock-account');
  return url.searchParams.get('token') ?? '';
}

describe('account mails of the notifier', () => {
  const log = new EventLog();
  const member = memberEvents(log);

  it('gives a withdrawal request a lock link for this event, signed with the shared key, for 24 hours', () => {
    const requested = member.withdrawalRequested(randomUUID(), '1000');

    const mail = accountMail(requested, to, links);

    expect(mail).toEqual({
      template: 'withdrawal-requested',
      to: 'ada@example.test',
      data: { firstName: 'Ada', amount: '10.00', lockUrl: expect.any(String) },
    });
    const lockUrl = mail?.template === 'withdrawal-requested' ? (mail.data.lockUrl ?? '') : '';
    expect(readLockLink(links.accountLinkKey, tokenOf(lockUrl))).toEqual({
      userId: member.userId,
      linkId: requested.id,
      expiresAt: new Date(requested.recordedAt.getTime() + 24 * 3_600_000),
    });
    expect(readLockLink('another-key-of-at-least-32-characters', tokenOf(lockUrl))).toBeNull();
  });

  it('signs the same link when the event is delivered again, and another for another event', () => {
    const requested = member.withdrawalRequested(randomUUID(), '1000');
    const other = member.withdrawalRequested(randomUUID(), '1000');

    const first = accountMail(requested, to, links);
    const again = accountMail({ ...requested }, to, links);

    expect(again).toEqual(first);
    expect(accountMail(other, to, links)?.data).not.toEqual(first?.data);
  });

  it('puts no lock link on the other account mails', () => {
    const withdrawalId = randomUUID();
    const mails = [
      member.depositRequested(randomUUID(), '500'),
      member.withdrawalPaid(withdrawalId, '1000'),
      member.withdrawalRejected(withdrawalId, '1000'),
      member.adjusted('available', '100'),
    ].map((event) => accountMail(event, to, links));

    expect(mails.map((mail) => mail?.template)).toEqual([
      'deposit-received',
      'withdrawal-paid',
      'withdrawal-rejected',
      'balance-adjusted',
    ]);
    for (const mail of mails) expect(mail?.data).not.toHaveProperty('lockUrl');
  });
});
