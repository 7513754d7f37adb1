import { env } from '../config/env.js';

export type FieldErrors = Record<string, string>;

export const UNREACHABLE_MESSAGE = 'Cannot reach the server. Check your connection and try again.';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    /** Every message per field, where a field has several (each bad row of an uploaded CSV). */
    readonly fieldErrorLists: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

export type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  /** Statuses outside 2xx whose body is still a regular answer (health reports 503 with its report). */
  acceptStatuses?: readonly number[];
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
};

const unreadable = Symbol('unreadable');

function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return unreadable;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// The server may send one message per field or a list of them; forms show the first.
function readFieldErrors(value: unknown): FieldErrors {
  if (!isRecord(value)) return {};
  const fieldErrors: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const message = Array.isArray(messages) ? messages.find((m) => typeof m === 'string') : messages;
    if (typeof message === 'string' && message !== '') fieldErrors[field] = message;
  }
  return fieldErrors;
}

function readFieldErrorLists(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const lists: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (message): message is string => typeof message === 'string' && message !== '',
    );
    if (list.length > 0) lists[field] = list;
  }
  return lists;
}

/** The API's refusal `{ message, fieldErrors? }` as an ApiError, whatever the body turned out to be. */
export function toApiError(status: number, body: unknown): ApiError {
  const fallback = `Request failed with status ${status}`;
  if (!isRecord(body)) return new ApiError(status, fallback);
  const message = typeof body.message === 'string' && body.message !== '' ? body.message : fallback;
  return new ApiError(
    status,
    message,
    readFieldErrors(body.fieldErrors),
    readFieldErrorLists(body.fieldErrors),
  );
}

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {
    ...options.headers,
    Accept: 'application/json',
    // The API refuses state-changing requests without it (a cross-site form cannot set custom headers).
    'X-Requested-With': 'XMLHttpRequest',
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(`${env.API_URL}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, UNREACHABLE_MESSAGE);
  }

  const body = parseBody(await response.text());
  if (response.ok || options.acceptStatuses?.includes(response.status)) {
    if (body === unreadable) throw new ApiError(response.status, 'The server sent an unreadable answer.');
    return body as T;
  }
  throw toApiError(response.status, body);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
