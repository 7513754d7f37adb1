import type { MailTemplateData } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import type { RenderedMail } from './rendered-mail.js';

export function renderVerificationCode({
  firstName,
  code,
  minutes,
}: MailTemplateData<'verification-code'>): RenderedMail {
  const subject = 'Your Ledgerstone verification code';
  const validity = `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const text = [
    `Hello ${firstName},`,
    '',
    `Your Ledgerstone verification code is ${code}.`,
    '',
    `Enter it on the verification page to activate your account. It is valid for ${validity} and can be used once.`,
    '',
    'If you did not create a Ledgerstone account, you can ignore this e-mail.',
    '',
    'Ledgerstone',
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<p>Hello ${escapeHtml(firstName)},</p>
<p>Your Ledgerstone verification code is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(code)}</p>
<p>Enter it on the verification page to activate your account. It is valid for ${escapeHtml(validity)} and can be used once.</p>
<p style="color:#616e7c">If you did not create a Ledgerstone account, you can ignore this e-mail.</p>`,
  );
  return { subject, text, html };
}
