import { describe, expect, it } from '@jest/globals';
import {
  applyPayoutWalletsUpdate,
  maskedPayoutWalletChanges,
  payoutWalletChanges,
} from './payout-wallet-changes.js';

const stored = {
  bitcoin: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  ethereum: '0x52908400098527886E0F7030069857D2E4169EE7',
  usdt: '0x52908400098527886E0F7030069857D2E4169EE7',
  solana: 'So11111111111111111111111111111111111111112',
};

describe('payout wallet changes', () => {
  it('keeps a wallet the update leaves out and takes every other from the update', () => {
    const update = { ...stored, usdt: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', solana: undefined };

    expect(applyPayoutWalletsUpdate(stored, update)).toEqual({ ...update, solana: stored.solana });
    expect(applyPayoutWalletsUpdate(stored, { ...update, solana: null }).solana).toBeNull();
  });

  it('lists the wallets whose address differs, in field order, with the new address or null', () => {
    const after = { ...stored, bitcoin: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', solana: null };

    expect(payoutWalletChanges(stored, stored)).toEqual([]);
    expect(payoutWalletChanges(stored, after)).toEqual([
      { wallet: 'bitcoin', address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy' },
      { wallet: 'solana', address: null },
    ]);
  });

  it('masks the addresses of the changes for a notice', () => {
    expect(
      maskedPayoutWalletChanges([
        { wallet: 'ethereum', address: stored.ethereum },
        { wallet: 'solana', address: null },
      ]),
    ).toEqual([
      { wallet: 'ethereum', address: '0x5290…9EE7' },
      { wallet: 'solana', address: null },
    ]);
  });
});
