import { z } from 'zod';
import { requiredMessage, text } from './text.js';
import { stepUpFactor } from './two-factor.js';
import { validateWalletAddress, WALLET_ADDRESS_MAX, type WalletNetwork } from './wallet-address.js';

/** The member's payout wallets, as the Withdrawal Gateway screen (/dashboard/update-wallet) names them. */
export const payoutWalletFields = ['bitcoin', 'ethereum', 'usdt', 'solana'] as const;
export type PayoutWalletField = (typeof payoutWalletFields)[number];

/** The network whose address format each wallet takes: USDT is paid out as the ERC-20 token on Ethereum. */
export const PAYOUT_WALLET_NETWORKS: Readonly<Record<PayoutWalletField, WalletNetwork>> = {
  bitcoin: 'bitcoin',
  ethereum: 'ethereum',
  usdt: 'ethereum',
  solana: 'solana',
};

export const PAYOUT_WALLET_LABELS: Readonly<Record<PayoutWalletField, string>> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  usdt: 'USDT (ERC-20)',
  solana: 'Solana',
};

export const walletMessages = {
  saved: 'Wallet address saved successfully',
} as const;

const addressRequired = (field: PayoutWalletField) =>
  requiredMessage(`${PAYOUT_WALLET_LABELS[field]} address`);

function canonicalPayoutAddress(field: PayoutWalletField, address: string, ctx: z.RefinementCtx): string {
  const result = validateWalletAddress(PAYOUT_WALLET_NETWORKS[field], address);
  if (result.ok) return result.address;
  // In the field's own words ("USDT (ERC-20)") where the network's name would say less.
  const messages = {
    required: addressRequired(field),
    invalid: `Enter a valid ${PAYOUT_WALLET_LABELS[field]} address`,
    unowned: result.message,
  };
  ctx.addIssue({ code: 'custom', message: messages[result.reason] });
  return z.NEVER;
}

const payoutAddressText = (field: PayoutWalletField, error: string) =>
  text({ label: `${PAYOUT_WALLET_LABELS[field]} address`, max: WALLET_ADDRESS_MAX, error });

const requiredPayoutAddress = (field: PayoutWalletField) =>
  payoutAddressText(field, addressRequired(field)).transform((address, ctx) =>
    canonicalPayoutAddress(field, address, ctx),
  );

/**
 * Solana has no field on the screen: left out, the stored address stays; null or blank removes it, so a client
 * that knows nothing of Solana never erases it.
 */
const optionalPayoutAddress = (field: PayoutWalletField) =>
  payoutAddressText(field, `Enter a valid ${PAYOUT_WALLET_LABELS[field]} address`)
    .nullable()
    .optional()
    .transform((address, ctx) =>
      address === undefined
        ? undefined
        : address === null || address.trim() === ''
          ? null
          : canonicalPayoutAddress(field, address, ctx),
    );

/** PUT /api/user/wallets: addresses parse to their canonical form (lower-case bech32, EIP-55 hex). */
export const payoutWalletsRequest = z.object({
  bitcoin: requiredPayoutAddress('bitcoin'),
  ethereum: requiredPayoutAddress('ethereum'),
  usdt: requiredPayoutAddress('usdt'),
  solana: optionalPayoutAddress('solana'),
  /** Asked for once the member has two-step verification on (see two-factor.ts). */
  secondFactor: stepUpFactor.optional(),
});
export type PayoutWalletsRequest = z.input<typeof payoutWalletsRequest>;
export type PayoutWalletsUpdate = z.output<typeof payoutWalletsRequest>;

/** GET /api/user/wallets: null where the member has stored none. */
export const payoutWallets = z.object({
  bitcoin: z.string().nullable(),
  ethereum: z.string().nullable(),
  usdt: z.string().nullable(),
  solana: z.string().nullable(),
});
export type PayoutWallets = z.infer<typeof payoutWallets>;

/** What a notice may show of an address: its first 6 and last 4 characters, enough to recognise it. */
export const maskedWalletAddress = z.string().regex(/^[0-9A-Za-z]{6}…[0-9A-Za-z]{4}$/, 'must be masked');

export function maskWalletAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
