import { describe, expect, it } from '@jest/globals';
import { maskedWalletAddress, maskWalletAddress, payoutWalletsRequest } from './wallets.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';
const SOLANA = 'So11111111111111111111111111111111111111112';

describe('payoutWalletsRequest', () => {
  it('parses each address to its canonical form; USDT takes an Ethereum (ERC-20) address', () => {
    expect(
      payoutWalletsRequest.parse({
        bitcoin: ` ${BITCOIN.toUpperCase()} `,
        ethereum: ETHEREUM.toLowerCase(),
        usdt: ETHEREUM.toLowerCase(),
        solana: SOLANA,
      }),
    ).toEqual({ bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM, solana: SOLANA });
  });

  it('leaves Solana out when it is left out, and removes it when null or blank', () => {
    const wallets = { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: ETHEREUM };

    expect(payoutWalletsRequest.parse(wallets).solana).toBeUndefined();
    expect(payoutWalletsRequest.parse({ ...wallets, solana: null }).solana).toBeNull();
    expect(payoutWalletsRequest.parse({ ...wallets, solana: '  ' }).solana).toBeNull();
  });

  it('names each bad field with a message for its wallet', () => {
    const result = payoutWalletsRequest.safeParse({
      bitcoin: ' ',
      ethereum: 42,
      usdt: BITCOIN,
      solana: ETHEREUM,
    });

    expect(result.success).toBe(false);
    expect(result.error?.issues.map(({ path, message }) => [path.join('.'), message])).toEqual([
      ['bitcoin', 'Bitcoin address is required'],
      ['ethereum', 'Ethereum address is required'],
      ['usdt', 'Enter a valid USDT (ERC-20) address'],
      ['solana', 'Enter a valid Solana address'],
    ]);
  });
});

describe('payoutWalletsRequest and an address that belongs to no one', () => {
  it('says why it is refused, not that it is malformed', () => {
    const result = payoutWalletsRequest.safeParse({
      bitcoin: BITCOIN,
      ethereum: `0x${'0'.repeat(40)}`,
      usdt: ETHEREUM,
      solana: '1'.repeat(32),
    });

    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      [
        'ethereum',
        'This Ethereum address belongs to no one: whatever is sent to it is lost. Enter your own address',
      ],
      [
        'solana',
        'This Solana address belongs to no one: whatever is sent to it is lost. Enter your own address',
      ],
    ]);
  });
});

describe('maskWalletAddress', () => {
  it('keeps the first 6 and last 4 characters, which the mail schema accepts and a full address does not', () => {
    expect(maskWalletAddress(BITCOIN)).toBe('bc1qar…5mdq');
    expect(maskedWalletAddress.safeParse(maskWalletAddress(ETHEREUM)).success).toBe(true);
    expect(maskedWalletAddress.safeParse(BITCOIN).success).toBe(false);
  });
});
