import { describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubFetch } from '../../../testing/fetch-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffProfile } from '../../../testing/staff-session.js';

const user = (index: number, status: 'unverified' | 'active' | 'closed' = 'active') => ({
  id: `0b7f3c52-8f1e-4c56-9a3d-${String(index).padStart(12, '0')}`,
  first_name: `First${index}`,
  last_name: `Last${index}`,
  email: `member${index}@example.com`,
  status,
  withdrawable_balance: `${index * 1000}.50`,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** Answers the user list with 25 users, 10 a page, or only Ada when searched for. */
function stubUsers(role: 'admin' | 'auditor' = 'admin') {
  const fetchStub = stubFetch((url) => {
    if (url === '/api/admin') return { status: 200, body: staffProfile(role) };
    const parsed = new URL(url, 'http://localhost');
    if (parsed.pathname !== '/api/admin/users')
      return { status: 599, body: { message: `unexpected ${url}` } };
    const page = Number(parsed.searchParams.get('page'));
    if (parsed.searchParams.get('search')) {
      return {
        status: 200,
        body: { users: [{ ...user(99, 'unverified'), first_name: 'Ada' }], total_users: 1 },
      };
    }
    const users = Array.from({ length: page === 3 ? 5 : 10 }, (_, index) =>
      user((page - 1) * 10 + index + 1),
    );
    if (page === 1) users[1] = user(2, 'closed');
    return { status: 200, body: { users, total_users: 25 } };
  });
  const listRequests = () =>
    fetchStub.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/admin/users')
      .map((url) => Object.fromEntries(url.searchParams));
  return { listRequests };
}

const usersTable = () => screen.getByRole('table', { name: 'All users' });

async function renderUsers(role: 'admin' | 'auditor' = 'admin') {
  const api = stubUsers(role);
  const rendered = renderApp('/admin-dashboard/alluser');
  await screen.findByText('member1@example.com');
  return { ...rendered, api };
}

// The first render loads the admin chunks and the screen on a shared 2-core machine.

describe('/admin-dashboard/alluser', () => {
  it('shows every column with the real status and money as dollars', async () => {
    await renderUsers();

    expect(screen.getByRole('heading', { level: 1, name: 'All User' })).toBeInTheDocument();
    const headers = within(usersTable())
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual([
      'ID',
      'Name',
      'Email',
      'Account Balance',
      'Registered Date',
      'Status',
      'Actions',
    ]);
    const firstRow = within(usersTable()).getAllByRole('row')[1] as HTMLElement;
    expect(within(firstRow).getByText('0b7f3c52')).toHaveAttribute('title', user(1).id);
    expect(within(firstRow).getByText('First1 Last1')).toBeInTheDocument();
    expect(within(firstRow).getByText('$1,000.50')).toBeInTheDocument();
    expect(within(firstRow).getByText('Nov 20, 2026')).toBeInTheDocument();
    expect(within(firstRow).getByText('active')).toBeInTheDocument();
    expect(
      within(within(usersTable()).getAllByRole('row')[2] as HTMLElement).getByText('closed'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 3')).toBeInTheDocument();
  });

  it('asks the server for each page and, when searching, for page 1 with the search', async () => {
    const { api } = await renderUsers();
    const clicker = userEvent.setup();

    await clicker.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('member11@example.com')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();

    await clicker.type(screen.getByRole('searchbox', { name: 'Search' }), 'Ada');
    expect(await screen.findByText('member99@example.com')).toBeInTheDocument();
    expect(screen.getByText('unverified')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 1')).toBeInTheDocument();

    const requests = api.listRequests();
    expect(requests[0]).toEqual({ page: '1', pageSize: '10' });
    expect(requests).toContainEqual({ page: '2', pageSize: '10' });
    expect(requests.at(-1)).toEqual({ page: '1', pageSize: '10', search: 'Ada' });
  });

  it('opens Manage User from the row button', async () => {
    const { currentLocation } = await renderUsers();

    const firstRow = within(usersTable()).getAllByRole('row')[1] as HTMLElement;
    await userEvent.setup().click(within(firstRow).getByRole('link', { name: /^Manage user/ }));
    await waitFor(() =>
      expect(currentLocation().pathname).toBe(`/admin-dashboard/manage-user/${user(1).id}`),
    );
  });

  it('gives an auditor no Manage user action, only a way to view the user', async () => {
    await renderUsers('auditor');

    expect(screen.queryByRole('link', { name: /Manage user/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^View user/ })).toHaveLength(10);
  });
});
