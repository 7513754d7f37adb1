import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderApp, setViewportWidth } from '../../../../testing/render-app.js';
import { stubApi } from '../../../../testing/api-stub.js';
import { cellsOf } from '../../../../testing/table-cells.js';
import { member, memberApi } from './member-fixtures.js';

const activity = {
  data: [
    {
      id: '5b0c5a57-3c38-4b8e-9d8c-7d6a0a1f0c01',
      type: 'BalanceAdjusted',
      amount: '250.00',
      bucket: 'available',
      reason: 'Goodwill credit for the delayed payout',
      occurredAt: '2026-11-21T12:00:00.000Z',
    },
    {
      id: '5b0c5a57-3c38-4b8e-9d8c-7d6a0a1f0c02',
      type: 'BalanceAdjusted',
      amount: '-12.50',
      bucket: 'profit',
      reason: 'Interest booked twice',
      occurredAt: '2026-11-21T11:00:00.000Z',
    },
    {
      id: '5b0c5a57-3c38-4b8e-9d8c-7d6a0a1f0c03',
      type: 'DepositRejected',
      amount: '5000.00',
      bucket: null,
      reason: 'No payment arrived',
      occurredAt: '2026-11-20T12:00:00.000Z',
    },
    {
      id: '5b0c5a57-3c38-4b8e-9d8c-7d6a0a1f0c04',
      type: 'DepositRequested',
      amount: '5000.00',
      bucket: null,
      reason: null,
      occurredAt: '2026-11-19T12:00:00.000Z',
    },
  ],
};

async function renderHome(overrides: Record<string, { status: number; body?: unknown }> = {}) {
  setViewportWidth(1280);
  stubApi({ ...memberApi, 'GET /api/user/activity?limit=10': { status: 200, body: activity }, ...overrides });
  const rendered = renderApp('/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return rendered;
}

const card = (title: string) => screen.getByRole('region', { name: title });

describe('the dashboard home', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('greets the member and shows the four cards with formatted amounts', async () => {
    await renderHome();
    expect(await screen.findByText('Welcome, Ada.')).toBeInTheDocument();
    expect(card('Account Balance')).toHaveTextContent('$1,500.00');
    expect(card('Total Deposit')).toHaveTextContent('$25,000.50');
    expect(card('Total Withdrawals')).toHaveTextContent('$0.00');
    expect(card('Accumulated Interest')).toHaveTextContent('$312.07');
    expect(screen.getByRole('link', { name: 'Deposit' })).toHaveAttribute('href', '/dashboard/deposit');
    expect(screen.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/dashboard/withdraw');
  });

  it('shows the ticker and the market overview with signed changes', async () => {
    await renderHome();
    const ticker = await screen.findByRole('region', { name: 'Price ticker' });
    expect(await within(ticker).findByText('$64,250.12')).toBeInTheDocument();
    expect(within(ticker).getByText('Sample prices', { exact: false })).toBeInTheDocument();

    // The table loads when it is near the viewport (at once where that cannot be observed).
    await screen.findByRole('table', { name: 'Market overview' });
    expect(cellsOf('Market overview')).toEqual([
      ['Bitcoin BTC', '$64,250.12', '+2.35%'],
      ['Ethereum ETH', '$3,120.50', '-1.10%'],
      ['XRP XRP', '$0.61234', '+0.00%'],
    ]);
  });

  it('says so when the prices cannot be read, and still shows the account', async () => {
    await renderHome({ 'GET /api/market/prices': { status: 503, body: { message: 'Down' } } });
    expect(await screen.findByText('Prices are unavailable right now.')).toBeInTheDocument();
    expect(
      within(await screen.findByRole('table', { name: 'Market overview' })).getByRole('alert'),
    ).toHaveTextContent('An error occurred while fetching the data.');
    expect(card('Account Balance')).toHaveTextContent('$1,500.00');
  });

  it('copies the affiliate link and says "Copied!" for 3 seconds', async () => {
    await renderHome();
    const link = `${window.location.origin}/signup?ref=${member.referral_code}`;
    // The field can appear before the profile it is filled from has rendered (in the background).
    const field = await screen.findByRole('textbox', { name: 'Your affiliate link' });
    await waitFor(() => expect(field).toHaveValue(link));
    expect(field).toHaveAttribute('readonly');

    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    // After setup, which puts its own clipboard in place.
    const writeText = jest.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(2800));
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(300));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it('lists recent activity with readable labels and the adjustment reasons', async () => {
    await renderHome();
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(4);
    expect(entries[0]).toHaveTextContent('Balance adjusted: Account Balance');
    expect(entries[0]).toHaveTextContent('Reason: Goodwill credit for the delayed payout');
    expect(entries[0]).toHaveTextContent('+$250.00');
    expect(entries[1]).toHaveTextContent('Balance adjusted: Accumulated Interest');
    expect(entries[1]).toHaveTextContent('Reason: Interest booked twice');
    expect(entries[1]).toHaveTextContent('-$12.50');
    expect(entries[2]).toHaveTextContent('Deposit rejected');
    expect(entries[2]).toHaveTextContent('Reason: No payment arrived');
    expect(entries[3]).toHaveTextContent('Deposit requested');
    expect(entries[3]).toHaveTextContent('$5,000.00');
    expect(entries[3]).not.toHaveTextContent('Reason');
  });

  it('lists security changes among the movements, named without an amount', async () => {
    const security = (id: string, type: string, occurredAt: string) => ({
      id,
      type,
      amount: '0.00',
      bucket: null,
      reason: null,
      occurredAt,
    });
    await renderHome({
      'GET /api/user/activity?limit=10': {
        status: 200,
        body: {
          data: [
            security(
              '5b0c5a57-3c38-4b8e-9d8c-7d6a0a1f0c11',
              'SecondFactorsResetByAdmin',
              '2026-11-22T12:00:00.000Z',
            ),
            security('5b0c5a57-3c38-4b8e-9d8c-7d6a0a1f0c12', 'SecondFactorAdded', '2026-11-22T11:00:00.000Z'),
            activity.data[3],
            security('5b0c5a57-3c38-4b8e-9d8c-7d6a0a1f0c13', 'NewDeviceSignedIn', '2026-11-18T12:00:00.000Z'),
          ],
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Recent activity' });
    const entries = within(list).getAllByRole('listitem');

    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Two-step verification reset by an admin[^$]*$/),
      expect.stringMatching(/^Second factor added[^$]*$/),
      expect.stringMatching(/^Deposit requested.*\$5,000\.00$/),
      expect.stringMatching(/^Signed in from a new device[^$]*$/),
    ]);
  });

  it('shows $0.00 on a card the server leaves out', async () => {
    const { total_invest: _left, ...withoutDeposit } = member;
    await renderHome({ 'GET /api/user': { status: 200, body: withoutDeposit } });
    await screen.findByText('Welcome, Ada.');
    expect(card('Total Deposit')).toHaveTextContent('$0.00');
  });
});
