import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

describe('api config', () => {
  it('takes the local defaults when nothing is set', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      mode: 'local',
      port: 3000,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/ledgerstone',
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'ledgerstone',
      objectStorage: {
        endpoint: undefined,
        region: 'us-east-1',
        bucket: 'ledgerstone-proofs',
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      },
      smtpUrl: 'smtp://127.0.0.1:1025',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
  });

  it('reads every variable it is given', () => {
    const config = loadConfig({
      APP_MODE: 'production',
      PORT: '8081',
      S3_ENDPOINT: 'http://minio:9000',
      S3_ACCESS_KEY_ID: 'ledgerstone',
      S3_SECRET_ACCESS_KEY: 'a-long-secret',
      SMTP_URL: 'smtps://relay.example.test:465',
      COOKIE_SECRET: 'k3N8xQ2vR7mT1wY5bH9cJ4fL6pS0dG2z',
      TWO_FACTOR_KEY: 'p7Vb2Qw9Lr4Tz8Xc1Mn6Hs3Kd5Gf0Ja2',
      ACCOUNT_LINK_KEY: 'a9Zq4Lm2Xc7Vb1Nw6Ty3Rk8Hs5Gd0Pf2',
    });

    expect(config.mode).toBe('production');
    expect(config.port).toBe(8081);
    expect(config.objectStorage.endpoint).toBe('http://minio:9000');
    expect(config.objectStorage.credentials).toEqual({
      accessKeyId: 'ledgerstone',
      secretAccessKey: 'a-long-secret',
    });
    expect(config.smtpUrl).toBe('smtps://relay.example.test:465');
  });

  it('reads the metrics token, unset by default', () => {
    const token = 'm3tr1cs-9f2Kq7Lw1Zx8Vb4Nc6Hj0Pd5Rt3Ys2Ua';

    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ S3_ENDPOINT: '', PORT: '' })).toMatchObject({
      port: 3000,
      objectStorage: { endpoint: undefined },
    });
  });

  it('finds the default SPA_DIR under the repository root from any working directory', () => {
    expect(loadConfig({}).spaDir).toBe(resolve(REPO_ROOT, 'frontend/dist'));
  });

  it('keeps an absolute SPA_DIR and resolves a relative one that exists from the working directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'ls-spa-dir-'));
    try {
      expect(loadConfig({ SPA_DIR: dir }).spaDir).toBe(dir);
      expect(loadConfig({ SPA_DIR: relative(process.cwd(), dir) }).spaDir).toBe(dir);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://127.0.0.1/ledgerstone'],
    ['REDIS_URL', '127.0.0.1:6379'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_BUCKET', 'Proofs_Bucket'],
    ['SMTP_URL', 'http://127.0.0.1:1025'],
    ['PUBLIC_URL', 'localhost:3000'],
    ['APP_MODE', 'staging'],
    ['LOG_LEVEL', 'loud'],
    ['METRICS_TOKEN', 'too-short'],
    ['METRICS_TOKEN', 'a token with spaces in it, long enough though'],
  ])('refuses a bad %s (%s) in one line naming it', (name, value) => {
    const load = () => loadConfig({ [name]: value });

    expect(load).toThrow(ConfigError);
    expect(load).toThrow(new RegExp(`^Invalid environment variable ${name}: [^\\n]+$`));
  });
});
