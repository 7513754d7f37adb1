/**
 * The words of the member dashboard's offer of two-step verification, apart from the rest of two-step
 * verification's (two-factor-messages.ts holds them too), so that the dashboard's first visit loads only these.
 */
export const twoStepOfferMessages = {
  offerToMembers: 'Protect your account with two-step verification.',
} as const;
