import { describe, expect, it } from '@jest/globals';
import { renderMail } from './registry.js';

function mail(template: string, data: Record<string, unknown>) {
  return renderMail({ template, to: 'ada@example.test', data: { firstName: 'Ada', ...data } });
}

describe('account mails', () => {
  it('deposit received names the amount in dollars and the plan', () => {
    const rendered = mail('deposit-received', { amount: '1500.00', planName: 'Gold' });

    expect(rendered.subject).toBe('We received your deposit');
    expect(rendered.text).toContain('Hello Ada,');
    expect(rendered.text).toContain('We received your deposit of $1,500.00 for the Gold plan.');
    expect(rendered.html).toContain('<p>We received your deposit of $1,500.00 for the Gold plan.</p>');
  });

  it('deposit confirmed names the amount', () => {
    const rendered = mail('deposit-confirmed', { amount: '250.50' });

    expect(rendered.subject).toBe('Your deposit is confirmed');
    expect(rendered.text).toContain('Your deposit of $250.50 is confirmed');
  });

  it('deposit rejected carries the reason, escaped in the HTML part', () => {
    const rendered = mail('deposit-rejected', { amount: '100.00', reason: 'Proof <unreadable> & blurred' });

    expect(rendered.subject).toBe('Your deposit was not accepted');
    expect(rendered.text).toContain('Reason: Proof <unreadable> & blurred');
    expect(rendered.html).toContain('<p>Reason: Proof &lt;unreadable&gt; &amp; blurred</p>');
    expect(rendered.html).not.toContain('<unreadable>');
  });

  it('investment matured names the principal back in the balance and the unlocked profit', () => {
    const rendered = mail('investment-matured', { principal: '1500.00', profit: '750.00' });

    expect(rendered.subject).toBe('Your investment has matured');
    expect(rendered.text).toContain('Your investment of $1,500.00 has completed its term.');
    expect(rendered.text).toContain(
      'The $1,500.00 is back in your account balance and your profit of $750.00 is unlocked: you can withdraw it now.',
    );
  });

  it('withdrawal requested says the amount is reserved', () => {
    const rendered = mail('withdrawal-requested', { amount: '100.00' });

    expect(rendered.subject).toBe('We received your withdrawal request');
    expect(rendered.text).toContain('withdraw $100.00. The amount is reserved until it is paid.');
    expect(rendered.text).not.toContain("This wasn't me");
  });

  it('withdrawal requested carries the lock link, in text and HTML, before the signature', () => {
    const lockUrl = 'https://ledgerstone.example/lock-account?token=a%26b';
    const rendered = mail('withdrawal-requested', { amount: '100.00', lockUrl });

    expect(rendered.text).toContain(`\n\nThis wasn't me: lock my account\n${lockUrl}\nThe link works once`);
    expect(rendered.text.endsWith('\n\nLedgerstone')).toBe(true);
    expect(rendered.html).toMatch(
      /<p><a href="https:\/\/ledgerstone\.example\/lock-account\?token=a%26b"[^>]*>This wasn&#39;t me: lock my account<\/a>/,
    );
  });

  it('withdrawal paid shows the payout reference only when there is one', () => {
    const withReference = mail('withdrawal-paid', { amount: '100.00', payoutReference: '0xabc' });
    const withoutReference = mail('withdrawal-paid', { amount: '100.00', payoutReference: null });

    expect(withReference.subject).toBe('Your withdrawal is paid');
    expect(withReference.text).toContain('Payout reference: 0xabc');
    expect(withoutReference.text).not.toContain('Payout reference');
  });

  it('withdrawal rejected carries the reason and says the amount is back', () => {
    const rendered = mail('withdrawal-rejected', { amount: '100.00', reason: 'Wrong network' });

    expect(rendered.subject).toBe('Your withdrawal was not processed');
    expect(rendered.text).toContain('the amount is back in your account.');
    expect(rendered.text).toContain('Reason: Wrong network');
  });

  it('balance adjusted says which figure moved, which way, and why', () => {
    const down = mail('balance-adjusted', {
      amount: '-25.00',
      bucket: 'available',
      reason: 'Fee correction',
    });
    const up = mail('balance-adjusted', { amount: '1000.00', bucket: 'profit', reason: 'Bonus' });

    expect(down.subject).toBe('Your account was adjusted');
    expect(down.text).toContain('Your account balance was decreased by $25.00.');
    expect(down.text).toContain('Reason: Fee correction');
    expect(up.text).toContain('Your profit was increased by $1,000.00.');
  });

  it('refuses an amount that is not an API decimal and a missing reason', () => {
    expect(() => mail('deposit-confirmed', { amount: '1500' })).toThrow(
      /^Invalid data for mail template "deposit-confirmed": amount: /,
    );
    expect(() => mail('withdrawal-rejected', { amount: '1.00' })).toThrow(
      /^Invalid data for mail template "withdrawal-rejected": reason: /,
    );
  });
});
