/** A caller went over one of the rate limits; it may try again after `retryAfterSeconds`. */
export class TooManyAttempts extends Error {
  override readonly name = 'TooManyAttempts';
  readonly retryAfterSeconds: number;

  constructor(msBeforeRetry: number) {
    const retryAfterSeconds = Math.max(1, Math.ceil(msBeforeRetry / 1000));
    super(`Too many attempts; retry after ${retryAfterSeconds} s`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
