import { describe, expect, it } from '@jest/globals';
import { parseSoakArgs } from './config.js';

describe('parseSoakArgs', () => {
  it('runs three minutes with eight members and the random seed unless told', () => {
    expect(parseSoakArgs([], {}, 77)).toEqual({
      minutes: 3,
      seed: 77,
      members: 8,
      databaseUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
    });
  });

  it('takes the minutes, the seed to repeat and the members, and the server of TEST_DATABASE_URL', () => {
    expect(
      parseSoakArgs(
        ['--minutes', '5', '--seed', '2111', '--members', '12'],
        { TEST_DATABASE_URL: 'postgres://db/x' },
        1,
      ),
    ).toEqual({ minutes: 5, seed: 2111, members: 12, databaseUrl: 'postgres://db/x' });
  });

  it.each([
    [['--minutes']],
    [['--minutes', 'ten']],
    [['--minutes', '1']],
    [['--seed', '-1']],
    [['--seed', '1.5']],
    [['--members', '1']],
    [['--hours', '2']],
  ])('refuses %j with the usage', (argv) => {
    expect(() => parseSoakArgs(argv, {}, 1)).toThrow(/usage: npm run soak/);
  });
});
