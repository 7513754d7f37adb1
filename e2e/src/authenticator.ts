import { Secret, TOTP } from 'otpauth';
import type { PlatformClock } from './platform.js';

const PERIOD_SECONDS = 30;

/**
 * The authenticator app of a test: codes computed from the setup key the page showed, at the platform's time.
 * The server accepts each 30-second step once (and the one after the current, for clocks a little ahead), so
 * every code this hands out is of a step it has not handed out before; when none is left in the window it moves
 * the platform's clock to the next step, as waiting for it would, without the wait.
 */
export class TestAuthenticator {
  private readonly totp: TOTP;
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(
    setupKey: string,
    private readonly clock: PlatformClock,
  ) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(setupKey.replace(/\s/g, '')),
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
    });
  }

  async nextCode(): Promise<string> {
    for (;;) {
      const now = this.clock.now();
      const current = this.totp.counter({ timestamp: now });
      const step = Math.max(current, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * PERIOD_SECONDS * 1000 });
      }
      // Every usable step is spent: move the platform to the moment the current step ends.
      const offset = now - Date.now();
      await this.clock.setOffset(offset + this.totp.remaining({ timestamp: now }) + 50);
    }
  }
}
