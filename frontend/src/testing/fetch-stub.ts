import { jest } from '@jest/globals';

type StubbedAnswer = { status: number; body?: unknown };

/** jsdom has no fetch: tests answer the browser's requests themselves, at that boundary only. */
export function stubFetch(answer: (url: string, init?: RequestInit) => StubbedAnswer) {
  const fetchStub = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const { status, body } = answer(String(input), init);
    const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
    return {
      status,
      ok: status >= 200 && status < 300,
      text: async () => text,
    } as Response;
  });
  globalThis.fetch = fetchStub;
  return fetchStub;
}
