import { describe, expect, it } from '@jest/globals';
import type { MailJobState, TransactionJobs, TransactionMailJob } from '@ledgerstone/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { stubApi } from '../../../testing/api-stub.js';
import { renderApp } from '../../../testing/render-app.js';
import { getTransactionJobsQueryOptions } from '../api/get-transaction-jobs.js';
import { staffProfile } from '../../../testing/staff-session.js';

const userId = '66666666-6666-4666-8666-666666666666';
const depositId = '11111111-1111-4111-8111-111111111111';
const withdrawalId = '33333333-3333-4333-8333-333333333333';
const events = {
  requested: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  confirmed: 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb',
  matured: 'cccccccc-cccc-4ccc-8ccc-cccccccccccc',
};

const row = (id: string, type: 'deposit' | 'withdrawal', status: string, amount: string) => ({
  id,
  type,
  status,
  amount,
  payment_method_id: '55555555-5555-4555-8555-555555555555',
  payment_method: 'BITCOIN',
  user_id: userId,
  createdAt: '2026-11-20T10:00:00.000Z',
  address_known_over_30_days: type === 'withdrawal' ? true : null,
});

const listing = {
  data: [
    row(depositId, 'deposit', 'completed', '1500.00'),
    row(withdrawalId, 'withdrawal', 'pending', '300.25'),
  ],
  total: 2,
  page: 1,
  pageSize: 10,
};

const job = (
  id: string,
  template: string,
  state: MailJobState,
  attemptsMade: number | null,
): TransactionMailJob => ({
  id,
  queue: 'mail',
  template,
  state,
  attemptsMade,
  boardUrl: `/api/admin/queues/queue/mail/${id}`,
});

const depositJobs: TransactionJobs = {
  type: 'deposit',
  id: depositId,
  userId,
  events: [
    {
      eventId: events.requested,
      type: 'DepositRequested',
      streamPosition: 1,
      recordedAt: '2026-11-20T10:00:00.000Z',
      actorRole: 'member',
      requestId: 'req-1',
      job: job(events.requested, 'deposit-received', 'completed', 1),
    },
    {
      eventId: events.confirmed,
      type: 'DepositConfirmed',
      streamPosition: 2,
      recordedAt: '2026-11-20T11:00:00.000Z',
      actorRole: 'admin',
      requestId: 'req-2',
      job: job(events.confirmed, 'deposit-confirmed', 'failed', 5),
    },
    {
      eventId: events.matured,
      type: 'InvestmentMatured',
      streamPosition: 9,
      recordedAt: '2026-12-20T00:00:00.000Z',
      actorRole: 'system',
      requestId: null,
      job: job(events.matured, 'investment-matured', 'missing', null),
    },
  ],
};

function stubScreen(role: 'admin' | 'auditor', routes: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    'GET /api/admin': { status: 200, body: staffProfile(role) },
    'GET /api/transactions?page=1&pageSize=10': { status: 200, body: listing },
    ...routes,
  });
}

const rowOf = (amount: string) => screen.getByRole('cell', { name: amount }).closest('tr') as HTMLElement;

async function openJobs(amount: string) {
  renderApp('/admin-dashboard/alltransaction');
  await screen.findByRole('cell', { name: amount });
  await userEvent.setup().click(within(rowOf(amount)).getByRole('button', { name: 'Jobs' }));
  return screen.findByRole('dialog', { name: 'Jobs' });
}

describe('the Jobs action of /admin-dashboard/alltransaction', () => {
  it("lists a deposit's events with their mail job, its state and a link to the queue board", async () => {
    stubScreen('admin', {
      [`GET /api/admin/transactions/deposit/${depositId}/jobs`]: { status: 200, body: depositJobs },
    });

    const dialog = await openJobs('$1,500.00');

    const table = await within(dialog).findByRole('table', {
      name: 'Events and mail jobs of the deposit of $1,500.00',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((tableRow) => within(tableRow).getAllByRole('cell')[2]?.textContent)).toEqual([
      'deposit-received',
      'deposit-confirmed',
      'investment-matured',
    ]);
    expect(rows.map((tableRow) => within(tableRow).getAllByRole('cell')[3]?.textContent)).toEqual([
      'completed',
      'failed',
      'missing',
    ]);
    const confirmed = within(rows[1] as HTMLElement).getByRole('link', { name: 'Open in queue board' });
    expect(confirmed).toHaveAttribute('href', `/api/admin/queues/queue/mail/${events.confirmed}`);
    expect(confirmed).toHaveAttribute('target', '_blank');
    expect(confirmed).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(dialog).getAllByRole('link', { name: 'Open in queue board' })).toHaveLength(2);
    expect(within(rows[2] as HTMLElement).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says "No mail" for an event that queued none, and gives an auditor the same view', async () => {
    stubScreen('auditor', {
      [`GET /api/admin/transactions/withdrawal/${withdrawalId}/jobs`]: {
        status: 200,
        body: {
          type: 'withdrawal',
          id: withdrawalId,
          userId,
          events: [
            {
              eventId: events.requested,
              type: 'WithdrawalRequested',
              streamPosition: 3,
              recordedAt: '2026-11-20T10:00:00.000Z',
              actorRole: 'member',
              requestId: 'req-3',
              job: null,
            },
          ],
        },
      },
    });

    const dialog = await openJobs('$300.25');

    const table = await within(dialog).findByRole('table', {
      name: 'Events and mail jobs of the withdrawal of $300.25',
    });
    expect(within(table).getByRole('cell', { name: 'No mail' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it("shows the server's message when the jobs cannot be read", async () => {
    stubScreen('admin', {
      [`GET /api/admin/transactions/deposit/${depositId}/jobs`]: {
        status: 404,
        body: { message: 'Deposit not found' },
      },
    });

    const dialog = await openJobs('$1,500.00');

    expect(await within(dialog).findByText('Deposit not found')).toBeInTheDocument();
  });

  it("keys the query under 'admin', so a decision's invalidation reaches it", () => {
    expect(getTransactionJobsQueryOptions({ type: 'deposit', id: depositId }).queryKey).toEqual([
      'admin',
      'transaction-jobs',
      'deposit',
      depositId,
    ]);
  });
});
