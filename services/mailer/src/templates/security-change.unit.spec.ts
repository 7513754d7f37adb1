import { describe, expect, it } from '@jest/globals';
import { securityChanges } from '@ledgerstone/contracts';
import { renderMail } from './registry.js';

describe('security change mail', () => {
  const job = {
    template: 'security-change',
    to: 'ada@example.test',
    data: {
      firstName: 'Ada',
      change: 'passkey-added',
      passkeyName: 'Work laptop',
      changedAt: '2026-03-02T10:04:00.000Z',
      device: 'Chrome on macOS',
      ip: '203.0.113.7',
      securityUrl: 'https://ledgerstone.example/dashboard/security',
    },
  };

  it('names what changed, when and from where, with the way back to the security settings', () => {
    const mail = renderMail(job);

    expect(mail.subject).toBe('A passkey was added to your account');
    expect(mail.text).toContain(
      'The passkey "Work laptop" was added to your Ledgerstone account on 2 March 2026 at 10:04 UTC.',
    );
    expect(mail.text).toContain('From: Chrome on macOS, address 203.0.113.7.');
    expect(mail.text).toContain('https://ledgerstone.example/dashboard/security');
    expect(mail.html).toContain('href="https://ledgerstone.example/dashboard/security"');
  });

  it('carries the lock link in text and HTML when the job has one, and none otherwise', () => {
    const lockUrl = 'https://ledgerstone.example/lock-account?token=abc.def';
    const mail = renderMail({ ...job, data: { ...job.data, lockUrl } });

    expect(mail.text).toContain(
      `\nThis wasn't me: lock my account\n${lockUrl}\nThe link works once, for 24 hours`,
    );
    expect(mail.html).toMatch(
      /<a href="https:\/\/ledgerstone\.example\/lock-account\?token=abc\.def"[^>]*>This wasn&#39;t me: lock my account<\/a>/,
    );
    expect(renderMail(job).text).not.toContain("This wasn't me");
    expect(renderMail(job).html).not.toContain('lock my account');
  });

  it('refuses a lock link that is not a web address', () => {
    expect(() => renderMail({ ...job, data: { ...job.data, lockUrl: 'javascript:alert(1)' } })).toThrow(
      /^Invalid data for mail template "security-change": lockUrl: /,
    );
  });

  it.each(securityChanges)('renders %s', (change) => {
    const mail = renderMail({ ...job, data: { ...job.data, change, passkeyName: null } });

    expect(mail.subject.length).toBeGreaterThan(0);
    expect(mail.text).toContain('on 2 March 2026 at 10:04 UTC.');
  });

  it("names an admin's reset of every factor by the admin's role only, without a device or address", () => {
    const mail = renderMail({
      ...job,
      data: {
        ...job.data,
        change: 'second-factors-reset',
        passkeyName: null,
        device: null,
        ip: null,
        changedBy: 'admin',
      },
    });

    expect(mail.subject).toBe('Two-step verification was reset');
    expect(mail.text).toContain(
      'Two-step verification of your Ledgerstone account was reset: its authenticator app, passkeys and recovery codes were removed and every session was signed out on 2 March 2026 at 10:04 UTC.',
    );
    expect(mail.text).toContain('By: a Ledgerstone administrator.');
    expect(mail.text).not.toContain('From:');
    expect(mail.html).toContain('<p>By: a Ledgerstone administrator.</p>');
  });

  it('escapes data in the HTML part', () => {
    const mail = renderMail({ ...job, data: { ...job.data, passkeyName: '<b>key</b>', device: '<i>x</i>' } });

    expect(mail.html).toContain('&quot;&lt;b&gt;key&lt;/b&gt;&quot;');
    expect(mail.html).toContain('&lt;i&gt;x&lt;/i&gt;');
  });

  it('refuses an unknown change', () => {
    expect(() => renderMail({ ...job, data: { ...job.data, change: 'password-guessed' } })).toThrow(
      /^Invalid data for mail template "security-change": change: /,
    );
  });
});
