import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubFetch } from '../../../testing/fetch-stub.js';
import { renderApp, setViewportWidth } from '../../../testing/render-app.js';

describe('navigation at 650 px or less', () => {
  beforeEach(() => {
    stubFetch(() => ({ status: 200, body: { status: 'ok', checks: {} } }));
  });

  it('keeps the full top bar at 651 px', async () => {
    setViewportWidth(651);
    renderApp('/');

    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('opens a side drawer with an expandable Services list from the menu button', async () => {
    setViewportWidth(600);
    const user = userEvent.setup();
    const { currentLocation } = renderApp('/');

    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));

    const drawer = await screen.findByRole('navigation', { name: 'Site' });
    for (const name of ['Home', 'Company', 'Career', 'Contact', 'Login']) {
      expect(within(drawer).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(drawer).queryByRole('link', { name: 'Gold' })).not.toBeInTheDocument();

    await user.click(within(drawer).getByRole('button', { name: 'Services' }));
    const servicesList = within(drawer).getByRole('list', { name: 'Services' });
    expect(
      within(servicesList)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Real Estate',
      'Retirement',
      'Gold',
      'Cryptocurrency',
      'NFTs',
      'Stocks & ETFs',
      'Foreign Exchange',
    ]);

    await user.click(within(servicesList).getByRole('link', { name: 'Cryptocurrency' }));
    expect(currentLocation().pathname).toBe('/crypto');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Site' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Cryptocurrency' })).toBeInTheDocument();
  });
});
