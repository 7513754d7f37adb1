import { describe, expect, it } from '@jest/globals';
import { renderMail } from './registry.js';

describe('password reset mail', () => {
  const job = {
    template: 'password-reset',
    to: 'ada@example.test',
    data: {
      firstName: 'Ada',
      resetUrl: 'https://ledgerstone.example/reset-password/Zm9vYmFy-_x',
      minutes: 30,
    },
  };

  it('carries the link and its validity in text and HTML', () => {
    const mail = renderMail(job);

    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toBe('Reset your Ledgerstone password');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('\nhttps://ledgerstone.example/reset-password/Zm9vYmFy-_x\n');
    expect(mail.text).toContain('valid for 30 minutes and can be used once');
    expect(mail.html).toContain('href="https://ledgerstone.example/reset-password/Zm9vYmFy-_x"');
  });

  it('escapes data in the HTML part', () => {
    const mail = renderMail({ ...job, data: { ...job.data, firstName: '<i>Ada</i>' } });

    expect(mail.html).toContain('Hello &lt;i&gt;Ada&lt;/i&gt;,');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => renderMail({ ...job, data: { ...job.data, resetUrl: 'javascript:alert(1)' } })).toThrow(
      /^Invalid data for mail template "password-reset": resetUrl: /,
    );
  });
});

describe('password changed mail', () => {
  const job = {
    template: 'password-changed',
    to: 'ada@example.test',
    data: {
      firstName: 'Ada',
      changedAt: '2026-03-02T10:04:00.000Z',
      forgotPasswordUrl: 'https://ledgerstone.example/forgot-password',
    },
  };

  it('says when, and where to go if it was not the member', () => {
    const mail = renderMail(job);

    expect(mail.subject).toBe('Your Ledgerstone password was changed');
    expect(mail.text).toContain('was changed on 2 March 2026 at 10:04 UTC.');
    expect(mail.text).toContain('https://ledgerstone.example/forgot-password');
    expect(mail.html).toContain('href="https://ledgerstone.example/forgot-password"');
  });

  it('refuses a time that is not an ISO timestamp', () => {
    expect(() => renderMail({ ...job, data: { ...job.data, changedAt: 'yesterday' } })).toThrow(
      /^Invalid data for mail template "password-changed": changedAt: /,
    );
  });

  it("carries the member's lock link when it has one, and none otherwise", () => {
    const lockUrl = 'https://ledgerstone.example/lock-account?token=abc.def';
    const mail = renderMail({ ...job, data: { ...job.data, lockUrl } });

    expect(mail.text).toContain(`This wasn't me: lock my account\n${lockUrl}`);
    expect(mail.html).toContain('href="https://ledgerstone.example/lock-account?token=abc.def"');
    expect(renderMail(job).text).not.toContain('lock my account');
  });
});
