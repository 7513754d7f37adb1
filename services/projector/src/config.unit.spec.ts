import { describe, expect, it } from '@jest/globals';
import { ConfigError, LOCAL_ACCOUNT_LINK_KEY, loadConfig } from './config.js';

describe('projector config', () => {
  it('defaults to the local database, Redis, key prefix, site and lock link key', () => {
    expect(loadConfig({})).toEqual({
      mode: 'local',
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/ledgerstone',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'ledgerstone',
      logLevel: 'info',
      healthPort: 3001,
      minPageIntervalMs: 100,
      publicUrl: 'http://localhost:3000',
      accountLinkKey: 'ledgerstone-local-development-account-link-key',
    });
    expect(LOCAL_ACCOUNT_LINK_KEY).toBe('ledgerstone-local-development-account-link-key');
  });

  it('reads the site and the lock link key the api shares', () => {
    const key = 'k'.repeat(32);
    expect(
      loadConfig({
        APP_MODE: 'production',
        PUBLIC_URL: 'https://ledgerstone.example',
        ACCOUNT_LINK_KEY: key,
      }),
    ).toMatchObject({ mode: 'production', publicUrl: 'https://ledgerstone.example', accountLinkKey: key });
  });

  it('refuses to run in production without a lock link key of its own, and a short key anywhere', () => {
    expect(() => loadConfig({ APP_MODE: 'production' })).toThrow(
      new ConfigError('Invalid environment variable ACCOUNT_LINK_KEY: required in production'),
    );
    expect(() => loadConfig({ APP_MODE: 'production', ACCOUNT_LINK_KEY: '' })).toThrow(
      /^Invalid environment variable ACCOUNT_LINK_KEY: required in production$/,
    );
    expect(() => loadConfig({ ACCOUNT_LINK_KEY: 'short' })).toThrow(
      /^Invalid environment variable ACCOUNT_LINK_KEY: Use at least 32 random characters$/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://ledgerstone.example' })).toThrow(
      /^Invalid environment variable PUBLIC_URL: /,
    );
  });

  it('reads the mail queue settings, an empty value taking the default', () => {
    const config = loadConfig({
      REDIS_URL: 'rediss://cache.internal:6380',
      REDIS_PREFIX: 'staging',
      LOG_LEVEL: '',
    });

    expect(config).toMatchObject({
      redisUrl: 'rediss://cache.internal:6380',
      redisPrefix: 'staging',
      logLevel: 'info',
    });
  });

  it('reads the log at most once per PROJECTOR_MIN_PAGE_INTERVAL_MS under load, 0 to 1000', () => {
    expect(loadConfig({ PROJECTOR_MIN_PAGE_INTERVAL_MS: '0' }).minPageIntervalMs).toBe(0);
    expect(() => loadConfig({ PROJECTOR_MIN_PAGE_INTERVAL_MS: '1001' })).toThrow(ConfigError);
    expect(() => loadConfig({ PROJECTOR_MIN_PAGE_INTERVAL_MS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ PROJECTOR_MIN_PAGE_INTERVAL_MS: '100ms' })).toThrow(ConfigError);
  });

  it('serves health on PROJECTOR_HEALTH_PORT, and not at all when it is 0', () => {
    expect(loadConfig({ PROJECTOR_HEALTH_PORT: '4101' }).healthPort).toBe(4101);
    expect(loadConfig({ PROJECTOR_HEALTH_PORT: '0' }).healthPort).toBeNull();
    expect(loadConfig({ PROJECTOR_HEALTH_PORT: '' }).healthPort).toBe(3001);
  });

  it.each(['http', '-1', '65536', '30.5'])('refuses PROJECTOR_HEALTH_PORT=%s naming it', (value) => {
    expect(() => loadConfig({ PROJECTOR_HEALTH_PORT: value })).toThrow(
      /^Invalid environment variable PROJECTOR_HEALTH_PORT: [^\n]+$/,
    );
  });

  it('names the bad variable', () => {
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(ConfigError);
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(
      /^Invalid environment variable REDIS_URL: /,
    );
    expect(() => loadConfig({ REDIS_PREFIX: 'has space' })).toThrow(
      /^Invalid environment variable REDIS_PREFIX: /,
    );
  });
});
