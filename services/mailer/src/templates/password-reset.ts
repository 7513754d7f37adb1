import type { MailTemplateData } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import type { RenderedMail } from './rendered-mail.js';

export function renderPasswordReset({
  firstName,
  resetUrl,
  minutes,
}: MailTemplateData<'password-reset'>): RenderedMail {
  const subject = 'Reset your Ledgerstone password';
  const validity = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const text = [
    `Hello ${firstName},`,
    '',
    'We received a request to reset the password of your Ledgerstone account. Open this link to choose a new one:',
    '',
    resetUrl,
    '',
    `The link is valid for ${validity} and can be used once. Resetting your password signs you out everywhere.`,
    '',
    'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    '',
    'Ledgerstone',
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<p>Hello ${escapeHtml(firstName)},</p>
<p>We received a request to reset the password of your Ledgerstone account.</p>
<p><a href="${escapeHtml(resetUrl)}" style="display:inline-block;padding:12px 20px;background:#0b3d2e;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Reset Password</a></p>
<p>Or open this link: <a href="${escapeHtml(resetUrl)}">${escapeHtml(resetUrl)}</a></p>
<p>The link is valid for ${escapeHtml(validity)} and can be used once. Resetting your password signs you out everywhere.</p>
<p style="color:#616e7c">If you did not ask for this, you can ignore this e-mail: your password stays as it is.</p>`,
  );
  return { subject, text, html };
}
