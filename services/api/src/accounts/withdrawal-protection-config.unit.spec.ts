import { describe, expect, it } from '@jest/globals';
import { LOCAL_ACCOUNT_LINK_KEY, loadConfig } from '../shared/config/config.js';

const production = {
  APP_MODE: 'production',
  COOKIE_SECRET: 'k3N8xQ2vR7mT1wY5bH9cJ4fL6pS0dG2z',
  TWO_FACTOR_KEY: 'p7Vb2Qw9Lr4Tz8Xc1Mn6Hs3Kd5Gf0Ja2',
};

describe('withdrawal protection settings', () => {
  it('cools new addresses 48 hours, holds 24 hours after a security change, limits 50,000.00 a day and 250,000.00 in 30 days, and 10 withdrawals awaiting review', () => {
    expect(loadConfig({}).withdrawalProtection).toEqual({
      coolingHours: 48,
      holdHours: 24,
      defaultLimits: { daily: 5_000_000n, thirtyDays: 25_000_000n },
      pendingMax: 10,
    });
  });

  it('reads each of them, 0 hours turning a wait off', () => {
    const config = loadConfig({
      WALLET_COOLING_HOURS: '0',
      SECURITY_HOLD_HOURS: '72',
      WITHDRAWAL_LIMIT_DAY: '1000.5',
      WITHDRAWAL_LIMIT_30D: '2500',
      WITHDRAWALS_PENDING_MAX: '3',
    });
    expect(config.withdrawalProtection).toEqual({
      coolingHours: 0,
      holdHours: 72,
      defaultLimits: { daily: 100_050n, thirtyDays: 250_000n },
      pendingMax: 3,
    });
  });

  it.each([
    ['WALLET_COOLING_HOURS', '-1'],
    ['SECURITY_HOLD_HOURS', '1.5'],
    ['WITHDRAWAL_LIMIT_DAY', '10.001'],
    ['WITHDRAWAL_LIMIT_DAY', '0'],
    ['WITHDRAWAL_LIMIT_DAY', '300000.00'],
    ['WITHDRAWAL_LIMIT_30D', 'lots'],
    ['WITHDRAWALS_PENDING_MAX', '0'],
    ['WITHDRAWALS_PENDING_MAX', '2.5'],
    ['WITHDRAWALS_PENDING_MAX', '1000001'],
  ])('refuses a bad %s (%s) in one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`),
    );
  });

  it('signs lock links with a fixed local key, and requires a key of its own in production', () => {
    expect(loadConfig({}).accountLinkKey).toBe(LOCAL_ACCOUNT_LINK_KEY);
    expect(() => loadConfig(production)).toThrow(
      /^Invalid environment variable ACCOUNT_LINK_KEY: required in production$/,
    );
    const key = 'a9Zq4Lm2Xc7Vb1Nw6Ty3Rk8Hs5Gd0Pf2';
    expect(loadConfig({ ...production, ACCOUNT_LINK_KEY: key }).accountLinkKey).toBe(key);
  });

  it('moves the clock by a file only outside production', () => {
    expect(loadConfig({ TEST_CLOCK_FILE: '/tmp/offset' }).testClockFile).toBe('/tmp/offset');
    expect(() =>
      loadConfig({
        ...production,
        ACCOUNT_LINK_KEY: 'a9Zq4Lm2Xc7Vb1Nw6Ty3Rk8Hs5Gd0Pf2',
        TEST_CLOCK_FILE: '/tmp/x',
      }),
    ).toThrow(/^Invalid environment variable TEST_CLOCK_FILE: never in production$/);
  });
});
