import { LOCK_LINK_HOURS } from '@ledgerstone/process-kit';
import { escapeHtml } from './html.js';

export const LOCK_LINK_TEXT = "This wasn't me: lock my account";
const LOCK_LINK_NOTE = `The link works once, for ${LOCK_LINK_HOURS} hours: it stops withdrawals and changes of payout address and signs out every session.`;

/** The plain-text lines of the lock link; none for a job queued before mails carried one. */
export function lockLinkLines(lockUrl: string | undefined): string[] {
  return lockUrl ? ['', LOCK_LINK_TEXT, lockUrl, LOCK_LINK_NOTE] : [];
}

/** The HTML paragraphs of the lock link: one, or none for a job queued before mails carried one. */
export function lockLinkParagraphs(lockUrl: string | undefined): string[] {
  return lockUrl
    ? [
        `<p><a href="${escapeHtml(lockUrl)}" style="color:#b42318;font-weight:bold">${escapeHtml(LOCK_LINK_TEXT)}</a><br>${escapeHtml(LOCK_LINK_NOTE)}</p>`,
      ]
    : [];
}
