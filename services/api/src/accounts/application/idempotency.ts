import { createHash } from 'node:crypto';

/** A client's Idempotency-Key with the fingerprint of the request it came with. */
export interface IdempotencyKey {
  key: string;
  /** `requestHash` of the request: the same key sent again with another request is refused. */
  requestHash: string;
}

/**
 * The key tied to `request`: what the command was asked to do, as parsed (so the order of fields or of multipart
 * parts does not matter), files included.
 */
export function keyedRequest(key: string | undefined, request: unknown): IdempotencyKey | undefined {
  return key === undefined ? undefined : { key, requestHash: requestHash(request) };
}

/**
 * SHA-256 of a canonical JSON of the request: object keys sorted, undefined fields left out, and file contents
 * (Buffers) by their own SHA-256, so a different file under the same key is another request.
 */
export function requestHash(request: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify(canonical(request)))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (value instanceof Uint8Array) return { sha256: createHash('sha256').update(value).digest('hex') };
  if (Array.isArray(value)) return value.map(canonical);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object' && value !== null) {
    const fields = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(fields)
        .sort()
        .filter((key) => fields[key] !== undefined)
        .map((key) => [key, canonical(fields[key])]),
    );
  }
  return value;
}
