import { z } from 'zod';
import {
  isMailTemplateName,
  mailTemplateData,
  type MailTemplateData,
  type MailTemplateName,
} from '@ledgerstone/contracts';
import {
  renderBalanceAdjusted,
  renderDepositConfirmed,
  renderDepositReceived,
  renderDepositRejected,
  renderInvestmentMatured,
  renderWithdrawalPaid,
  renderWithdrawalRejected,
  renderWithdrawalRequested,
} from './account-mails.js';
import { renderAdminMessage } from './admin-message.js';
import { renderPasswordChanged } from './password-changed.js';
import { renderPasswordReset } from './password-reset.js';
import { renderPayoutWalletsChanged } from './payout-wallets-changed.js';
import { renderSecurityChange } from './security-change.js';
import { renderSignupAttempted } from './signup-attempted.js';
import type { RenderedMail } from './rendered-mail.js';
import { renderVerificationCode } from './verification-code.js';

export interface OutgoingMail extends RenderedMail {
  to: string;
}

const renderers: { [T in MailTemplateName]: (data: MailTemplateData<T>) => RenderedMail } = {
  'verification-code': renderVerificationCode,
  'password-reset': renderPasswordReset,
  'password-changed': renderPasswordChanged,
  'signup-attempted': renderSignupAttempted,
  'admin-message': renderAdminMessage,
  'deposit-received': renderDepositReceived,
  'deposit-confirmed': renderDepositConfirmed,
  'deposit-rejected': renderDepositRejected,
  'withdrawal-requested': renderWithdrawalRequested,
  'withdrawal-paid': renderWithdrawalPaid,
  'withdrawal-rejected': renderWithdrawalRejected,
  'balance-adjusted': renderBalanceAdjusted,
  'investment-matured': renderInvestmentMatured,
  'payout-wallets-changed': renderPayoutWalletsChanged,
  'security-change': renderSecurityChange,
};

/** A job that no retry can ever send: unknown template, bad recipient or data. */
export class InvalidMailJob extends Error {
  override readonly name = 'InvalidMailJob';
}

const envelope = z.object({ template: z.string(), to: z.unknown(), data: z.unknown() });
const recipient = z.email();

/** Renders a mail job's template with its data, checked against the template's schema. */
export function renderMail(job: unknown): OutgoingMail {
  const parsed = envelope.safeParse(job);
  if (!parsed.success) throw new InvalidMailJob('A mail job needs a template name, a recipient and data');
  const { template, to, data: given } = parsed.data;
  if (!isMailTemplateName(template)) throw new InvalidMailJob(`Unknown mail template "${template}"`);
  const address = recipient.safeParse(to);
  if (!address.success)
    throw new InvalidMailJob(`Mail template "${template}" needs a valid recipient address`);
  const data = mailTemplateData[template].safeParse(given);
  if (!data.success) {
    const problems = data.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new InvalidMailJob(`Invalid data for mail template "${template}": ${problems}`);
  }
  return { to: address.data, ...renderTemplate(template, data.data) };
}

/** TypeScript cannot match a union of template names to their data by itself; the schema check above did. */
function renderTemplate<T extends MailTemplateName>(template: T, data: MailTemplateData<T>): RenderedMail {
  const render = renderers[template] as (data: MailTemplateData<T>) => RenderedMail;
  return render(data);
}
