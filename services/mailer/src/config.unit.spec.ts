import { describe, expect, it } from '@jest/globals';
import { ConfigError, loadConfig } from './config.js';

describe('mailer config', () => {
  it('takes the local defaults when nothing is set', () => {
    expect(loadConfig({})).toEqual({
      mode: 'local',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'ledgerstone',
      smtpUrl: 'smtp://127.0.0.1:1025',
      mailFrom: 'Ledgerstone <no-reply@ledgerstone.local>',
      logLevel: 'info',
      backoffMs: 5_000,
      healthPort: 3002,
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ SMTP_URL: '' }).smtpUrl).toBe('smtp://127.0.0.1:1025');
  });

  it('reads the retry delay of mail', () => {
    expect(loadConfig({ MAIL_BACKOFF_MS: '200' }).backoffMs).toBe(200);
  });

  it('serves health on MAILER_HEALTH_PORT, and not at all when it is 0', () => {
    expect(loadConfig({ MAILER_HEALTH_PORT: '4102' }).healthPort).toBe(4102);
    expect(loadConfig({ MAILER_HEALTH_PORT: '0' }).healthPort).toBeNull();
    expect(loadConfig({ MAILER_HEALTH_PORT: '' }).healthPort).toBe(3002);
  });

  it.each([
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['SMTP_URL', 'not a url'],
    ['APP_MODE', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['REDIS_PREFIX', 'has space'],
    ['MAIL_BACKOFF_MS', '1.5'],
    ['MAIL_BACKOFF_MS', '0'],
    ['MAILER_HEALTH_PORT', 'http'],
    ['MAILER_HEALTH_PORT', '-1'],
    ['MAILER_HEALTH_PORT', '65536'],
  ])('refuses a bad %s in one line naming it', (name, value) => {
    const load = () => loadConfig({ [name]: value });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });
});
