import { describe, expect, it } from '@jest/globals';
import { parseConfig } from './config.js';

describe('parseConfig', () => {
  it('fills in the local defaults and leaves S3 and SMTP to the local servers', () => {
    expect(parseConfig({})).toEqual({
      PORT: 3000,
      PROJECTOR_HEALTH_PORT: 3001,
      MAILER_HEALTH_PORT: 3002,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/ledgerstone',
      REDIS_URL: 'redis://127.0.0.1:6379',
      S3_BUCKET: 'ledgerstone-proofs',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
  });

  it('treats an empty value as unset', () => {
    const config = parseConfig({ S3_ENDPOINT: '', SMTP_URL: '', PORT: '' });
    expect(config.S3_ENDPOINT).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it('takes the values that are set', () => {
    const config = parseConfig({
      PORT: '3100',
      S3_ENDPOINT: 'http://minio:9000',
      SMTP_URL: 'smtp://mail:587',
    });
    expect(config).toMatchObject({
      PORT: 3100,
      S3_ENDPOINT: 'http://minio:9000',
      SMTP_URL: 'smtp://mail:587',
    });
  });

  it('takes the health ports of the projector and the mailer, 0 turning them off', () => {
    expect(parseConfig({ PROJECTOR_HEALTH_PORT: '4101', MAILER_HEALTH_PORT: '0' })).toMatchObject({
      PROJECTOR_HEALTH_PORT: 4101,
      MAILER_HEALTH_PORT: 0,
    });
  });

  it.each([
    ['PORT', 'eighty'],
    ['PROJECTOR_HEALTH_PORT', '65536'],
    ['MAILER_HEALTH_PORT', '-1'],
    ['DATABASE_URL', 'mysql://127.0.0.1/ledgerstone'],
    ['REDIS_URL', 'not a url'],
    ['SMTP_URL', 'http://127.0.0.1:1025'],
    ['S3_BUCKET', 'ab'],
  ])('refuses a bad %s with one line naming it', (name, value) => {
    expect(() => parseConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`),
    );
  });
});
