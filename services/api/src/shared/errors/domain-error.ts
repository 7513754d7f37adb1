/**
 * The kinds of refusal a context makes below the HTTP edge. The exception filter turns each into its status;
 * nothing else of HTTP is known below it.
 */
export type DomainErrorCode =
  | 'VALIDATION'
  | 'UNAUTHENTICATED'
  /** Signed in, but the action asks for more first (a fresh second factor). */
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'IDEMPOTENCY_KEY_REUSED'
  /** Well-formed but refused as given: a wrong second-factor code. */
  | 'UNPROCESSABLE'
  | 'UNAVAILABLE';

/** What a refusal says above the fields it names, when the fields say what is wrong. */
export const CORRECT_THE_FIELDS = 'Please correct the highlighted fields';

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

/**
 * A refusal of a use case, as AccountError is the ledger's: a code, a message fit to show the member or admin
 * as is, and the form fields at fault when there are any. Each context declares its own subclasses.
 */
export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;

  constructor(
    message: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
