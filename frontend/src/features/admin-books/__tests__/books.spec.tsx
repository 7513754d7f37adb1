import { describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';

const BITCOIN = '6f1c2f0e-1d2b-4c53-9a3e-111111111111';

const account = (
  account: string,
  name: string,
  kind: string,
  debit: string,
  credit: string,
  balance: string,
) => ({
  account,
  name,
  kind,
  debit,
  credit,
  balance,
});

const balancedBooks = {
  as_of: '2026-11-22T10:00:00.000Z',
  entries: 3,
  accounts: [
    account(`custody:${BITCOIN}`, 'Custody: BITCOIN (bitcoin)', 'asset', '1500.00', '0.00', '1500.00'),
    account('liability:available', 'Members: available', 'liability', '0.00', '500.00', '500.00'),
    account('liability:invested', 'Members: invested', 'liability', '0.00', '1500.00', '1500.00'),
    account('equity:adjustments', 'Balance adjustments', 'equity', '500.00', '0.00', '500.00'),
  ],
  totals: { debit: '2000.00', credit: '2000.00' },
  balanced: true,
  difference: '0.00',
  unbalanced_since: null,
  member_liabilities: '2000.00',
};

async function renderBooks(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    'GET /api/admin': staffSession('auditor'),
    'GET /api/admin/books/periods': { status: 200, body: { periods: [] } },
    ...routes,
  });
  renderApp('/admin-dashboard/books');
  await screen.findByRole('heading', { level: 1, name: 'Books' });
  return api;
}

// The field takes local time: as of 00:00 means up to the end of that minute, here.
const CHOSEN = encodeURIComponent(new Date(new Date('2026-11-01T00:00').getTime() + 59_999).toISOString());

