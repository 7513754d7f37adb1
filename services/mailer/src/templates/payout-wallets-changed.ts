import { PAYOUT_WALLET_LABELS, type MailTemplateData } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import { lockLinkLines, lockLinkParagraphs } from './lock-link.js';
import type { RenderedMail } from './rendered-mail.js';

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

type WalletChange = MailTemplateData<'payout-wallets-changed'>['changes'][number];

function describeChange({ wallet, address }: WalletChange): string {
  const label = PAYOUT_WALLET_LABELS[wallet];
  return address === null ? `${label}: removed` : `${label}: now ${address}`;
}

export function renderPayoutWalletsChanged({
  firstName,
  changedAt,
  changes,
  usableFrom,
  walletsUrl,
  lockUrl,
}: MailTemplateData<'payout-wallets-changed'>): RenderedMail {
  const subject = 'Your Ledgerstone payout wallets were changed';
  const when = `${whenFormat.format(new Date(changedAt))} UTC`;
  const lines = changes.map(describeChange);
  const usable = usableFrom
    ? [`The new addresses can receive withdrawals from ${whenFormat.format(new Date(usableFrom))} UTC.`]
    : [];
  const text = [
    `Hello ${firstName},`,
    '',
    `The payout wallet addresses of your Ledgerstone account were changed on ${when}:`,
    '',
    ...lines.map((line) => `- ${line}`),
    '',
    ...usable.flatMap((line) => [line, '']),
    `Withdrawals are paid to these addresses. If you did not make this change, check your wallets at ${walletsUrl}, change your password at once and contact us.`,
    ...lockLinkLines(lockUrl),
    '',
    'Ledgerstone',
  ].join('\n');
  const html = htmlLayout(
    subject,
    [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>The payout wallet addresses of your Ledgerstone account were changed on ${escapeHtml(when)}:</p>`,
      `<ul>\n${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}\n</ul>`,
      ...usable.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p>Withdrawals are paid to these addresses. If you did not make this change, <a href="${escapeHtml(walletsUrl)}">check your wallets</a>, change your password at once and contact us.</p>`,
      ...lockLinkParagraphs(lockUrl),
    ].join('\n'),
  );
  return { subject, text, html };
}
