import { accountMessages, type WithdrawalProtection } from '@ledgerstone/contracts';
import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { formatDateTime } from '../../../lib/date-time.js';
import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp, setViewportWidth } from '../../../testing/render-app.js';
import { memberProfile as member } from '../../../testing/member-profile.js';

const BITCOIN = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const ETHEREUM = '0x52908400098527886E0F7030069857D2E4169EE7';
const OTHER_ETHEREUM = '0xde0B295669a9FD93d5F28D9Ec85E40f4cb697BAe';
const SOLANA = 'So11111111111111111111111111111111111111112';

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

const usable = (wallet: WithdrawalProtection['addresses'][number]['wallet'], address: string) => ({
  wallet,
  address,
  saved_at: '2026-11-20T10:00:00.000Z',
  usable_from: '2026-11-22T10:00:00.000Z',
  usable: true,
});

const cooling = (wallet: WithdrawalProtection['addresses'][number]['wallet'], address: string) => ({
  wallet,
  address,
  saved_at: '2026-11-26T10:00:00.000Z',
  usable_from: '2026-11-28T10:00:00.000Z',
  usable: false,
});

/** The usable Bitcoin and USDT addresses, no hold or lock, and the default limits partly used. */
const protection = (changes: Partial<WithdrawalProtection> = {}): WithdrawalProtection => ({
  addresses: [usable('bitcoin', BITCOIN), usable('usdt', ETHEREUM)],
  hold: null,
  lock: null,
  limits: {
    own: false,
    daily: { limit: '50000.00', used: '48000.00', left: '2000.00' },
    thirty_days: { limit: '250000.00', used: '100000.00', left: '150000.00' },
  },
  cooling_hours: 48,
  awaiting_review: { count: 0, most: 10 },
  ...changes,
});

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
    'GET /api/user/withdrawal-protection': { status: 200, body: protection() },
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
  await screen.findByRole('form');
  await screen.findByRole('button', { name: 'BITCOIN' });
  return { ...rendered, user: userEvent.setup() };
}

const proceed = () => screen.getByRole('button', { name: 'Proceed to Payment' });

