import { MAIL_SECRET_FIELDS } from '@ledgerstone/contracts';

const EMAIL_ADDRESS = /([^\s@<>()[\]"',;:]+)@([^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+)/g;

/** `jane@example.com` -> `j***@example.com`: enough to tell jobs apart, not enough to harvest addresses. */
export function maskEmailAddressesIn(text: string): string {
  return text.replace(EMAIL_ADDRESS, (_, local: string, domain: string) => `${local[0]}***@${domain}`);
}

/** Masks every e-mail address in the strings and keys of a JSON-like value, however deeply nested. */
export function maskEmailAddresses(value: unknown): unknown {
  if (typeof value === 'string') return maskEmailAddressesIn(value);
  if (Array.isArray(value)) return value.map(maskEmailAddresses);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [maskEmailAddressesIn(key), maskEmailAddresses(item)]),
    );
  }
  return value;
}

/**
 * Mail data that acts on an account: a reset link, a verification code or a "lock my account" link is never
 * shown, not even to admins.
 */
const SECRET_FIELDS = new Set<string>([...MAIL_SECRET_FIELDS, 'lockUrl']);

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_FIELDS.has(key) ? '[hidden]' : withoutSecrets(item),
      ]),
    );
  }
  return value;
}

/** A mail job's data as the board shows it: secrets hidden, e-mail addresses masked. */
export function maskJobData(data: unknown): unknown {
  return maskEmailAddresses(withoutSecrets(data));
}
