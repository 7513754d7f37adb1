import { describe, expect, it } from '@jest/globals';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes } from '@noble/hashes/utils.js';
import { base58, base58xrp, bech32, createBase58check } from '@scure/base';
import {
  validateWalletAddress,
  WALLET_NETWORKS,
  walletAddressSchema,
  type WalletNetwork,
} from './wallet-address.js';

const base58check = createBase58check(sha256);

/** The key hash of the BIP-173 P2WPKH vector, re-encoded under another version byte. */
const KEY_HASH = '751e76e8199196d454941c45d1b3a323f1433bd6';
const withVersion = (version: number, hash = KEY_HASH) =>
  base58check.encode(Uint8Array.of(version, ...hexToBytes(hash)));
const inRippleAlphabet = (address: string) => base58xrp.encode(base58.decode(address));

const accepts = (network: WalletNetwork, address: string, canonical = address) =>
  expect(validateWalletAddress(network, address)).toEqual({ ok: true, address: canonical });

const refuses = (network: WalletNetwork, address: string) =>
  expect(validateWalletAddress(network, address)).toEqual({
    ok: false,
    reason: 'invalid',
    message: `Enter a valid ${WALLET_NETWORKS[network]} address`,
  });

describe('validateWalletAddress', () => {
  describe('on every network', () => {
    it.each(Object.keys(WALLET_NETWORKS) as WalletNetwork[])(
      'asks for an address when %s gets blanks',
      (network) => {
        for (const blank of ['', '   ', '\t\n']) {
          expect(validateWalletAddress(network, blank)).toEqual({
            ok: false,
            reason: 'required',
            message: 'Wallet address is required',
          });
        }
      },
    );

    it('trims surrounding whitespace', () => {
      accepts('bitcoin', '  1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa\n', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    });
  });

  describe('bitcoin', () => {
    it('matches the published encoding of the key hash used below', () => {
      expect(withVersion(0x00)).toBe('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH');
    });

    it.each([
      ['genesis P2PKH', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['P2PKH', '1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH'],
      ['P2SH', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
      ['BIP-350 taproot (v1, bech32m)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0'],
    ])('accepts a %s address', (_kind, address) => {
      accepts('bitcoin', address);
    });

    it.each([['BIP-173 P2WPKH', 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4']])(
      'accepts an upper-case %s address and returns it in lower case',
      (_kind, address) => {
        accepts('bitcoin', address, address.toLowerCase());
      },
    );

    it('accepts a P2WSH address (v0, 32-byte program of the BIP-173 testnet vector)', () => {
      const scriptHash = '1863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262';
      accepts('bitcoin', bech32.encode('bc', [0, ...bech32.toWords(hexToBytes(scriptHash))]));
    });

    it.each([
      ['a changed character in base58', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb'],
      ['a changed character in bech32 (BIP-173)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
      ['mixed case bech32', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xW7kv8f3t4'],
      ['v0 in bech32m (BIP-350)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
      ['v1 in bech32 (BIP-350)', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd'],
      [
        'v1 in bech32 (original BIP-173 vector)',
        'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
      ],
      [
        'a v1 program that is not a taproot key (40 bytes)',
        'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      ],
      ['an unassigned witness version (v2)', 'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs'],
      ['an unassigned witness version (v16)', 'BC1SW50QGDZ25J'],
      ['witness version 17', 'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R'],
      ['a 1-byte program', 'bc1pw5dgrnzv'],
      ['a 41-byte program', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav'],
      ['a 16-byte v0 program', 'BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P'],
      ['more than 4 bits of padding', 'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf'],
      ['an empty data section', 'bc1gmk9yu'],
      ['an unknown human-readable part', 'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut'],
      ['a testnet P2WSH', 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7'],
      ['a testnet taproot', 'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c'],
      ['a testnet P2PKH', 'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'],
      ['a testnet P2SH', '2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc'],
      ['a testnet P2PKH of the same key hash', withVersion(0x6f)],
      ['a Dogecoin address', 'DEa7damK8MsbdCJztidBasZKVsDLJifWfE'],
      ['a Tron address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
      ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['a payload one byte too long', base58check.encode(Uint8Array.of(0x00, ...hexToBytes(KEY_HASH), 0x00))],
      [
        'a payload one byte too short',
        base58check.encode(Uint8Array.of(0x00, ...hexToBytes(KEY_HASH).slice(1))),
      ],
      ['a truncated address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN'],
      ['inner whitespace', '1A1zP1eP5QGefi2DMP TfTL5SLmv7DivfNa'],
    ])('refuses %s', (_reason, address) => {
      refuses('bitcoin', address);
    });
  });

  describe('ethereum (and USDT on ERC-20)', () => {
    it.each([
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
      '0x52908400098527886E0F7030069857D2E4169EE7',
      '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
      '0xde709f2102306220921060314715629080e2fb77',
      '0x27b1fdb04752bbc536007a920d24acb045561c26',
    ])('accepts the EIP-55 vector %s as it is', (address) => {
      accepts('ethereum', address);
    });

    it('accepts single-case input and returns the EIP-55 form', () => {
      accepts(
        'ethereum',
        '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
        '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      );
      accepts(
        'ethereum',
        '0xFB6916095CA1DF60BB79CE92CE3EA74C37C5D359',
        '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      );
    });

    it.each([
      ['mixed case with one letter flipped', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD'],
      ['mixed case with the first letter flipped', '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['no 0x prefix', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['an upper-case 0X prefix', '0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['39 hex digits', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe'],
      ['41 hex digits', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed0'],
      ['a non-hex digit', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaeg'],
      ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['a Tron address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ])('refuses %s', (_reason, address) => {
      refuses('ethereum', address);
    });
  });

  describe('tron (USDT on TRC-20)', () => {
    it.each([
      ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
      ['TDt9YtfuttvxD2Jv8F8v4JEDbnBBb1jVNt', '2aeb8add8337360e088b7d9ce4e857b9be60f3a7'],
    ])('accepts %s', (address, hash) => {
      expect(withVersion(0x41, hash)).toBe(address);
      accepts('tron', address);
    });

    it.each([
      ['a changed character', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T'],
      ['the hex form', '41a614f803b6fd780986a42c78ec9c7f77e6ded13c'],
      ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
      ['a truncated address', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'],
    ])('refuses %s', (_reason, address) => {
      refuses('tron', address);
    });
  });

  describe('dogecoin', () => {
    it.each([
      'DEa7damK8MsbdCJztidBasZKVsDLJifWfE',
      'DNkkfdUvkCDiywYE98MTVp9nQJTgeZAiFr',
      'DDWUYQ3GfMDj8hkx8cbnAMYkTzzAunAQxg',
      withVersion(0x16),
    ])('accepts %s', (address) => {
      accepts('dogecoin', address);
    });

    it.each([
      ['a changed character', 'DEa7damK8MsbdCJztidBasZKVsDLJifWfF'],
      ['a leading extra character', '1DDWUYQ3GfMDj8hkx8cbnAMYkTzzAunAQxg'],
      ['a trailing extra character', 'DDWUYQ3GfMDj8hkx8cbnAMYkTzzAunAQxgs'],
      ['a testnet P2PKH', withVersion(0x71)],
      ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
    ])('refuses %s', (_reason, address) => {
      refuses('dogecoin', address);
    });
  });

  describe('xrp', () => {
    it.each([
      ['the genesis account', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
      ['the account behind an X-address vector', 'r9cZA1mLK5R5Am25ArfXFmqgNwjZgnfk59'],
      ['an account of the key hash', inRippleAlphabet(withVersion(0x00))],
    ])('accepts %s', (_name, address) => {
      accepts('xrp', address);
    });

    it.each([
      ['a changed character', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTj'],
      ['a truncated address', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyT'],
      ['an X-address', 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ'],
      ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['a character outside the Ripple alphabet', 'rHb9CJAWyB4rj91VRWn96DkukG4bwdty0h'],
      ['a checksummed hash under another version byte', inRippleAlphabet(withVersion(0x05))],
    ])('refuses %s', (_reason, address) => {
      refuses('xrp', address);
    });
  });

  describe('solana', () => {
    it.each([['the token program', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA']])(
      'accepts %s',
      (_name, address) => {
        accepts('solana', address);
      },
    );

    it.each([
      ['31 bytes', '1111111111111111111111111111111'],
      ['33 bytes', '111111111111111111111111111111111'],
      ['more than 32 bytes', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DAx'],
      ['a character outside base58', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ50A'],
      ['a Bitcoin address', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
      ['an Ethereum address', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
    ])('refuses %s', (_reason, address) => {
      refuses('solana', address);
    });
  });
});

describe('addresses that belong to no one', () => {
  it.each([
    ['bitcoin', '1111111111111111111114oLvT2'],
    ['bitcoin', 'bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq9e75rs'],
    ['ethereum', '0x0000000000000000000000000000000000000000'],
    ['tron', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb'],
    ['dogecoin', 'D596YFweJQuHY1BbjazZYmAbt8jJPbKehC'],
    ['xrp', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'],
    ['solana', '11111111111111111111111111111111'],
  ] as const)('refuses %s %s: a payout there is lost', (network, address) => {
    const result = validateWalletAddress(network, address);
    expect(result).toEqual({
      ok: false,
      reason: 'unowned',
      message: `This ${WALLET_NETWORKS[network]} address belongs to no one: whatever is sent to it is lost. Enter your own address`,
    });
  });

  it('takes an address with one byte other than zero', () => {
    expect(validateWalletAddress('ethereum', '0x0000000000000000000000000000000000000001')).toEqual({
      ok: true,
      address: '0x0000000000000000000000000000000000000001',
    });
  });
});

describe('walletAddressSchema', () => {
  it('parses to the canonical address', () => {
    expect(walletAddressSchema('ethereum').parse(' 0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed ')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(walletAddressSchema('bitcoin').parse('BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4')).toBe(
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    );
  });

  it('reports the network in its message', () => {
    const result = walletAddressSchema('tron').safeParse('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Enter a valid Tron address']);
  });

  it('asks for an address when it is missing or blank', () => {
    for (const input of [undefined, '  ']) {
      const result = walletAddressSchema('solana').safeParse(input);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Wallet address is required']);
    }
  });
});
