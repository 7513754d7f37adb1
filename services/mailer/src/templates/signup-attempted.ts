import type { MailTemplateData } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import type { RenderedMail } from './rendered-mail.js';

/**
 * Sign-up answers an address that already has an account exactly as a new one, so that it tells nobody which
 * addresses are registered; the owner learns of the attempt here instead.
 */
export function renderSignupAttempted({
  firstName,
  loginUrl,
  forgotPasswordUrl,
}: MailTemplateData<'signup-attempted'>): RenderedMail {
  const subject = 'Someone tried to open a Ledgerstone account with your e-mail';
  const text = [
    `Hello ${firstName},`,
    '',
    'Someone tried to open a new Ledgerstone account with this e-mail address, which already has an account. No new account was opened and nothing changed in yours.',
    '',
    `If it was you, log in at ${loginUrl} (an account not yet verified gets a new code when you log in), or choose a new password at ${forgotPasswordUrl} if you forgot yours.`,
    '',
    'If it was not you, you can ignore this e-mail.',
    '',
    'Ledgerstone',
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<p>Hello ${escapeHtml(firstName)},</p>
<p>Someone tried to open a new Ledgerstone account with this e-mail address, which already has an account. No new account was opened and nothing changed in yours.</p>
<p>If it was you, <a href="${escapeHtml(loginUrl)}">log in</a> (an account not yet verified gets a new code when you log in), or <a href="${escapeHtml(forgotPasswordUrl)}">choose a new password</a> if you forgot yours.</p>
<p style="color:#616e7c">If it was not you, you can ignore this e-mail.</p>`,
  );
  return { subject, text, html };
}
