import { describe, expect, it } from '@jest/globals';
import { parseHttpBenchArgs } from './config.js';

describe('bench:http arguments', () => {
  it('runs 3 times 10 s after 3 s of warm-up, 32 connections and 64 members when nothing is given', () => {
    expect(parseHttpBenchArgs([], {})).toEqual({
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/ledgerstone',
      redisUrl: 'redis://127.0.0.1:6379',
      runs: 3,
      seconds: 10,
      warmupSeconds: 3,
      connections: 32,
      members: 64,
    });
  });

  it('takes each option as "--name value" or "--name=value", and the servers from the environment', () => {
    const config = parseHttpBenchArgs(['--runs', '5', '--seconds=20', '--warmup', '1', '--members=128'], {
      DATABASE_URL: 'postgresql://bench@db.test:5433/x',
      REDIS_URL: 'redis://cache.test:6380',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://bench@db.test:5433/x',
      redisUrl: 'redis://cache.test:6380',
      runs: 5,
      seconds: 20,
      warmupSeconds: 1,
      connections: 32,
      members: 128,
    });
  });

  it('refuses unknown options, values that are not positive integers, and a missing value', () => {
    expect(() => parseHttpBenchArgs(['--rounds', '3'], {})).toThrow('Unknown argument "--rounds"');
    expect(() => parseHttpBenchArgs(['5'], {})).toThrow('Unknown argument "5"');
    expect(() => parseHttpBenchArgs(['--runs', '0'], {})).toThrow(
      '--runs must be a positive integer, got "0"',
    );
    expect(() => parseHttpBenchArgs(['--seconds=1.5'], {})).toThrow('--seconds must be a positive integer');
    expect(() => parseHttpBenchArgs(['--members'], {})).toThrow(
      '--members must be a positive integer, got ""',
    );
  });

  it('refuses a server address of the wrong kind', () => {
    expect(() => parseHttpBenchArgs([], { DATABASE_URL: 'mysql://x' })).toThrow(
      'DATABASE_URL must be a postgres:// URL',
    );
    expect(() => parseHttpBenchArgs([], { REDIS_URL: 'not a url' })).toThrow(
      'REDIS_URL must be a redis:// URL',
    );
  });
});
