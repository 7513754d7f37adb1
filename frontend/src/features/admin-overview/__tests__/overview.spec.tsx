import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffProfile } from '../../../testing/staff-session.js';

const totals = {
  users: 1234,
  active_users: 1100,
  total_deposits: '1500000.50',
  pending_deposits: { count: 3, amount: '4500.00' },
  total_withdrawals: '250000.00',
  pending_withdrawals: { count: 1, amount: '100.00' },
};

const dailyTotals = {
  data: Array.from({ length: 30 }, (_, index) => ({
    date: `2026-10-${String(index + 1).padStart(2, '0')}`,
    deposits: index === 29 ? '1500.00' : '0.00',
    withdrawals: index === 29 ? '250.50' : '0.00',
  })),
};

const newestUser = {
  id: '0b7f3c52-8f1e-4c56-9a3d-2f6c1d9e8a71',
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  status: 'active',
  withdrawable_balance: '10.00',
  createdAt: '2026-11-20T10:00:00.000Z',
};

const investment = {
  id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e01',
  plan_name: 'BASIC',
  percentage: '50',
  term_days: 30,
  principal: '1500.00',
  accrued: '300.00',
  accrued_through: '2026-11-13',
  startedAt: '2026-11-01T12:00:00.000Z',
  maturesAt: '2026-12-01T12:00:00.000Z',
  user: { id: newestUser.id, name: 'Ada Lovelace' },
};

const APPROVALS_OFF =
  'Approvals are off: one admin alone can move money. Set APPROVALS=on and add a second admin.';

function stubOverview(approvals: { pending: number; enabled: boolean } = { pending: 0, enabled: true }) {
  return stubApi({
    'GET /api/admin/approvals/summary': { status: 200, body: approvals },
    'GET /api/admin/investments': { status: 200, body: { data: [investment] } },
    'GET /api/admin': { status: 200, body: staffProfile('admin') },
    'GET /api/admin/totals': { status: 200, body: totals },
    'GET /api/admin/daily-totals?days=30': { status: 200, body: dailyTotals },
    'GET /api/admin/users?page=1&pageSize=5': { status: 200, body: { users: [newestUser], total_users: 1 } },
  });
}

const card = (title: string) => screen.getByRole('region', { name: title });

// The first render loads the admin chunks and the screen on a shared 2-core machine.

describe('/admin-dashboard overview', () => {
  it('shows the real figures on the five cards', async () => {
    stubOverview();
    renderApp('/admin-dashboard');

    expect(await screen.findByText('Welcome, Grace.')).toBeInTheDocument();
    await screen.findByText('$1,500,000.50');
    expect(within(card('Total user')).getByText('1,234')).toBeInTheDocument();
    expect(within(card('Total Withdrawals')).getByText('$250,000.00')).toBeInTheDocument();
    expect(within(card('Total Deposit')).getByText('$1,500,000.50')).toBeInTheDocument();
    expect(within(card('Pending Deposits')).getByText('$4,500.00')).toBeInTheDocument();
    expect(within(card('Pending Deposits')).getByText('3 deposits waiting')).toBeInTheDocument();
    expect(within(card('Active user')).getByText('1,100')).toBeInTheDocument();
  });

  it('draws the last 30 days and lists the same figures in a table for assistive technology', async () => {
    stubOverview();
    renderApp('/admin-dashboard');

    const table = await screen.findByRole('table', {
      name: 'Deposits and withdrawals per day, last 30 days',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(
      within(rows[30] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$1,500.00', '$250.50']);
    expect(within(rows[30] as HTMLElement).getByRole('rowheader')).toHaveTextContent('Oct 30');
    expect(
      screen.getByRole('img', { name: 'Deposits and withdrawals per day, last 30 days' }),
    ).toBeInTheDocument();
  });

  it('lists the latest users; clicking one opens Manage User', async () => {
    stubOverview();
    const { currentLocation } = renderApp('/admin-dashboard');

    const latest = await screen.findByRole('region', { name: 'Latest Users' });
    await userEvent.setup().click(await within(latest).findByRole('link', { name: /Ada Lovelace/ }));
    await waitFor(() =>
      expect(currentLocation().pathname).toBe(`/admin-dashboard/manage-user/${newestUser.id}`),
    );
  });

  it('shows the server message when the figures cannot be read', async () => {
    stubApi({
      'GET /api/admin': { status: 200, body: staffProfile('admin') },
      'GET /api/admin/totals': { status: 503, body: { message: 'The service is unavailable.' } },
      'GET /api/admin/daily-totals?days=30': { status: 200, body: dailyTotals },
      'GET /api/admin/users?page=1&pageSize=5': { status: 200, body: { users: [], total_users: 0 } },
      'GET /api/admin/investments': { status: 200, body: { data: [] } },
    });
    renderApp('/admin-dashboard');

    expect(await screen.findByText('The service is unavailable.')).toBeInTheDocument();
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(await screen.findByText('No running investments')).toBeInTheDocument();
  });

  it('lists the running investments; clicking the member opens Manage User', async () => {
    stubOverview();
    const { currentLocation } = renderApp('/admin-dashboard');

    const table = await screen.findByRole('table', { name: 'Running investments of every member' });
    expect(screen.getByRole('heading', { level: 2, name: 'Running investments' })).toBeInTheDocument();
    const link = await within(table).findByRole('link', { name: 'Ada Lovelace' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Member', 'Plan', 'Principal', 'Start', 'End', 'Accrued so far']);
    expect(
      within(within(table).getAllByRole('row')[1] as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Ada Lovelace',
      'BASIC (50% over 30 days)',
      '$1,500.00',
      'Nov 1, 2026',
      'Dec 1, 2026',
      '$300.00',
    ]);
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await userEvent.setup().click(link);
    await waitFor(() =>
      expect(currentLocation().pathname).toBe(`/admin-dashboard/manage-user/${newestUser.id}`),
    );
  });

  it('warns when approvals are off: one admin alone can move money', async () => {
    stubOverview({ pending: 0, enabled: false });
    renderApp('/admin-dashboard');

    expect(await screen.findByText(APPROVALS_OFF)).toBeInTheDocument();
  });

  it('says nothing of approvals when they are on', async () => {
    stubOverview({ pending: 2, enabled: true });
    renderApp('/admin-dashboard');

    await screen.findByText('$1,500,000.50');
    expect(await screen.findByRole('link', { name: 'Approvals 2' })).toBeInTheDocument();
    expect(screen.queryByText(APPROVALS_OFF)).not.toBeInTheDocument();
  });
});
