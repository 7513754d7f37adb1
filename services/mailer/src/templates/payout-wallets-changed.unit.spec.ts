import { describe, expect, it } from '@jest/globals';
import { renderMail } from './registry.js';

describe('payout wallets changed mail', () => {
  const job = {
    template: 'payout-wallets-changed',
    to: 'ada@example.test',
    data: {
      firstName: 'Ada',
      changedAt: '2026-03-02T10:04:00.000Z',
      changes: [
        { wallet: 'bitcoin', address: 'bc1qar…5mdq' },
        { wallet: 'usdt', address: '0x5290…9eE7' },
        { wallet: 'solana', address: null },
      ],
      walletsUrl: 'https://ledgerstone.example/dashboard/update-wallet',
    },
  };

  it('lists the wallets that changed, by masked address, in text and HTML', () => {
    const mail = renderMail(job);

    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toBe('Your Ledgerstone payout wallets were changed');
    expect(mail.text).toContain('were changed on 2 March 2026 at 10:04 UTC:');
    expect(mail.text).toContain(
      '\n- Bitcoin: now bc1qar…5mdq\n- USDT (ERC-20): now 0x5290…9eE7\n- Solana: removed\n',
    );
    expect(mail.text).toContain('https://ledgerstone.example/dashboard/update-wallet');
    expect(mail.html).toContain('<li>Bitcoin: now bc1qar…5mdq</li>');
    expect(mail.html).toContain('<li>Solana: removed</li>');
    expect(mail.html).toContain('href="https://ledgerstone.example/dashboard/update-wallet"');
    expect(mail.text).not.toContain('Ethereum:');
  });

  it('says from when the new addresses can be used and carries the lock link, in text and HTML', () => {
    const lockUrl = 'https://ledgerstone.example/lock-account?token=abc.def';
    const mail = renderMail({
      ...job,
      data: { ...job.data, usableFrom: '2026-03-04T10:04:00.000Z', lockUrl },
    });

    expect(mail.text).toContain('The new addresses can receive withdrawals from 4 March 2026 at 10:04 UTC.');
    expect(mail.text).toContain(`\nThis wasn't me: lock my account\n${lockUrl}\n`);
    expect(mail.html).toContain(
      '<p>The new addresses can receive withdrawals from 4 March 2026 at 10:04 UTC.</p>',
    );
    expect(mail.html).toMatch(
      /<a href="https:\/\/ledgerstone\.example\/lock-account\?token=abc\.def"[^>]*>This wasn&#39;t me: lock my account<\/a>/,
    );
  });

  it('leaves both out when the change only removed addresses, or the job predates them', () => {
    const mail = renderMail({ ...job, data: { ...job.data, usableFrom: null } });

    expect(mail.text).not.toContain('can receive withdrawals from');
    expect(mail.text).not.toContain("This wasn't me");
    expect(mail.html).not.toContain('lock my account');
  });

  it('escapes data in the HTML part', () => {
    const mail = renderMail({ ...job, data: { ...job.data, firstName: '<i>Ada</i>' } });

    expect(mail.html).toContain('Hello &lt;i&gt;Ada&lt;/i&gt;,');
  });

  it('refuses a full address, an unknown wallet and an empty list', () => {
    expect(() =>
      renderMail({
        ...job,
        data: {
          ...job.data,
          changes: [{ wallet: 'bitcoin', address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq' }],
        },
      }),
    ).toThrow(
      /^Invalid data for mail template "payout-wallets-changed": changes\.0\.address: must be masked/,
    );
    expect(() =>
      renderMail({ ...job, data: { ...job.data, changes: [{ wallet: 'dogecoin', address: null }] } }),
    ).toThrow(/^Invalid data for mail template "payout-wallets-changed": changes\.0\.wallet: /);
    expect(() => renderMail({ ...job, data: { ...job.data, changes: [] } })).toThrow(
      /^Invalid data for mail template "payout-wallets-changed": changes: /,
    );
  });
});
