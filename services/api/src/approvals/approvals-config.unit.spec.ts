import { describe, expect, it } from '@jest/globals';
import { loadConfig } from '../shared/config/config.js';

const production = {
  APP_MODE: 'production',
  COOKIE_SECRET: 'k3N8xQ2vR7mT1wY5bH9cJ4fL6pS0dG2z',
  TWO_FACTOR_KEY: 'p7Vb2Qw9Lr4Tz8Xc1Mn6Hs3Kd5Gf0Ja2',
  ACCOUNT_LINK_KEY: 'a9Zq4Lm2Xc7Vb1Nw6Ty3Rk8Hs5Gd0Pf2',
};

describe('approval settings', () => {
  it('are on in production unless APPROVALS=off says otherwise, with 10,000.00 thresholds and 72 hours to decide', () => {
    expect(loadConfig(production).approvals).toEqual({
      enabled: true,
      depositOver: 1_000_000n,
      withdrawalOver: 1_000_000n,
      expiryHours: 72,
    });
    expect(loadConfig({ ...production, APPROVALS: 'off' }).approvals.enabled).toBe(false);
  });

  it('are off in local mode (a single-admin demo) unless APPROVALS=on', () => {
    expect(loadConfig({}).approvals.enabled).toBe(false);
    expect(loadConfig({ APPROVALS: 'on' }).approvals.enabled).toBe(true);
  });

  it('read each threshold and the expiry', () => {
    const config = loadConfig({
      APPROVALS: 'on',
      APPROVAL_DEPOSIT_OVER: '2500.50',
      APPROVAL_WITHDRAWAL_OVER: '0',
      APPROVAL_EXPIRY_HOURS: '24',
    });
    expect(config.approvals).toEqual({
      enabled: true,
      depositOver: 250_050n,
      withdrawalOver: 0n,
      expiryHours: 24,
    });
  });

  it.each([
    ['APPROVALS', 'yes'],
    ['APPROVAL_DEPOSIT_OVER', '10.001'],
    ['APPROVAL_WITHDRAWAL_OVER', '-5'],
    ['APPROVAL_EXPIRY_HOURS', '0'],
    ['APPROVAL_EXPIRY_HOURS', '1.5'],
  ])('refuse a bad %s (%s) in one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`),
    );
  });
});
