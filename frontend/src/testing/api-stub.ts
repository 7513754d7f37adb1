import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';

import { renderApp } from './render-app.js';

export type StubbedAnswer = { status: number; body?: unknown };
type Route = StubbedAnswer | (() => StubbedAnswer | Promise<StubbedAnswer>);

/** A promise the test settles itself, to hold a request open and see the pending state. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

/**
 * Answers the browser's fetch by "METHOD /path"; the footer's health check is answered too. Requests
 * nobody expected fail the test through a 599 answer the screens would show.
 */
export function stubApi(routes: Record<string, Route>) {
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${String(input)}`;
    const route =
      key === 'GET /api/health' ? { status: 200, body: { status: 'ok', checks: {} } } : routes[key];
    const { status, body } =
      route === undefined
        ? { status: 599, body: { message: `unexpected request ${key}` } }
        : typeof route === 'function'
          ? await route()
          : route;
    const text = body === undefined ? '' : JSON.stringify(body);
    return { status, ok: status >= 200 && status < 300, text: async () => text } as Response;
  });
  globalThis.fetch = fetchStub;
  return {
    fetchStub,
    /** The JSON bodies sent with "METHOD /path". */
    sentBodies: (key: string) =>
      fetchStub.mock.calls
        .filter(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key)
        .map(([, init]) => JSON.parse(String(init?.body ?? 'null')) as unknown),
  };
}

/** Renders the app at an auth screen and waits for it: the screens load on demand. */
export async function renderScreen(path: string) {
  const rendered = renderApp(path);
  await screen.findByRole('form');
  return rendered;
}
