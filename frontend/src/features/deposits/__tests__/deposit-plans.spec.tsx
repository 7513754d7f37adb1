import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderApp } from '../../../testing/render-app.js';
import { basic, bitcoin, stubCatalog } from './deposit-api-stub.js';

const MISSING_CHOICE = 'Please select a plan, a payment method, and enter an amount.';

async function renderPlans() {
  const rendered = renderApp('/dashboard/crypto');
  await screen.findByRole('button', { name: /^BASIC/ });
  return { ...rendered, user: userEvent.setup() };
}

describe('/dashboard/deposit', () => {
  it('offers real estate and crypto plans and links back to the dashboard', async () => {
    stubCatalog();
    renderApp('/dashboard/deposit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Financial Service' })).toBeInTheDocument();
    expect(screen.getByText(/invest in various financial services/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Real Estate Plans' })).toHaveAttribute(
      'href',
      '/dashboard/real-estate',
    );
    expect(screen.getByRole('link', { name: 'Crypto Plans' })).toHaveAttribute('href', '/dashboard/crypto');
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
  });
});

describe('/dashboard/crypto', () => {
  it('shows each plan with its stated return for its term and its range, and the fee note', async () => {
    stubCatalog();
    await renderPlans();
    expect(screen.getByRole('heading', { level: 1, name: 'Crypto Plans' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^BASIC/ })).toHaveAccessibleName(
      'BASIC 50% over 30 days Min: $1,000.00 Max: $10,000.00',
    );
    expect(screen.getByRole('button', { name: /^SILVER/ })).toHaveTextContent('300% over 90 days');
    expect(screen.getByRole('button', { name: 'BITCOIN' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'USDT' })).toBeInTheDocument();
    expect(
      screen.getByText('Tax and fees are already included in the minimum investment.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/guaranteed/i)).not.toBeInTheDocument();
  });

  it('marks the chosen plan and method as pressed and toasts each choice', async () => {
    stubCatalog();
    const { user } = await renderPlans();
    const plan = screen.getByRole('button', { name: /^BASIC/ });
    expect(plan).toHaveAttribute('aria-pressed', 'false');

    await user.click(plan);
    expect(plan).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('BASIC is selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^SILVER/ }));
    expect(plan).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: /^SILVER/ })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    expect(screen.getByRole('button', { name: 'BITCOIN' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('BITCOIN is selected')).toBeInTheDocument();
  });

  it.each([
    { missing: 'the plan', choose: ['BITCOIN'], amount: '1500' },
    { missing: 'the method', choose: ['BASIC'], amount: '1500' },
    { missing: 'the amount', choose: ['BASIC', 'BITCOIN'], amount: '' },
  ])('without $missing shows the alert and stays', async ({ choose, amount }) => {
    stubCatalog();
    const { user, currentLocation } = await renderPlans();
    for (const name of choose) await user.click(screen.getByRole('button', { name: new RegExp(`^${name}`) }));
    if (amount) await user.type(screen.getByLabelText('Amount'), amount);

    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));
    expect(screen.getByText(MISSING_CHOICE).closest('[role="alert"]')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard/crypto');
  });

  it.each(['999.99', '10000.01'])('refuses %s for BASIC with the range toast', async (amount) => {
    stubCatalog();
    const { user, currentLocation } = await renderPlans();
    await user.click(screen.getByRole('button', { name: /^BASIC/ }));
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.type(screen.getByLabelText('Amount'), amount);
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    expect(
      await screen.findByText('Please enter an amount between $1,000.00 and $10,000.00 for the BASIC plan.'),
    ).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard/crypto');
  });

  it.each(['abc', '1,500', '0', '12.345'])('refuses "%s" as not a valid amount', async (amount) => {
    stubCatalog();
    const { user, currentLocation } = await renderPlans();
    await user.click(screen.getByRole('button', { name: /^BASIC/ }));
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.type(screen.getByLabelText('Amount'), amount);
    await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

    expect(await screen.findByText('Please enter a valid amount.')).toBeInTheDocument();
    expect(currentLocation().pathname).toBe('/dashboard/crypto');
  });

  it.each(['1000', '10000.00'])(
    'goes on with %s (range inclusive) carrying the choice as state',
    async (amount) => {
      stubCatalog();
      const { user, currentLocation } = await renderPlans();
      await user.click(screen.getByRole('button', { name: /^BASIC/ }));
      await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
      await user.type(screen.getByLabelText('Amount'), amount);
      await user.click(screen.getByRole('button', { name: 'Proceed to Payment' }));

      await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard/deposit-details'));
      expect(currentLocation().state).toEqual({ planId: basic.id, paymentMethodId: bitcoin.id, amount });
      expect(screen.queryByText(MISSING_CHOICE)).not.toBeInTheDocument();
    },
  );

  it('says so when the plans cannot be fetched', async () => {
    stubCatalog({ 'GET /api/plans?kind=real_estate': { status: 500, body: { message: 'Boom' } } });
    renderApp('/dashboard/real-estate');
    expect(await screen.findAllByText('An error occurred while fetching the data.')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Real Estate Plans' })).toBeInTheDocument();
  });
});
