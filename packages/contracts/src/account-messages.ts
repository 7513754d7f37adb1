/**
 * Messages of the account commands, word for word as members and admins see them: the schemas, the ledger's
 * decider and the screens all use these. Text only, importing nothing, so the pure ledger may use it too.
 */
export const accountMessages = {
  invalidAmount: 'Please enter a valid amount.',
  /** The plan's range as each side writes amounts: "1000" in the API's answer, "$1,000.00" on the screen. */
  amountOutOfRange: (min: string, max: string, planName: string) =>
    `Please enter an amount between ${min} and ${max} for the ${planName} plan.`,
  choosePlan: 'Please choose an investment plan.',
  choosePaymentMethod: 'Please choose a payment method.',
  missingProof: 'Please upload proof of payment before completing the payment.',
  proofTooLarge: 'The proof of payment must be at most 10 MB.',
  proofType: 'The proof of payment must be a PNG, JPEG, WebP or PDF file.',
  proofUnreadable:
    'The proof of payment could not be read: the file is damaged or only looks like an image or a PDF.',
  proofTooManyPixels:
    'The proof of payment image is too large: at most 20,000 pixels a side and 100 megapixels.',
  proofMissing: "This deposit's proof of payment is missing from storage.",
  oneProofOnly: 'Upload one file only',
  depositForm: 'Send the deposit as a multipart/form-data form with the proof of payment as payment_proof.',
  incompleteForm: 'The form arrived incomplete or malformed. Please send it again.',
  tooManyFormFields: 'The form has more fields than a deposit takes.',
  unknownFormField: 'The form has a field this request does not take.',
  formValueTooLong: 'This value is too long.',
  invalidReason: 'Please give a reason of 3 to 500 characters.',
  depositSubmitted: 'Deposit submitted. It stays pending until an admin confirms it.',
  withdrawalRequested: 'Withdrawal successful!',
  depositConfirmed: 'Deposit confirmed',
  depositAlreadyConfirmed: 'Deposit already confirmed',
  depositRejected: 'Deposit rejected',
  depositAlreadyRejected: 'Deposit already rejected',
  withdrawalPaid: 'Withdrawal marked as paid',
  withdrawalAlreadyPaid: 'Withdrawal already paid',
  withdrawalRejected: 'Withdrawal rejected',
  withdrawalAlreadyRejected: 'Withdrawal already rejected',
  balancesUpdated: 'Balances updated',
  balancesUnchanged: 'No balance changed',
  accountChanged: 'This account changed since you opened it. Check its current figures and save again.',
  userUpdated: 'User updated successfully',
  accountClosed: 'Account closed',
  depositNotFound: 'Deposit not found',
  withdrawalNotFound: 'Withdrawal not found',
  userNotFound: 'User not found',
  /** The hours are the configured cooling period (none: a new address can be used at once). */
  addressNotInBook: (hours: number) =>
    hours > 0
      ? `Add this address in Withdrawal Gateway first; a new address can be used ${hours === 1 ? '1 hour' : `${hours} hours`} after it is added.`
      : 'Add this address in Withdrawal Gateway first.',
  withdrawalsPaused: (until: string) =>
    `Withdrawals are paused until ${until} after a change to your account's security.`,
  tooManyPendingWithdrawals: (count: number) =>
    `You have ${count === 1 ? '1 withdrawal' : `${count} withdrawals`} awaiting review: you can ask for another once one of them is paid or rejected.`,
  overWithdrawalLimit: (amount: string, until: string) =>
    `This exceeds your withdrawal limit: you can withdraw up to ${amount} until ${until}.`,
  accountLocked:
    'Your account is locked: withdrawals and changes of payout addresses are frozen until an admin lifts the lock.',
  accountNotLocked: 'This account is not locked.',
  lockedWithdrawalNotPayable:
    "This member's account is locked: its withdrawals can be rejected but not paid until an admin lifts the lock.",
  invalidLimits: 'Please give limits above zero, the daily one no higher than the 30-day one.',
  /** `figure` as a sentence names it ("the invested total"); amounts as "$1,500.00". */
  overLargestAmount: (figure: string, amount: string, largest: string) =>
    `This would take ${figure} to ${amount}, above the largest amount an account may hold (${largest}); nothing was changed.`,
  limitsSet: 'Withdrawal limits saved',
  accountUnlocked: 'Account unlocked',
} as const;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A moment as account messages write it, in UTC so every reader sees the same words: "28 Nov 2026, 14:05 UTC". */
export function formatMessageTime(exact: Date): string {
  // A moment between minutes is written as the next minute: a member acting at the time written is never early.
  const moment = new Date(Math.ceil(exact.getTime() / 60_000) * 60_000);
  const pad = (value: number) => String(value).padStart(2, '0');
  const month = MONTHS[moment.getUTCMonth()] ?? '';
  return `${moment.getUTCDate()} ${month} ${moment.getUTCFullYear()}, ${pad(moment.getUTCHours())}:${pad(moment.getUTCMinutes())} UTC`;
}

/** Messages of four-eyes approvals: what a proposal, an approval and their refusals say. */
export const approvalMessages = {
  sentForApproval: 'Sent for approval',
  approvedAndDone: 'Approved and done',
  rejected: 'Rejected',
  withdrawn: 'Proposal withdrawn',
  expiredNow: 'Proposal expired',
  awaitingApproval: 'Awaiting approval',
  notFound: 'Proposal not found',
  ownProposal: 'You proposed this: another admin must approve or reject it.',
  secondAdminRequired: "This needs a second admin's approval now: send it again to propose it.",
  notProposer: 'Only the admin who proposed this can withdraw it.',
  staffOnlyReads: 'An auditor can see proposals but not make or decide them.',
  accountChanged:
    'This account changed since the proposal: nothing ran, and the proposal is closed as failed. Propose again.',
  catalogChanged:
    'The plans and payment methods changed since the proposal: nothing ran, and the proposal is closed as failed. Propose again.',
  /** Why a proposal failed, as its history keeps it. */
  failedAsAccountChanged: 'The account changed since the proposal, so nothing ran.',
  failedAsCatalogChanged: 'The plans and payment methods changed since the proposal, so nothing ran.',
  /** Why a proposal closed when what it acts on was decided without it, as its history keeps it. */
  superseded: {
    DepositConfirmed: 'The deposit was confirmed without this proposal.',
    DepositRejected: 'The deposit was rejected without this proposal.',
    WithdrawalPaid: 'The withdrawal was paid without this proposal.',
    WithdrawalRejected: 'The withdrawal was rejected without this proposal.',
    AccountClosed: 'The account was closed.',
  },
  expired: 'This proposal expired; propose again.',
  alreadyDecided: (status: string) => `This proposal was already ${status}.`,
  alreadyPending: 'This is already awaiting approval.',
  alreadyDone: 'This was already done without the proposal: there is nothing left to approve.',
} as const;