describe('/dashboard/withdraw', () => {
  it('says when balance and profit can be withdrawn and offers both', async () => {
    stubMemberApi();
    renderApp('/dashboard/withdraw');

    expect(await screen.findByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();
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

  it('selects one method at a time and prefills the usable address of its network', async () => {
    stubMemberApi();
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');
    const address = screen.getByLabelText('Wallet Address');

    await user.click(screen.getByRole('button', { name: 'USDT' }));
    expect(screen.getByRole('button', { name: 'USDT' })).toHaveAttribute('aria-pressed', 'true');
    expect(address).toHaveValue(ETHEREUM);
    expect(screen.getByText('Your saved address for this method')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    expect(screen.getByRole('button', { name: 'USDT' })).toHaveAttribute('aria-pressed', 'false');
    expect(address).toHaveValue(BITCOIN);

    // The USDT address is an Ethereum address: withdrawals in ether may go to it too.
    await user.click(screen.getByRole('button', { name: 'ETHEREUM' }));
    expect(address).toHaveValue(ETHEREUM);

    await user.click(screen.getByRole('button', { name: 'SOLANA' }));
    expect(address).toHaveValue('');
    const none = screen.getByRole('alert');
    expect(none).toHaveTextContent('No saved address can receive SOLANA withdrawals yet.');
    expect(
      within(none).getByRole('link', { name: 'Add or check your addresses in Withdrawal Gateway' }),
    ).toHaveAttribute('href', '/dashboard/update-wallet');
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

describe('withdrawal protection on the withdrawal form', () => {
  it('offers every usable address of the network, the one named like the method first', async () => {
    stubMemberApi({
      'GET /api/user/withdrawal-protection': {
        status: 200,
        body: protection({
          addresses: [
            usable('bitcoin', BITCOIN),
            usable('ethereum', OTHER_ETHEREUM),
            usable('usdt', ETHEREUM),
            usable('solana', SOLANA),
          ],
        }),
      },
    });
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');
    const address = screen.getByLabelText('Wallet Address');

    await user.click(screen.getByRole('button', { name: 'ETHEREUM' }));
    expect(address).toHaveValue(OTHER_ETHEREUM);
    // Pressing on the field lists what it may hold.
    await user.click(address);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      `Ethereum${OTHER_ETHEREUM}`,
      `USDT (ERC-20)${ETHEREUM}`,
    ]);
    await user.click(options[1]!);
    expect(address).toHaveValue(ETHEREUM);

    await user.click(screen.getByRole('button', { name: 'USDT' }));
    expect(address).toHaveValue(ETHEREUM);
    await user.click(screen.getByRole('button', { name: 'SOLANA' }));
    expect(address).toHaveValue(SOLANA);
  });

  it('leaves out an address still cooling and says from when it can be used', async () => {
    const api = stubMemberApi({
      'GET /api/user/withdrawal-protection': {
        status: 200,
        body: protection({ addresses: [cooling('bitcoin', BITCOIN), usable('usdt', ETHEREUM)] }),
      },
    });
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    expect(screen.getByLabelText('Wallet Address')).toHaveValue('');
    const none = screen.getByRole('alert');
    expect(none).toHaveTextContent(
      `No saved address can receive BITCOIN withdrawals yet. Your Bitcoin address is usable from ${formatDateTime('2026-11-28T10:00:00.000Z')}.`,
    );
    expect(within(none).getByRole('link')).toHaveAttribute('href', '/dashboard/update-wallet');

    await user.click(screen.getByRole('button', { name: 'USDT' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.sentBodies('POST /api/withdraw')).toEqual([]);
  });

  it('says under the amount what the daily and 30-day limits leave', async () => {
    stubMemberApi();
    await renderWithdrawal('/dashboard/withdraw-balance');

    const amount = screen.getByLabelText('Amount');
    expect(await screen.findByText(/^You can withdraw up to/)).toHaveTextContent(
      'You can withdraw up to $2,000.00 today ($2,000.00 of your $50,000.00 daily limit and $150,000.00 of your $250,000.00 30-day limit are left).',
    );
    expect(amount).toHaveAccessibleDescription(/^You can withdraw up to \$2,000\.00 today/);
  });

  it('counts the 30-day limit when it leaves less than the daily one', async () => {
    stubMemberApi({
      'GET /api/user/withdrawal-protection': {
        status: 200,
        body: protection({
          limits: {
            own: true,
            daily: { limit: '10000.00', used: '0.00', left: '10000.00' },
            thirty_days: { limit: '20000.00', used: '19999.50', left: '0.50' },
          },
        }),
      },
    });
    await renderWithdrawal('/dashboard/withdraw-profit');
    expect(await screen.findByText(/^You can withdraw up to \$0\.50 today/)).toBeVisible();
  });

  it('sends a typed address as typed and shows its refusal on the address field', async () => {
    const refusal = accountMessages.addressNotInBook(48);
    const api = stubMemberApi({
      'POST /api/withdraw': {
        status: 400,
        body: { message: refusal, fieldErrors: { wallet_address: [refusal] } },
      },
    });
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'USDT' }));
    const address = screen.getByLabelText('Wallet Address');
    await user.clear(address);
    await user.type(address, OTHER_ETHEREUM);
    await user.click(proceed());

    expect(await screen.findAllByText(refusal)).toHaveLength(2);
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveValue(OTHER_ETHEREUM);
    expect(api.sentBodies('POST /api/withdraw')).toEqual([
      { source: 'balance', amount: '10', payment_method: 'USDT', wallet_address: OTHER_ETHEREUM },
    ]);
  });

  it('shows an amount over the limits refused on the amount field', async () => {
    const refusal = accountMessages.overWithdrawalLimit('$2,000.00', '28 Nov 2026, 14:05 UTC');
    stubMemberApi({
      'POST /api/withdraw': { status: 400, body: { message: refusal, fieldErrors: { amount: [refusal] } } },
    });
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.type(screen.getByLabelText('Amount'), '2500');
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.click(proceed());

    expect(await screen.findAllByText(refusal)).toHaveLength(2);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/^You can withdraw up to/)).not.toBeInTheDocument();
  });

  it('says so when as many withdrawals await review as may wait, once the server refused one more', async () => {
    const notice = accountMessages.tooManyPendingWithdrawals(10);
    let protectionReads = 0;
    stubMemberApi({
      'GET /api/user/withdrawal-protection': () => {
        protectionReads += 1;
        const count = protectionReads === 1 ? 9 : 10;
        return { status: 200, body: protection({ awaiting_review: { count, most: 10 } }) };
      },
      'POST /api/withdraw': { status: 409, body: { message: notice } },
    });
    const { user, currentLocation } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.type(screen.getByLabelText('Amount'), '10');
    expect(screen.queryByText(notice)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.click(proceed());

    // The refusal's toast, then the notice above the form from the protection read again.
    await waitFor(() => expect(screen.getAllByText(notice)).toHaveLength(2));
    expect(currentLocation().pathname).toBe('/dashboard/withdraw-balance');
  });

  it('shows a hold refused by the server as it comes, then the hold read again', async () => {
    const refusal = accountMessages.withdrawalsPaused('28 Nov 2026, 14:05 UTC');
    let protectionReads = 0;
    stubMemberApi({
      'GET /api/user/withdrawal-protection': () => {
        protectionReads += 1;
        const hold =
          protectionReads === 1
            ? null
            : {
                cause: 'password-changed' as const,
                started_at: '2026-11-27T14:05:00.000Z',
                until: '2026-11-28T14:05:00.000Z',
              };
        return { status: 200, body: protection({ hold }) };
      },
      'POST /api/withdraw': { status: 409, body: { message: refusal } },
    });
    const { user, currentLocation } = await renderWithdrawal('/dashboard/withdraw-balance');

    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    await user.click(proceed());

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(
      await screen.findByText(accountMessages.withdrawalsPaused(formatDateTime('2026-11-28T14:05:00.000Z'))),
    ).toBeVisible();
    expect(currentLocation().pathname).toBe('/dashboard/withdraw-balance');
  });

  it('says when the address book cannot be read, and still sends a typed address', async () => {
    const api = stubMemberApi({
      'GET /api/user/withdrawal-protection': { status: 503, body: { message: 'Down' } },
      'POST /api/withdraw': withdrawalAnswer,
    });
    const { user } = await renderWithdrawal('/dashboard/withdraw-balance');

    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your saved addresses and withdrawal limits could not be loaded.',
    );
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.click(screen.getByRole('button', { name: 'BITCOIN' }));
    expect(screen.getByLabelText('Wallet Address')).toHaveValue('');
    await user.type(screen.getByLabelText('Wallet Address'), BITCOIN);
    await user.click(proceed());

    expect(await screen.findByText('Withdrawal successful!')).toBeVisible();
    expect(api.sentBodies('POST /api/withdraw')).toEqual([
      { source: 'balance', amount: '10', payment_method: 'BITCOIN', wallet_address: BITCOIN },
    ]);
  });

  it.each([390, 1280])('shows a lock and a hold above the form at %ipx', async (width) => {
    setViewportWidth(width);
    stubMemberApi({
      'GET /api/user/withdrawal-protection': {
        status: 200,
        body: protection({
          lock: {
            locked_by: 'member',
            reason: 'Locked from an e-mail link',
            locked_at: '2026-11-27T09:00:00.000Z',
          },
          hold: {
            cause: 'email-changed',
            started_at: '2026-11-27T08:00:00.000Z',
            until: '2026-11-28T08:00:00.000Z',
          },
        }),
      },
    });
    await renderWithdrawal('/dashboard/withdraw-balance');

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      accountMessages.accountLocked,
      accountMessages.withdrawalsPaused(formatDateTime('2026-11-28T08:00:00.000Z')),
    ]);
    expect(screen.getByLabelText('Wallet Address')).toBeVisible();
  });
});
