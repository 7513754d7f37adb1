import { formatUsd, type MailTemplateData } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import { lockLinkLines, lockLinkParagraphs } from './lock-link.js';
import type { RenderedMail } from './rendered-mail.js';

/**
 * A mail of a greeting and a few lines, each line plain text in one part and escaped in the other, and the
 * "This wasn't me" link when the mail carries one.
 */
function accountMail(subject: string, firstName: string, lines: string[], lockUrl?: string): RenderedMail {
  const text = [`Hello ${firstName},`, '', ...lines, ...lockLinkLines(lockUrl), '', 'Ledgerstone'].join('\n');
  const html = htmlLayout(
    subject,
    [`<p>Hello ${escapeHtml(firstName)},</p>`, ...lines.map((line) => `<p>${escapeHtml(line)}</p>`)]
      .concat(lockLinkParagraphs(lockUrl))
      .concat('<p style="color:#616e7c">Ledgerstone</p>')
      .join('\n'),
  );
  return { subject, text, html };
}

const BUCKET_NAMES = { available: 'account balance', invested: 'investment', profit: 'profit' } as const;

export function renderDepositReceived({
  firstName,
  amount,
  planName,
}: MailTemplateData<'deposit-received'>): RenderedMail {
  return accountMail('We received your deposit', firstName, [
    `We received your deposit of ${formatUsd(amount)} for the ${planName} plan.`,
    'We will check your proof of payment and let you know once it is confirmed.',
  ]);
}

export function renderDepositConfirmed({
  firstName,
  amount,
}: MailTemplateData<'deposit-confirmed'>): RenderedMail {
  return accountMail('Your deposit is confirmed', firstName, [
    `Your deposit of ${formatUsd(amount)} is confirmed and your investment has started.`,
  ]);
}

export function renderDepositRejected({
  firstName,
  amount,
  reason,
}: MailTemplateData<'deposit-rejected'>): RenderedMail {
  return accountMail('Your deposit was not accepted', firstName, [
    `Your deposit of ${formatUsd(amount)} was not accepted.`,
    `Reason: ${reason}`,
  ]);
}

export function renderWithdrawalRequested({
  firstName,
  amount,
  lockUrl,
}: MailTemplateData<'withdrawal-requested'>): RenderedMail {
  return accountMail(
    'We received your withdrawal request',
    firstName,
    [`We received your request to withdraw ${formatUsd(amount)}. The amount is reserved until it is paid.`],
    lockUrl,
  );
}

export function renderWithdrawalPaid({
  firstName,
  amount,
  payoutReference,
}: MailTemplateData<'withdrawal-paid'>): RenderedMail {
  const reference = payoutReference ? [`Payout reference: ${payoutReference}`] : [];
  return accountMail('Your withdrawal is paid', firstName, [
    `Your withdrawal of ${formatUsd(amount)} has been paid.`,
    ...reference,
  ]);
}

export function renderWithdrawalRejected({
  firstName,
  amount,
  reason,
}: MailTemplateData<'withdrawal-rejected'>): RenderedMail {
  return accountMail('Your withdrawal was not processed', firstName, [
    `Your withdrawal of ${formatUsd(amount)} was not processed and the amount is back in your account.`,
    `Reason: ${reason}`,
  ]);
}

export function renderBalanceAdjusted({
  firstName,
  amount,
  bucket,
  reason,
}: MailTemplateData<'balance-adjusted'>): RenderedMail {
  const direction = amount.startsWith('-') ? 'decreased' : 'increased';
  const magnitude = amount.replace(/^-/, '');
  return accountMail('Your account was adjusted', firstName, [
    `Your ${BUCKET_NAMES[bucket]} was ${direction} by ${formatUsd(magnitude)}.`,
    `Reason: ${reason}`,
  ]);
}

export function renderInvestmentMatured({
  firstName,
  principal,
  profit,
}: MailTemplateData<'investment-matured'>): RenderedMail {
  return accountMail('Your investment has matured', firstName, [
    `Your investment of ${formatUsd(principal)} has completed its term.`,
    `The ${formatUsd(principal)} is back in your account balance and your profit of ${formatUsd(profit)} is unlocked: you can withdraw it now.`,
  ]);
}
