import { describe, expect, it } from '@jest/globals';
import { renderMail } from './registry.js';

describe('admin message mail', () => {
  const job = {
    template: 'admin-message',
    to: 'ada@example.test',
    data: {
      firstName: 'Ada',
      subject: 'Your deposit',
      body: 'We received your deposit.\nIt is being checked.\n\nThank you!',
    },
  };

  it("carries the admin's subject and body, with the member greeted by name", () => {
    const mail = renderMail(job);

    expect(mail.to).toBe('ada@example.test');
    expect(mail.subject).toBe('Your deposit');
    expect(mail.text).toBe(
      'Hello Ada,\n\nWe received your deposit.\nIt is being checked.\n\nThank you!\n\nLedgerstone',
    );
  });

  it('keeps the line breaks of the body in the HTML part', () => {
    const mail = renderMail(job);

    expect(mail.html).toContain(
      '<p>We received your deposit.<br>\nIt is being checked.</p>\n<p>Thank you!</p>',
    );
  });

  it('renders the body as text, never as markup', () => {
    const mail = renderMail({
      ...job,
      data: { ...job.data, subject: '<b>Hi</b>', body: '<script>alert(1)</script> & <a href="x">link</a>' },
    });

    expect(mail.html).toContain(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;a href=&quot;x&quot;&gt;link&lt;/a&gt;</p>',
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('<title>&lt;b&gt;Hi&lt;/b&gt;</title>');
    expect(mail.text).toContain('<script>alert(1)</script> & <a href="x">link</a>');
  });

  it('refuses a subject over several lines and a body over 10,000 characters', () => {
    expect(() => renderMail({ ...job, data: { ...job.data, subject: 'Hi\r\nBcc: x@example.test' } })).toThrow(
      /^Invalid data for mail template "admin-message": subject: /,
    );
    expect(() => renderMail({ ...job, data: { ...job.data, body: 'x'.repeat(10_001) } })).toThrow(
      /^Invalid data for mail template "admin-message": body: /,
    );
  });
});
