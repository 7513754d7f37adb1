import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
/** A fixed seed, so a failure here repeats with `npm run soak -- --minutes 3 --seed 2111`. */
const SEED = '2111';

describe('soak: two api and two projector instances under load while processes die', () => {
  it('keeps every promise through three minutes of faults', async () => {
    const { exitCode, output } = await new Promise<{ exitCode: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        ['bench/dist/soak.js', '--minutes', '3', '--seed', SEED],
        { cwd: root, env: process.env, maxBuffer: 64 * 1024 * 1024, timeout: 330_000, killSignal: 'SIGINT' },
        (error, stdout, stderr) =>
          resolve({
            exitCode: error ? (typeof error.code === 'number' ? error.code : null) : 0,
            output: `${stdout}${stderr}`,
          }),
      );
    });

    // The whole report on failure: the broken promise, its evidence and the seed.
    expect({ exitCode, output }).toEqual({
      exitCode: 0,
      output: expect.stringContaining('Every promise kept'),
    });
  }, 360_000);
});
