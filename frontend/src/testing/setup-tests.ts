import '@testing-library/jest-dom/jest-globals';
import { TextDecoder, TextEncoder } from 'node:util';
import { deserialize, serialize } from 'node:v8';

// jsdom lacks what react-router needs: TextEncoder at import time, and a Request for every navigation
// (handed to loaders; the app's tests read only its url, method, headers and signal).
class NavigationRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;

  constructor(input: string | URL, init: RequestInit = {}) {
    this.url = String(input);
    this.method = (init.method ?? 'GET').toUpperCase();
    this.headers = new Headers(init.headers);
    this.signal = init.signal ?? new AbortController().signal;
  }
}

Object.assign(globalThis, { TextEncoder, TextDecoder, Request: NavigationRequest });
// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};
// jsdom does not expose structuredClone; the admin chart's pointer gestures clone their options with it.
globalThis.structuredClone ??= <T>(value: T): T => deserialize(serialize(value)) as T;

// Jest's ESM loader throws "request for ... is not in cache" when a lazy layout and its lazy child import a
// module neither has loaded yet at the same moment (browsers do not). Loading the signed-in layouts first
// leaves the two nothing to race on.
await import('../app/routes/dashboard/layout.js');
await import('../app/routes/admin/layout.js');
