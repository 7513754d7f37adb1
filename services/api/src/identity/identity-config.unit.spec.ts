import { describe, expect, it } from '@jest/globals';
import {
  ConfigError,
  loadConfig,
  LOCAL_COOKIE_SECRET,
  LOCAL_TWO_FACTOR_KEY,
} from '../shared/config/config.js';

describe('identity settings', () => {
  it('defaults to a 30-minute idle timeout, 7 days for remember-me, and the local cookie secret', () => {
    const config = loadConfig({});

    expect(config.sessions).toEqual({ idleMinutes: 30, rememberedIdleDays: 7 });
    expect(config.cookieSecret).toBe(LOCAL_COOKIE_SECRET);
  });

  it('reads the session timeouts and the cookie secret', () => {
    const config = loadConfig({
      SESSION_IDLE_MINUTES: '15',
      REMEMBERED_SESSION_IDLE_DAYS: '3',
      COOKIE_SECRET: 'k3N8xQ2vR7mT1wY5bH9cJ4fL6pS0dG2z',
    });

    expect(config.sessions).toEqual({ idleMinutes: 15, rememberedIdleDays: 3 });
    expect(config.cookieSecret).toBe('k3N8xQ2vR7mT1wY5bH9cJ4fL6pS0dG2z');
  });

  it('seals two-factor secrets with a fixed local key, and requires a key of its own (32+ characters) in production', () => {
    expect(loadConfig({}).twoFactorKey).toBe(LOCAL_TWO_FACTOR_KEY);
    expect(loadConfig({ TWO_FACTOR_KEY: 'p7Vb2Qw9Lr4Tz8Xc1Mn6Hs3Kd5Gf0Ja2' }).twoFactorKey).toBe(
      'p7Vb2Qw9Lr4Tz8Xc1Mn6Hs3Kd5Gf0Ja2',
    );
    const production = () =>
      loadConfig({ APP_MODE: 'production', COOKIE_SECRET: 'k3N8xQ2vR7mT1wY5bH9cJ4fL6pS0dG2z' });
    expect(production).toThrow(ConfigError);
    expect(production).toThrow(/^Invalid environment variable TWO_FACTOR_KEY: required in production$/);
    expect(() => loadConfig({ TWO_FACTOR_KEY: 'too-short' })).toThrow(
      /^Invalid environment variable TWO_FACTOR_KEY: Use at least 32 random characters$/,
    );
  });

  it('requires a cookie secret of its own in production', () => {
    const load = () => loadConfig({ APP_MODE: 'production' });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/^Invalid environment variable COOKIE_SECRET: required in production$/);
  });

  it.each([
    ['COOKIE_SECRET', 'too-short'],
    ['SESSION_IDLE_MINUTES', '0'],
    ['REMEMBERED_SESSION_IDLE_DAYS', '31'],
  ])('refuses a bad %s (%s) in one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`),
    );
  });

  it('creates the first admin as admin@ledgerstone.local with a generated password unless told otherwise', () => {
    expect(loadConfig({}).firstAdmin).toEqual({ email: 'admin@ledgerstone.local', password: undefined });
    expect(
      loadConfig({ ADMIN_EMAIL: 'Boss@Example.test', ADMIN_PASSWORD: 'counting house ledger' }).firstAdmin,
    ).toEqual({ email: 'boss@example.test', password: 'counting house ledger' });
  });

  it.each([
    ['ADMIN_EMAIL', 'boss', 'Enter a valid email address'],
    ['ADMIN_PASSWORD', 'short', 'Password must be at least 8 characters'],
    ['ADMIN_PASSWORD', 'password1', 'This password is too common. Choose another one.'],
  ])('refuses to start with a bad %s (%s), in one line', (name, value, reason) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new ConfigError(`Invalid environment variable ${name}: ${reason}`),
    );
  });
});
