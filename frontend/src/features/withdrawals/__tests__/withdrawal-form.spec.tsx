import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';

const member = {
  id: '0b5f4c7e-8a39-4f7e-9a55-1d2f3c4b5a69',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '+44 117 496 0000',
  referral_code: 'ABCD2345',
  status: 'active',
  createdAt: '2026-11-21T10:00:00.000Z',
  withdrawable_balance: '1500.00',
  total_invest: '2000.00',
  total_withdrawal: '0.00',
  total_balance: '300.00',
};

const method = (name: string, network: string, index: number) => ({
  id: `7d3c1a52-8f0e-4b6a-9c21-00000000000${index}`,
  name,
  network,
  address: 'receiving-address',
  active: true,
  displayOrder: index,
});

const paymentMethods = [
  method('BITCOIN', 'bitcoin', 1),
  method('ETHEREUM', 'ethereum', 2),
  method('USDT', 'ethereum', 3),
  method('DOGECOIN', 'dogecoin', 4),
  method('SOLANA', 'solana', 5),
];

const withdrawalAnswer = {
  status: 201,
  body: {
    message: 'Withdrawal successful!',
    position: '41:7',
    withdrawalId: '5a0c7b7e-3f5d-4e0e-8d3a-2f7c1b9e6d40',
    status: 'pending',
  },
};

function stubMemberApi(routes: Record<string, StubbedAnswer | (() => StubbedAnswer)> = {}) {
  return stubApi({
    'GET /api/user': { status: 200, body: member },
    'GET /api/payment-methods': { status: 200, body: { paymentMethods } },
    'GET /api/user/wallets': {
      status: 200,
      body: { bitcoin: BITCOIN, ethereum: null, usdt: ETHEREUM, solana: null },
    },
    'GET /api/user/profit': {
      status: 200,
      body: { profit_unlocked: '120.50', profit_locked: '300.00', next_unlock_at: null },
    },
    'GET /api/user?after=41%3A7': { status: 200, body: { ...member, withdrawable_balance: '1399.50' } },
    ...routes,
  });
}

async function renderWithdrawal(path: string) {
  const rendered = renderApp(path);
  await screen.findByRole('form', {}, { timeout: 5000 });
  await screen.findByRole('button', { name: 'BITCOIN' });
  return { ...rendered, user: userEvent.setup() };
}

const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' });

describe('/dashboard/withdraw', () => {
  it('says when balance and profit can be withdrawn and offers both', async () => {
    stubMemberApi();
    renderApp('/dashboard/withdraw');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Withdraw' }, { timeout: 5000 }),
    ).toBeVisible();
    expect(
      screen.getByText(/Profit cannot be withdrawn until the investment period is complete/),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Profit' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw-profit',
    );
    expect(screen.getByRole('link', { name: 'Balance' })).toHaveAttribute(
      'href',
      '/dashboard/withdraw-balance',
    );
  });
});

