import { describe, expect, it } from '@jest/globals';
import { InvalidMailJob, renderMail } from './registry.js';

const verification = {
  template: 'verification-code',
  to: 'ada@example.test',
  data: { firstName: 'Ada', code: '042917', minutes: 10 },
};

describe('renderMail', () => {
  it('renders the verification code in text and HTML for the recipient', () => {
    const mail = renderMail(verification);

    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toBe('Your Ledgerstone verification code');
    expect(mail.text).toContain('Your Ledgerstone verification code is 042917.');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain('>042917</p>');
  });

  it('says "1 minute" for a single minute', () => {
    const mail = renderMail({ ...verification, data: { ...verification.data, minutes: 1 } });

    expect(mail.text).toContain('valid for 1 minute and');
  });

  it('escapes data in the HTML part', () => {
    const mail = renderMail({
      ...verification,
      data: { ...verification.data, firstName: '<b>Ada</b> & "Bo"' },
    });

    expect(mail.html).toContain('Hello &lt;b&gt;Ada&lt;/b&gt; &amp; &quot;Bo&quot;,');
    expect(mail.text).toContain('Hello <b>Ada</b> & "Bo",');
  });

  it('refuses an unknown template', () => {
    expect(() => renderMail({ ...verification, template: 'newsletter' })).toThrow(
      new InvalidMailJob('Unknown mail template "newsletter"'),
    );
  });

  it('refuses a template name inherited from Object.prototype', () => {
    expect(() => renderMail({ ...verification, template: 'toString' })).toThrow(
      'Unknown mail template "toString"',
    );
  });

  it('refuses data that does not fit the template', () => {
    expect(() =>
      renderMail({ ...verification, data: { firstName: 'Ada', code: '12ab', minutes: 10 } }),
    ).toThrow(/^Invalid data for mail template "verification-code": code: /);
  });

  it('refuses a missing or malformed recipient', () => {
    expect(() => renderMail({ ...verification, to: 'not an address' })).toThrow(
      'Mail template "verification-code" needs a valid recipient address',
    );
  });

  it('refuses a job that is not a mail job at all', () => {
    expect(() => renderMail(null)).toThrow(InvalidMailJob);
  });
});
