import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

describe('projector config', () => {
  it('defaults to the local database, Redis and key prefix', () => {
    expect(loadConfig({})).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/ledgerstone',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'ledgerstone',
      logLevel: 'info',
      healthPort: 3001,
    });
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
