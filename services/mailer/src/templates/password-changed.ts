import type { MailTemplateData } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import { lockLinkLines, lockLinkParagraphs } from './lock-link.js';
import type { RenderedMail } from './rendered-mail.js';

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export function renderPasswordChanged({
  firstName,
  changedAt,
  forgotPasswordUrl,
  lockUrl,
}: MailTemplateData<'password-changed'>): RenderedMail {
  const subject = 'Your Ledgerstone password was changed';
  const when = `${whenFormat.format(new Date(changedAt))} UTC`;
  const text = [
    `Hello ${firstName},`,
    '',
    `The password of your Ledgerstone account was changed on ${when}.`,
    '',
    `If this was you, there is nothing to do. If it was not, reset your password at once at ${forgotPasswordUrl} and contact us.`,
    ...lockLinkLines(lockUrl),
    '',
    'Ledgerstone',
  ].join('\n');
  const html = htmlLayout(
    subject,
    [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>The password of your Ledgerstone account was changed on ${escapeHtml(when)}.</p>`,
      `<p>If this was you, there is nothing to do. If it was not, <a href="${escapeHtml(forgotPasswordUrl)}">reset your password</a> at once and contact us.</p>`,
      ...lockLinkParagraphs(lockUrl),
    ].join('\n'),
  );
  return { subject, text, html };
}
