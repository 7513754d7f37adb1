import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileOffsetClock } from './clock.js';

describe('the file offset clock of browser tests', () => {
  it('runs on the system time until the file moves it ahead, and reads the file at every call', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'ls-clock-'));
    const file = join(directory, 'offset');
    try {
      const clock = fileOffsetClock(file);
      const drift = () => Math.abs(clock.now().getTime() - Date.now());
      expect(drift()).toBeLessThan(1000);
      await writeFile(file, String(48 * 3_600_000));
      expect(clock.now().getTime() - Date.now()).toBeGreaterThan(48 * 3_600_000 - 1000);
      await writeFile(file, 'not a number');
      expect(drift()).toBeLessThan(1000);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