describe('/admin-dashboard/books', () => {
  it("shows every account's debits, credits and balance, the totals, and that the books balance", async () => {
    await renderBooks({ 'GET /api/admin/books/trial-balance': { status: 200, body: balancedBooks } });

    const table = await screen.findByRole('table', { name: 'Trial balance' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Custody: BITCOIN (bitcoin)', 'Asset', '$1,500.00', '$0.00', '$1,500.00'],
      ['Members: available', 'Liability', '$0.00', '$500.00', '$500.00'],
      ['Members: invested', 'Liability', '$0.00', '$1,500.00', '$1,500.00'],
      ['Balance adjustments', 'Equity', '$500.00', '$0.00', '$500.00'],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The books balance: debits and credits are both $2,000.00.',
    );
    expect(screen.getByText(/Owed to members: \$2,000\.00/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Books' })).toHaveAttribute('href', '/admin-dashboard/books');
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/admin/books/trial-balance.csv',
    );
  });

  it('says by how much the books are off, and since which event', async () => {
    await renderBooks({
      'GET /api/admin/books/trial-balance': {
        status: 200,
        body: {
          ...balancedBooks,
          totals: { debit: '2000.01', credit: '2000.00' },
          balanced: false,
          difference: '0.01',
          unbalanced_since: {
            event_id: '0b8e4c1a-9f2d-4e6b-8a7c-1d2e3f4a5b6c',
            position: '42',
            recorded_at: '2026-11-22T09:00:00.000Z',
            difference: '0.01',
          },
        },
      },
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The books do not balance: debits exceed credits by $0.01.');
    expect(alert).toHaveTextContent('event 0b8e4c1a-9f2d-4e6b-8a7c-1d2e3f4a5b6c (position 42');
  });

  it('asks for the books as of the moment chosen, and links the CSV of that moment', async () => {
    const api = await renderBooks({
      'GET /api/admin/books/trial-balance': { status: 200, body: balancedBooks },
      [`GET /api/admin/books/trial-balance?as_of=${CHOSEN}`]: {
        status: 200,
        body: { ...balancedBooks, as_of: decodeURIComponent(CHOSEN), entries: 0, accounts: [] },
      },
    });
    await screen.findByRole('table', { name: 'Trial balance' });
    const user = userEvent.setup();

    const asOf = screen.getByLabelText('As of');
    await user.clear(asOf);
    await user.type(asOf, '2026-11-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Show trial balance' }));

    expect(await screen.findByText('No journal entries up to this moment')).toBeInTheDocument();
    expect(api.fetchStub).toHaveBeenCalledWith(
      `/api/admin/books/trial-balance?as_of=${CHOSEN}`,
      expect.anything(),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `/api/admin/books/trial-balance.csv?as_of=${CHOSEN}`,
    );
  });
});

const closedDay = {
  period: '2026-11-26',
  kind: 'day',
  from: '2026-11-26T00:00:00.000Z',
  to: '2026-11-27T00:00:00.000Z',
  closed_at: '2026-11-27T08:00:00.000Z',
  closed_by: '0b7e1c52-7d1f-4d7e-9a51-3c2f0e6a4b10',
  entries: 3,
  members: 2,
  leaves: 8,
  member_liabilities: '2000.00',
  root: 'ab'.repeat(32),
  last_event: {
    position: '42',
    event_id: '0b8e4c1a-9f2d-4e6b-8a7c-1d2e3f4a5b6c',
    stream_id: 'account-0b7e1c52-7d1f-4d7e-9a51-3c2f0e6a4b10',
    stream_position: 3,
    recorded_at: '2026-11-26T22:00:00.000Z',
    hash: 'cd'.repeat(32),
  },
};

describe('closing a period on /admin-dashboard/books', () => {
  const booksOf = (periods: unknown[]) => ({
    'GET /api/admin': staffSession('admin'),
    'GET /api/admin/books/trial-balance': { status: 200, body: balancedBooks },
    'GET /api/admin/books/periods': { status: 200, body: { periods } },
  });

  it('checks the period in the browser, closes it, and lists the close with its root and last event', async () => {
    let periods: unknown[] = [];
    const api = await renderBooks({
      ...booksOf([]),
      'GET /api/admin/books/periods': () => ({ status: 200, body: { periods } }),
      'POST /api/admin/books/periods': () => {
        periods = [closedDay];
        return {
          status: 201,
          body: { message: '2026-11-26 is closed', period: closedDay, position: '9:42' },
        };
      },
      'GET /api/admin/books/periods/2026-11-26/trial-balance': { status: 200, body: balancedBooks },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No period has been closed yet.')).toBeInTheDocument();

    const field = screen.getByLabelText('Period');
    await user.type(field, '2026-13');
    await user.click(screen.getByRole('button', { name: 'Close period' }));
    expect(await screen.findByText('Enter a day as YYYY-MM-DD or a month as YYYY-MM')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/books/periods')).toEqual([]);

    await user.clear(field);
    await user.type(field, '2026-11-26');
    await user.click(screen.getByRole('button', { name: 'Close period' }));

    expect(await screen.findByText('2026-11-26 is closed')).toBeInTheDocument();
    expect(api.sentBodies('POST /api/admin/books/periods')).toEqual([{ period: '2026-11-26' }]);
    const table = await screen.findByRole('table', { name: 'Closed periods' });
    const cells = within(within(table).getAllByRole('row')[1]!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '2026-11-26',
      expect.stringMatching(/^Nov 27, 2026/),
      '2',
      '8',
      '$2,000.00',
      'abababababab…',
      '#42 cdcdcdcdcdcd…',
      'Trial balance',
    ]);
    expect(field).toHaveValue('');

    await user.click(within(table).getByRole('button', { name: 'Trial balance' }));
    expect(await screen.findByRole('table', { name: 'Trial balance of 2026-11-26' })).toBeInTheDocument();
  });

  it("shows the server's reason under the field and keeps what was typed", async () => {
    await renderBooks({
      ...booksOf([]),
      'POST /api/admin/books/periods': {
        status: 400,
        body: {
          message: 'Please check the highlighted fields',
          fieldErrors: {
            period: '2026-11-27 has not ended yet: it can be closed from 2026-11-28T00:00:00.000Z',
          },
        },
      },
    });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText('Period'), '2026-11-27');
    await user.click(screen.getByRole('button', { name: 'Close period' }));

    expect(await screen.findByText(/2026-11-27 has not ended yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('Period')).toHaveValue('2026-11-27');
  });

  it('lets an auditor read the closes but not close one', async () => {
    await renderBooks({
      'GET /api/admin/books/trial-balance': { status: 200, body: balancedBooks },
      'GET /api/admin/books/periods': { status: 200, body: { periods: [closedDay] } },
    });

    expect(await screen.findByRole('table', { name: 'Closed periods' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close period' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Close period' })).toBeNull();
  });
});
