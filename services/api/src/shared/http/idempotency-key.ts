import { ValidationError } from '@ledgerstone/ledger';

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The optional Idempotency-Key header: printable ASCII, at most 200 characters. */
export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY.test(header)) {
    throw new ValidationError('Idempotency-Key', 'Idempotency-Key must be 1 to 200 printable characters');
  }
  return header;
}
