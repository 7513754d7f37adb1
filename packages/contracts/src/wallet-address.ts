import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base58xrp, bech32, bech32m, createBase58check } from '@scure/base';
import { z } from 'zod';
import { requiredMessage } from './text.js';

const NETWORKS = ['bitcoin', 'ethereum', 'tron', 'dogecoin', 'xrp', 'solana'] as const;
export type WalletNetwork = (typeof NETWORKS)[number];

/** Display names; Ethereum also carries ERC-20 USDT and Tron TRC-20 USDT. */
export const WALLET_NETWORKS: Readonly<Record<WalletNetwork, string>> = {
  bitcoin: 'Bitcoin',
  ethereum: 'Ethereum',
  tron: 'Tron',
  dogecoin: 'Dogecoin',
  xrp: 'XRP',
  solana: 'Solana',
};

export const walletNetworkSchema = z.enum(NETWORKS, { error: 'Choose a supported network' });

/** Longer than any address of the networks above (bech32 stops at 90 characters). */
export const WALLET_ADDRESS_MAX = 200;

export const WALLET_ADDRESS_REQUIRED = requiredMessage('Wallet address');

export type WalletAddressValidation =
  | { ok: true; address: string }
  /** `unowned`: a valid address no one holds the key to. */
  | { ok: false; reason: 'required' | 'invalid' | 'unowned'; message: string };

const base58check = createBase58check(sha256);

function decodeBase58check(address: string): Uint8Array | null {
  try {
    return base58check.decode(address);
  } catch {
    return null;
  }
}

/** A 20-byte hash behind one version byte, as Bitcoin, Dogecoin, Tron and XRP accounts all encode. */
function hasVersionedHash(payload: Uint8Array | null, versions: readonly number[]): boolean {
  return payload !== null && payload.length === 21 && versions.includes(payload[0] ?? -1);
}

/**
 * BIP-173 / BIP-350: witness v0 in bech32, v1 in bech32m, mainnet `bc` only. Payouts go only to programs that
 * are defined today (v0 key or script hash, v1 taproot key): coins sent to a future version could be taken by anyone.
 */
function canonicalSegwitAddress(address: string): string | null {
  const asBech32 = bech32.decodeUnsafe(address);
  const decoded = asBech32 ?? bech32m.decodeUnsafe(address);
  if (!decoded || decoded.prefix !== 'bc') return null;
  const [version, ...programWords] = decoded.words;
  if (version === undefined || version > 16 || (version === 0) !== Boolean(asBech32)) return null;
  const program = bech32.fromWordsUnsafe(programWords);
  if (!program || program.length < 2 || program.length > 40) return null;
  if (version === 0 && program.length !== 20 && program.length !== 32) return null;
  if (version === 1 && program.length !== 32) return null;
  if (version > 1) return null;
  return address.toLowerCase();
}

function canonicalBitcoinAddress(address: string): string | null {
  return hasVersionedHash(decodeBase58check(address), [0x00, 0x05])
    ? address
    : canonicalSegwitAddress(address);
}

function eip55Checksummed(lowercaseHex: string): string {
  const hash = bytesToHex(keccak_256(utf8ToBytes(lowercaseHex)));
  const digits = [...lowercaseHex].map((digit, i) =>
    Number.parseInt(hash[i] ?? '0', 16) >= 8 ? digit.toUpperCase() : digit,
  );
  return `0x${digits.join('')}`;
}

function canonicalEthereumAddress(address: string): string | null {
  const hex = /^0x([0-9a-fA-F]{40})$/.exec(address)?.[1];
  if (hex === undefined) return null;
  const checksummed = eip55Checksummed(hex.toLowerCase());
  const singleCase = hex === hex.toLowerCase() || hex === hex.toUpperCase();
  return singleCase || address === checksummed ? checksummed : null;
}

function canonicalXrpAddress(address: string): string | null {
  try {
    // The Ripple alphabet only renames the 58 digits, so respelling in Bitcoin's reuses the checksum codec.
    const payload = decodeBase58check(base58.encode(base58xrp.decode(address)));
    return hasVersionedHash(payload, [0x00]) ? address : null;
  } catch {
    return null;
  }
}

function canonicalSolanaAddress(address: string): string | null {
  try {
    return base58.decode(address).length === 32 ? address : null;
  } catch {
    return null;
  }
}

const canonicalAddress: Record<WalletNetwork, (address: string) => string | null> = {
  bitcoin: canonicalBitcoinAddress,
  ethereum: canonicalEthereumAddress,
  tron: (address) => (hasVersionedHash(decodeBase58check(address), [0x41]) ? address : null),
  dogecoin: (address) => (hasVersionedHash(decodeBase58check(address), [0x1e, 0x16]) ? address : null),
  xrp: canonicalXrpAddress,
  solana: canonicalSolanaAddress,
};

const allZero = (bytes: Uint8Array | null | undefined) => !!bytes && bytes.every((byte) => byte === 0);

function segwitProgram(address: string): Uint8Array | undefined {
  const decoded = bech32.decodeUnsafe(address) ?? bech32m.decodeUnsafe(address);
  return (decoded && bech32.fromWordsUnsafe(decoded.words.slice(1))) || undefined;
}

/** The hash or key a valid address of the network pays to (its checksum and version byte left out). */
const paidTo: Record<WalletNetwork, (canonical: string) => Uint8Array | null | undefined> = {
  bitcoin: (address) => decodeBase58check(address)?.subarray(1) ?? segwitProgram(address),
  ethereum: (address) => hexToBytes(address.slice(2).toLowerCase()),
  tron: (address) => decodeBase58check(address)?.subarray(1),
  dogecoin: (address) => decodeBase58check(address)?.subarray(1),
  xrp: (address) => decodeBase58check(base58.encode(base58xrp.decode(address)))?.subarray(1),
  solana: (address) => base58.decode(address),
};

export function validateWalletAddress(network: WalletNetwork, address: string): WalletAddressValidation {
  const trimmed = address.trim();
  if (trimmed === '') return { ok: false, reason: 'required', message: WALLET_ADDRESS_REQUIRED };
  const canonical = canonicalAddress[network](trimmed);
  if (canonical === null) {
    return { ok: false, reason: 'invalid', message: `Enter a valid ${WALLET_NETWORKS[network]} address` };
  }
  // An all-zero hash or key has no owner (Ethereum's zero address, XRP's ACCOUNT_ZERO, Solana's system program):
  // a payout sent there is lost for good.
  if (allZero(paidTo[network](canonical))) {
    return {
      ok: false,
      reason: 'unowned',
      message: `This ${WALLET_NETWORKS[network]} address belongs to no one: whatever is sent to it is lost. Enter your own address`,
    };
  }
  return { ok: true, address: canonical };
}

/** Parses to the canonical form: lower-case bech32, EIP-55 checksummed hex. */
export const walletAddressSchema = (network: WalletNetwork) =>
  z.string({ error: WALLET_ADDRESS_REQUIRED }).transform((address, ctx) => {
    const result = validateWalletAddress(network, address);
    if (result.ok) return result.address;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