describe('/dashboard/withdraw-balance', () => {
  it('shows the Account Balance, the payout methods only, the note and the way back', async () => {
    stubMemberApi();
    await renderWithdrawal('/dashboard/withdraw-balance');

    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw Balance' })).toBeVisible();
    expect(await screen.findByText('$1,500.00')).toBeVisible();
    const offered = screen.getAllByRole('button', { pressed: false }).map((button) => button.textContent);
    expect(offered).toEqual(['BITCOIN', 'ETHEREUM', 'USDT', 'SOLANA']);
    expect(
      screen.getByText('Withdrawals take less than 24hrs to be authorized and completed.'),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/dashboard/withdraw');
  });

  it('selects one method at a time and prefills the saved address of its wallet', async () => {
    stubMemberApi();
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');
    const address = screen.getByLabelText('Wallet Address');

    await user.click(screen.getByRole('button', { name: 'USDT' }));
    expect(screen.getByRole('button', { name: 'USDT' })).toHaveAttribute('aria-pressed', 'true');
    expect(address).toHaveValue(ETHEREUM);

    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    expect(screen.getByRole('button', { name: 'USDT' })).toHaveAttribute('aria-pressed', 'false');
    expect(address).toHaveValue(BITCOIN);

    await user.click(screen.getByRole('button', { name: 'ETHEREUM' }));
    expect(address).toHaveValue('');
  });

  it('asks for method, amount and address, then for a valid amount, and sends nothing', async () => {
    const api = stubMemberApi();
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.click(proceed());
    expect(
      await screen.findByText(
        'Please select a payment method, enter an amount, and provide a wallet address.',
      ),
    ).toBeVisible();

    await user.type(screen.getByLabelText('Amount'), '0');
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.click(proceed());
    expect(await screen.findAllByText('Please enter a valid amount.')).toHaveLength(2);

    await user.clear(screen.getByLabelText('Amount'));
    await user.type(screen.getByLabelText('Amount'), 'ten');
    await user.click(proceed());
    await waitFor(() =>
      expect(screen.getAllByText('Please enter a valid amount.').length).toBeGreaterThan(1),
    );
    expect(api.sentBodies('POST /api/withdraw')).toEqual([]);
  });

  it('sends the withdrawal, toasts, reads back the balance and lands on /dashboard', async () => {
    const api = stubMemberApi({ 'POST /api/withdraw': withdrawalAnswer });
    const { user, currentLocation } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.type(screen.getByLabelText('Amount'), '100.50');
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.click(proceed());

    expect(await screen.findByText('Withdrawal successful!')).toBeVisible();
    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
    expect(api.sentBodies('POST /api/withdraw')).toEqual([
      { source: 'balance', amount: '100.50', payment_method: 'BITCOIN', wallet_address: BITCOIN },
    ]);
    const requested = api.fetchStub.mock.calls.map(([input]) => String(input));
    expect(requested).toContain('/api/user?after=41%3A7');
    const [, init] = api.fetchStub.mock.calls.find(([input]) => String(input) === '/api/withdraw') ?? [];
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('shows the server refusal as a toast and on its field, and keeps the form', async () => {
    const api = stubMemberApi({
      'POST /api/withdraw': {
        status: 422,
        body: { message: 'Insufficient balance', fieldErrors: { amount: ['Insufficient balance'] } },
      },
    });
    const { user, currentLocation } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.type(screen.getByLabelText('Amount'), '99999');
    await user.click(screen.getByRole('button', { name: 'USDT' }));
    await user.click(proceed());

    expect(await screen.findAllByText('Insufficient balance')).toHaveLength(2);
    expect(screen.getByLabelText('Amount')).toHaveValue('99999');
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(currentLocation().pathname).toBe('/dashboard/withdraw-balance');
    expect(api.sentBodies('POST /api/withdraw')).toEqual([
      { source: 'balance', amount: '99999', payment_method: 'USDT', wallet_address: ETHEREUM },
    ]);
  });
});

describe('/dashboard/withdraw-profit', () => {
  it('shows unlocked and locked profit, and that the rest unlocks at the end of its period', async () => {
    stubMemberApi();
    await renderWithdrawal('/dashboard/withdraw-profit');

    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw Profit' })).toBeVisible();
    expect(await screen.findByText('Unlocked profit')).toBeVisible();
    expect(screen.getByText('$120.50')).toBeVisible();
    expect(screen.getByText('Locked profit')).toBeVisible();
    expect(screen.getByText('$300.00')).toBeVisible();
    expect(screen.getByText('Locked profit unlocks at the end of its investment period.')).toBeVisible();
  });

  it('says when the next locked profit unlocks', async () => {
    stubMemberApi({
      'GET /api/user/profit': {
        status: 200,
        body: { profit_unlocked: '0.00', profit_locked: '50.00', next_unlock_at: '2026-12-24T09:30:00.000Z' },
      },
    });
    await renderWithdrawal('/dashboard/withdraw-profit');

    expect(await screen.findByText('More profit unlocks on 24 December 2026 at 09:30 UTC.')).toBeVisible();
  });

  it('sends the withdrawal from profit', async () => {
    const api = stubMemberApi({ 'POST /api/withdraw': withdrawalAnswer });
    const { user, currentLocation } = await renderWithdrawal('/dashboard/withdraw-profit');

    await user.type(screen.getByLabelText('Amount'), '120.50');
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.click(proceed());

    await waitFor(() => expect(currentLocation().pathname).toBe('/dashboard'));
    expect(api.sentBodies('POST /api/withdraw')).toEqual([
      { source: 'profit', amount: '120.50', payment_method: 'BITCOIN', wallet_address: BITCOIN },
    ]);
  });
});
