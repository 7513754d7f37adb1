import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;

/**
 * The authenticator app of a test: codes computed from the setup key the page showed. The server accepts each
 * 30-second step once (and the one after the current, for clocks a little ahead), so every code this hands out
 * is of a step it has not handed out before; when none is left in the window it waits for the clock to move on.
 */
export class TestAuthenticator {
  private readonly totp: TOTP;
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(setupKey: string) {
    this.totp = new TOTP({
      secret: Secret.fromBase32(setupKey.replace(/\s/g, '')),
      algorithm: 'SHA1',
      digits: 6,
      period: PERIOD_SECONDS,
    });
  }

  async nextCode(): Promise<string> {
    for (;;) {
      const current = this.totp.counter();
      const step = Math.max(current, this.lastStep + 1);
      if (step <= current + 1) {
        this.lastStep = step;
        return this.totp.generate({ timestamp: step * PERIOD_SECONDS * 1000 });
      }
      // Every usable step is spent: the next one opens when the current step ends.
      await new Promise((resolve) => setTimeout(resolve, this.totp.remaining() + 50));
    }
  }
}
