import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';

import { stubFetch } from '../../../testing/fetch-stub.js';
import { renderApp } from '../../../testing/render-app.js';

const check = (status: 'up' | 'down') => ({ status, latencyMs: 3 });

const footerStatus = () => within(screen.getByRole('contentinfo')).getByRole('status');

describe('service status line in the footer', () => {
  it('asks the API for its health as the browser would', async () => {
    const fetchStub = stubFetch(() => ({ status: 200, body: { status: 'ok', checks: {} } }));
    renderApp('/');

    await screen.findByText('All systems operational');
    expect(fetchStub).toHaveBeenCalledWith(
      '/api/health',
      expect.objectContaining({
        method: 'GET',
        credentials: 'include',
        headers: expect.objectContaining({ 'X-Requested-With': 'XMLHttpRequest' }),
      }),
    );
  });

  it('says all systems are operational when the API answers 200 ok', async () => {
    stubFetch(() => ({
      status: 200,
      body: {
        status: 'ok',
        checks: { postgres: check('up'), redis: check('up'), objectStorage: check('up'), smtp: check('up') },
      },
    }));
    renderApp('/');

    expect(footerStatus()).toHaveTextContent('Checking service status…');
    expect(await screen.findByText('All systems operational')).toBeInTheDocument();
    expect(footerStatus()).not.toHaveTextContent(/degraded/);
  });

  it('reports degraded services when the API answers 503 with its report', async () => {
    stubFetch(() => ({
      status: 503,
      body: {
        status: 'degraded',
        checks: {
          postgres: check('up'),
          redis: { status: 'down', error: 'connect ECONNREFUSED 127.0.0.1:6379' },
          objectStorage: check('up'),
          smtp: check('up'),
        },
      },
    }));
    renderApp('/');

    expect(await screen.findByText('Some services are degraded')).toBeInTheDocument();
    expect(footerStatus()).not.toHaveTextContent(/operational|unavailable/);
  });

  it('stays calm when the API cannot be asked at all', async () => {
    stubFetch(() => ({ status: 502, body: '<html>Bad Gateway</html>' }));
    renderApp('/');

    expect(await screen.findByText('Service status unavailable')).toBeInTheDocument();
  });
});
