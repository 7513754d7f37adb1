import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubFetch } from '../../../testing/fetch-stub.js';
import { renderApp } from '../../../testing/render-app.js';

describe('public pages', () => {
  beforeEach(() => {
    stubFetch(() => ({ status: 200, body: { status: 'ok', checks: {} } }));
  });

  it('greets visitors on the home page with Login and Create account', async () => {
    renderApp('/');

    const hero = await screen.findByRole('region', { name: 'Ledgerstone' });
    expect(within(hero).getByText('Welcome to')).toBeInTheDocument();
    expect(within(hero).getByRole('heading', { level: 1, name: 'Ledgerstone' })).toBeInTheDocument();
    expect(within(hero).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: 'Create account' })).toHaveAttribute('href', '/signup');
  });

  it.each(['/no-such-page', '/company/unknown', '/dashboardx'])('shows the 404 page at %s', async (path) => {
    renderApp(path);

    expect(
      await screen.findByRole('heading', { level: 1, name: '404 - Page Not Found' }),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/maintenance/i);
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('leads from the 404 page back home', async () => {
    const user = userEvent.setup();
    const { currentLocation } = renderApp('/no-such-page');

    await user.click(await screen.findByRole('link', { name: 'Back to home' }));

    expect(currentLocation().pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ledgerstone' })).toBeInTheDocument();
  });

  it('gives each asset page its title and a Start Membership now button', async () => {
    renderApp('/stocks');

    expect(await screen.findByRole('heading', { level: 1, name: 'Stocks & ETFs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Membership now' })).toHaveAttribute('href', '/signup');
  });
});
