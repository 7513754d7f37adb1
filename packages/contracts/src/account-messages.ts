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
} as const;
