import { describe, expect, it } from '@jest/globals';
import { renderMail } from './registry.js';

describe('signup attempted mail', () => {
  const job = {
    template: 'signup-attempted',
    to: 'ada@example.test',
    data: {
      firstName: 'Ada',
      loginUrl: 'https://ledgerstone.example/login',
      forgotPasswordUrl: 'https://ledgerstone.example/forgot-password',
    },
  };

  it('tells the owner of the address, with where to log in or reset the password', () => {
    const mail = renderMail(job);

    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toBe('Someone tried to open a Ledgerstone account with your e-mail');
    expect(mail.text).toContain('Hello Ada,');
    expect(mail.text).toContain('which already has an account');
    expect(mail.text).toContain('log in at https://ledgerstone.example/login');
    expect(mail.text).toContain('https://ledgerstone.example/forgot-password');
    expect(mail.html).toContain('href="https://ledgerstone.example/login"');
    expect(mail.html).toContain('href="https://ledgerstone.example/forgot-password"');
  });

  it('escapes data in the HTML part', () => {
    const mail = renderMail({ ...job, data: { ...job.data, firstName: '<i>Ada</i>' } });

    expect(mail.html).toContain('Hello &lt;i&gt;Ada&lt;/i&gt;,');
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => renderMail({ ...job, data: { ...job.data, loginUrl: 'javascript:alert(1)' } })).toThrow(
      /^Invalid data for mail template "signup-attempted": loginUrl: /,
    );
  });
});
