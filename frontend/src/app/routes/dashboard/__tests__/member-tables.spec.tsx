import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderApp, setViewportWidth } from '../../../../testing/render-app.js';
import { stubApi, type StubbedAnswer } from '../../../../testing/api-stub.js';
import { memberApi } from './member-fixtures.js';
import { cellsOf } from '../../../../testing/table-cells.js';

async function renderScreen(path: string, answers: Record<string, StubbedAnswer>) {
  setViewportWidth(1280);
  stubApi({ ...memberApi, ...answers });
  renderApp(path);
  await screen.findByRole('heading', { level: 1 });
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const methodId = '11111111-1111-4111-8111-111111111111';

// Seven deposits on 1..7 November, newest first as the server pages them.
const deposits = Array.from({ length: 7 }, (_, i) => ({
  id: uuid(i + 1),
  amount: `${(i + 1) * 1000}.00`,
  plan_name: 'BASIC',
  percentage: '50',
  payment_method_id: methodId,
  payment_method: i % 2 === 0 ? 'BITCOIN' : 'USDT',
  status: i === 6 ? 'pending' : i === 5 ? 'rejected' : 'completed',
  reason: i === 5 ? 'No payment arrived' : null,
  createdAt: `2026-11-0${i + 1}T12:00:00.000Z`,
  decidedAt: null,
})).reverse();

const withdrawals = Array.from({ length: 12 }, (_, i) => ({
  id: uuid(100 + i),
  amount: `${i + 1}00.00`,
  source: 'balance',
  payment_method_id: methodId,
  payment_method: 'ETHEREUM',
  status: i === 0 ? 'rejected' : i === 11 ? 'pending' : 'paid',
  reason: i === 0 ? 'Wallet address does not match' : null,
  payout_reference: null,
  createdAt: `2026-10-${String(i + 10)}T12:00:00.000Z`,
  decidedAt: null,
})).reverse();

/** The answer to one page of a history, as the server gives it. */
const page = <T,>(rows: T[], total = rows.length) => ({ status: 200, body: { data: rows, total } });

describe('the deposit history', () => {
  it("shows the server's pages of 5 deposits, with status chips and the rejection reason", async () => {
    await renderScreen('/dashboard/deposit-history', {
      'GET /api/transactions/deposit?page=1&pageSize=5': page(deposits.slice(0, 5), 7),
      'GET /api/transactions/deposit?page=2&pageSize=5': page(deposits.slice(5), 7),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit History' })).toBeInTheDocument();
    expect(await screen.findByText('$7,000.00')).toBeInTheDocument();
    const header = within(screen.getByRole('table', { name: 'Deposit history' })).getAllByRole(
      'columnheader',
    );
    expect(header.map((cell) => cell.textContent)).toEqual(['Amount', 'Payment Method', 'Status', 'Date']);
    expect(cellsOf('Deposit history')).toEqual([
      ['$7,000.00', 'BITCOIN', 'Pending', 'Nov 7, 2026'],
      ['$6,000.00', 'USDT', 'RejectedReason: No payment arrived', 'Nov 6, 2026'],
      ['$5,000.00', 'BITCOIN', 'Completed', 'Nov 5, 2026'],
      ['$4,000.00', 'USDT', 'Completed', 'Nov 4, 2026'],
      ['$3,000.00', 'BITCOIN', 'Completed', 'Nov 3, 2026'],
    ]);
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('$2,000.00')).toBeInTheDocument();
    expect(cellsOf('Deposit history').map((row) => row[0])).toEqual(['$2,000.00', '$1,000.00']);
    expect(screen.getByText('Showing 2 of 2')).toBeInTheDocument();
  });

  it('asks the server to search, from page 1', async () => {
    const usdt = deposits.filter((deposit) => deposit.payment_method === 'USDT');
    await renderScreen('/dashboard/deposit-history', {
      'GET /api/transactions/deposit?page=1&pageSize=5': page(deposits.slice(0, 5), 7),
      'GET /api/transactions/deposit?page=2&pageSize=5': page(deposits.slice(5), 7),
      'GET /api/transactions/deposit?page=1&pageSize=5&search=usdt': page(usdt),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 2 of 2')).toBeInTheDocument();

    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste(' usdt ');
    expect(await screen.findByText('$6,000.00')).toBeInTheDocument();
    expect(cellsOf('Deposit history').map((row) => row[0])).toEqual(['$6,000.00', '$4,000.00', '$2,000.00']);
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();
  });

  it('says "Loading..." and then the fetch error when the history cannot be read', async () => {
    let answer!: (value: StubbedAnswer) => void;
    setViewportWidth(1280);
    stubApi({
      ...memberApi,
      'GET /api/transactions/deposit?page=1&pageSize=5': () =>
        new Promise<StubbedAnswer>((resolve) => (answer = resolve)),
    });
    renderApp('/dashboard/deposit-history');
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer({ status: 500, body: { message: 'Internal error' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while fetching the data.');
  });
});

describe('the withdraw history', () => {
  it("shows the server's pages of 10 withdrawals, with the rejection reason", async () => {
    await renderScreen('/dashboard/withdraw-history', {
      'GET /api/withdraw?page=1&pageSize=10': page(withdrawals.slice(0, 10), 12),
      'GET /api/withdraw?page=2&pageSize=10': page(withdrawals.slice(10), 12),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Withdraw History' })).toBeInTheDocument();
    expect(await screen.findByText('$1,200.00')).toBeInTheDocument();
    const rows = cellsOf('Withdrawal history');
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual(['$1,200.00', 'ETHEREUM', 'Pending', 'Oct 21, 2026']);
    expect(rows[1]).toEqual(['$1,100.00', 'ETHEREUM', 'Paid', 'Oct 20, 2026']);
    expect(screen.getByText('Showing 1 of 2')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('$200.00')).toBeInTheDocument();
    expect(cellsOf('Withdrawal history')).toEqual([
      ['$200.00', 'ETHEREUM', 'Paid', 'Oct 11, 2026'],
      ['$100.00', 'ETHEREUM', 'RejectedReason: Wallet address does not match', 'Oct 10, 2026'],
    ]);
  });

  it('says when there are no withdrawals yet, and when none match a search', async () => {
    await renderScreen('/dashboard/withdraw-history', {
      'GET /api/withdraw?page=1&pageSize=10&search=rejected': page([]),
    });
    expect(await screen.findByText('No withdrawals yet')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('searchbox', { name: 'Search' }));
    await user.paste('rejected');
    expect(await screen.findByText('No withdrawals match your search')).toBeInTheDocument();
  });
});

describe('the referral table', () => {
  const affiliates = [
    {
      first_name: 'Grace',
      last_initial: 'H.',
      referral_code: 'ABCD2345',
      isVerified: true,
      createdAt: '2026-11-02T12:00:00.000Z',
    },
    {
      first_name: 'Alan',
      last_initial: 'T.',
      referral_code: 'ABCD2345',
      isVerified: false,
      createdAt: '2026-11-03T12:00:00.000Z',
    },
  ];

  it('lists the referred clients with their status, and searches them', async () => {
    await renderScreen('/dashboard/affiliate', {
      'GET /api/users/affiliates': { status: 200, body: { data: affiliates } },
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Referral' })).toBeInTheDocument();
    expect(await screen.findByText('Grace H.')).toBeInTheDocument();
    const header = within(screen.getByRole('table', { name: 'Referrals' })).getAllByRole('columnheader');
    expect(header.map((cell) => cell.textContent)).toEqual([
      'Client Name',
      'Ref Code',
      'Parent',
      'Client Status',
      'Date Registered',
    ]);
    expect(cellsOf('Referrals')).toEqual([
      ['Grace H.', 'ABCD2345', 'Ada Lovelace', 'Active', 'Nov 2, 2026'],
      ['Alan T.', 'ABCD2345', 'Ada Lovelace', 'Not Active', 'Nov 3, 2026'],
    ]);

    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search' }), 'alan');
    expect(cellsOf('Referrals').map((row) => row[0])).toEqual(['Alan T.']);
  });

  it('shows the fetch error message', async () => {
    await renderScreen('/dashboard/affiliate', {
      'GET /api/users/affiliates': { status: 500, body: { message: 'Internal error' } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred while fetching the data.');
  });
});
