import type { Clock } from '../clock/clock.js';

/** A clock that stands still until the test moves it. */
export class FakeClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advanceMinutes(minutes: number): void {
    this.current += minutes * 60_000;
  }
}
