import { describe, expect, it } from '@jest/globals';

import { stubFetch } from '../testing/fetch-stub.js';
import { api, ApiError } from './api-client.js';

describe('api client', () => {
  it('sends JSON to /api with the session cookie and the custom header', async () => {
    const fetchStub = stubFetch(() => ({ status: 201, body: { id: 'a1' } }));

    await expect(api.post('/user', { email: 'ada@example.com' })).resolves.toEqual({ id: 'a1' });

    const [url, init] = fetchStub.mock.calls[0] ?? [];
    expect(url).toBe('/api/user');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"email":"ada@example.com"}',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    });
  });

  it('turns { message, fieldErrors } answers into an ApiError', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        message: 'Check the highlighted fields',
        fieldErrors: { email: 'Enter an e-mail', phone: ['Required'] },
      },
    }));

    const error = await api.post('/user', {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Check the highlighted fields',
      fieldErrors: { email: 'Enter an e-mail', phone: 'Required' },
    });
  });

  it('falls back to a plain message when the error body is not the API’s', async () => {
    stubFetch(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));

    await expect(api.get('/health')).rejects.toMatchObject({
      status: 502,
      message: 'Request failed with status 502',
      fieldErrors: {},
    });
  });

  it('reads answers with a status the caller accepts, and returns nothing for an empty body', async () => {
    stubFetch((url) =>
      url.endsWith('/health') ? { status: 503, body: { status: 'degraded' } } : { status: 204 },
    );

    await expect(api.get('/health', { acceptStatuses: [503] })).resolves.toEqual({ status: 'degraded' });
    await expect(api.delete('/session')).resolves.toBeUndefined();
  });

  it('says the server cannot be reached when the request itself fails', async () => {
    globalThis.fetch = async () => {
      throw new TypeError('Failed to fetch');
    };

    await expect(api.get('/health')).rejects.toMatchObject({ status: 0 });
  });
});
