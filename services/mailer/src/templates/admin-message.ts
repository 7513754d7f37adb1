import type { MailTemplateData } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import type { RenderedMail } from './rendered-mail.js';

/** The admin's words as plain text: escaped, with their line breaks kept. */
function paragraphs(body: string): string {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
}

export function renderAdminMessage({
  firstName,
  subject,
  body,
}: MailTemplateData<'admin-message'>): RenderedMail {
  const text = [`Hello ${firstName},`, '', body.replace(/\r\n?/g, '\n'), '', 'Ledgerstone'].join('\n');
  const html = htmlLayout(
    subject,
    `<p>Hello ${escapeHtml(firstName)},</p>
${paragraphs(body)}
<p style="color:#616e7c">Ledgerstone</p>`,
  );
  return { subject, text, html };
}
