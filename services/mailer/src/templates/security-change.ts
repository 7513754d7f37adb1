import type { MailTemplateData, SecurityChange } from '@ledgerstone/contracts';
import { escapeHtml, htmlLayout } from './html.js';
import { lockLinkLines, lockLinkParagraphs } from './lock-link.js';
import type { RenderedMail } from './rendered-mail.js';

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** The subject and the sentence naming what changed; `passkey` is the passkey's name, quoted. */
const CHANGES: Record<SecurityChange, { subject: string; sentence: (passkey: string) => string }> = {
  'totp-enabled': {
    subject: 'Two-step verification was turned on',
    sentence: () => 'An authenticator app was set up for two-step verification on your Ledgerstone account',
  },
  'totp-disabled': {
    subject: 'Your authenticator app was removed',
    sentence: () => 'The authenticator app was removed from your Ledgerstone account',
  },
  'passkey-added': {
    subject: 'A passkey was added to your account',
    sentence: (passkey) => `The passkey ${passkey} was added to your Ledgerstone account`,
  },
  'passkey-renamed': {
    subject: 'A passkey was renamed',
    sentence: (passkey) => `A passkey of your Ledgerstone account was renamed to ${passkey}`,
  },
  'passkey-removed': {
    subject: 'A passkey was removed from your account',
    sentence: (passkey) => `The passkey ${passkey} was removed from your Ledgerstone account`,
  },
  'recovery-codes-generated': {
    subject: 'New recovery codes were generated',
    sentence: () =>
      'New recovery codes were generated for your Ledgerstone account; the earlier ones no longer work',
  },
  'recovery-code-used': {
    subject: 'A recovery code was used',
    sentence: () => 'A recovery code of your Ledgerstone account was used',
  },
  'sessions-signed-out': {
    subject: 'Sessions of your account were signed out',
    sentence: () => 'Sessions of your Ledgerstone account on other devices were signed out',
  },
  'new-device-sign-in': {
    subject: 'New sign-in to your account',
    sentence: () => 'Your Ledgerstone account was signed in to from a new device',
  },
  'second-factors-reset': {
    subject: 'Two-step verification was reset',
    sentence: () =>
      'Two-step verification of your Ledgerstone account was reset: its authenticator app, passkeys and recovery codes were removed and every session was signed out',
  },
  'email-changed': {
    subject: 'The e-mail address of your account was changed',
    sentence: () =>
      'The e-mail address of your Ledgerstone account was changed: this address no longer signs in to it or receives its mail',
  },
};

const BY_ROLE = { admin: 'a Ledgerstone administrator' } as const;

export function renderSecurityChange({
  firstName,
  change,
  passkeyName,
  changedAt,
  device,
  ip,
  changedBy,
  securityUrl,
  lockUrl,
}: MailTemplateData<'security-change'>): RenderedMail {
  const { subject, sentence } = CHANGES[change];
  const when = `${whenFormat.format(new Date(changedAt))} UTC`;
  const what = sentence(`"${passkeyName ?? 'passkey'}"`);
  // Staff act from their own device and address, which the user is not told: only their role.
  const origin =
    changedBy === 'admin'
      ? `By: ${BY_ROLE.admin}.`
      : `From: ${device ?? 'an unknown device'}, address ${ip ?? 'unknown'}.`;
  const text = [
    `Hello ${firstName},`,
    '',
    `${what} on ${when}.`,
    origin,
    '',
    `If this was you, there is nothing to do. If it was not, change your password at once, review your security settings at ${securityUrl} and contact us.`,
    ...lockLinkLines(lockUrl),
    '',
    'Ledgerstone',
  ].join('\n');
  const html = htmlLayout(
    subject,
    [
      `<p>Hello ${escapeHtml(firstName)},</p>`,
      `<p>${escapeHtml(what)} on ${escapeHtml(when)}.</p>`,
      `<p>${escapeHtml(origin)}</p>`,
      `<p>If this was you, there is nothing to do. If it was not, change your password at once, <a href="${escapeHtml(securityUrl)}">review your security settings</a> and contact us.</p>`,
      ...lockLinkParagraphs(lockUrl),
    ].join('\n'),
  );
  return { subject, text, html };
}
