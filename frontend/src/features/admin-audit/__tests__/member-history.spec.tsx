import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ADMIN_TEST_USER_ID, adminUserAnswer } from '../../../testing/admin-user.js';
import { stubApi, type StubbedAnswer } from '../../../testing/api-stub.js';
import { renderApp, setViewportWidth } from '../../../testing/render-app.js';
import { staffSession } from '../../../testing/staff-session.js';

const USER_ID = ADMIN_TEST_USER_ID;
const USER_URL = `/api/admin/users/${USER_ID}`;
const HEAD_HASH = 'c0ffee'.repeat(10) + 'abcd';

const member = adminUserAnswer({
  phone: '+44 20 7946 0000',
  withdrawable_balance: '1500.00',
  total_invest: '5000.00',
  buckets: {
    available: '1500.00',
    invested: '5000.00',
    profit_locked: '0.00',
    profit_unlocked: '0.00',
    reserved: '0.00',
  },
  version: 3,
});

const requested = {
  id: 'a1a1a1a1-0000-4000-8000-000000000001',
  type: 'DepositRequested',
  amount: '5000.00',
  bucket: null,
  reason: null,
  actor: { id: USER_ID, role: 'member', name: null },
  requestId: 'req-0001',
  streamPosition: 1,
  occurredAt: '2026-03-14T10:00:00.000Z',
};
const confirmed = {
  id: 'a1a1a1a1-0000-4000-8000-000000000002',
  type: 'DepositConfirmed',
  amount: '5000.00',
  bucket: null,
  reason: null,
  actor: { id: 'x', role: 'admin', name: 'Grace Hopper' },
  requestId: 'req-0002',
  streamPosition: 2,
  occurredAt: '2026-03-15T10:00:00.000Z',
};
const adjusted = {
  id: 'a1a1a1a1-0000-4000-8000-000000000003',
  type: 'BalanceAdjusted',
  amount: '-50.00',
  bucket: 'available',
  reason: 'Duplicate bonus reversed',
  actor: { id: 'y', role: 'admin', name: 'Alan Turing' },
  requestId: 'req-0003',
  streamPosition: 3,
  occurredAt: '2026-03-16T10:00:00.000Z',
};
/** One page of the timeline, newest first as the server answers it, and the total of all pages. */
const activity = (...records: object[]) => ({ status: 200, body: { data: records, total: records.length } });
const FIRST_PAGE = 'page=1&pageSize=10';

const balances = (available: string, invested: string, total: string) => ({
  available,
  invested,
  profit_locked: '0.00',
  profit_unlocked: '0.00',
  reserved: '0.00',
  total,
});
const line = (position: number, type: string, amount: string, change: string, after: object) => ({
  id: `b2b2b2b2-0000-4000-8000-00000000000${position}`,
  position,
  type,
  amount,
  change,
  bucket: type === 'BalanceAdjusted' ? 'available' : null,
  reason: null,
  actor_role: 'admin',
  recorded_at: `2026-03-1${3 + position}T10:00:00.000Z`,
  hash: `${position}`.repeat(64),
  balances: after,
});
const statement = {
  status: 200,
  body: {
    user_id: USER_ID,
    as_of: '2026-03-16T12:00:00.000Z',
    events: 3,
    head_hash: HEAD_HASH,
    balances: balances('1500.00', '5000.00', '6500.00'),
    lines: [
      line(1, 'DepositRequested', '5000.00', '0.00', balances('0.00', '0.00', '0.00')),
      line(2, 'DepositConfirmed', '5000.00', '5000.00', balances('0.00', '5000.00', '5000.00')),
      line(3, 'BalanceAdjusted', '1500.00', '1500.00', balances('1500.00', '5000.00', '6500.00')),
    ],
  },
};

type Routes = Record<string, StubbedAnswer | (() => StubbedAnswer)>;

function routes(role: 'admin' | 'auditor', extra: Routes = {}): Routes {
  return {
    'GET /api/admin': staffSession(role),
    [`GET ${USER_URL}`]: member,
    [`GET ${USER_URL}/activity?${FIRST_PAGE}`]: activity(adjusted, confirmed, requested),
    ...extra,
  };
}

async function renderHistory() {
  const rendered = renderApp(`/admin-dashboard/manage-user/${USER_ID}/history`);
  await screen.findByRole('heading', { level: 1, name: 'Account history: Ada Lovelace' });
  return rendered;
}

const timeline = () => screen.getByRole('table', { name: 'Account timeline' });
const filters = () => screen.getByRole('form', { name: 'Timeline filters' });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
const cellTexts = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
/** What a datetime-local value means in this browser's time zone, as the API is asked. */
const isoOf = (local: string) => new Date(local).toISOString();
/** The last millisecond of a local minute: where a To or As of field ends. */
const isoEndOf = (local: string) => new Date(new Date(local).getTime() + 59_999).toISOString();

describe('/admin-dashboard/manage-user/:id/history', () => {
  it('shows the timeline newest first: time, type, amount, actor, reason, request id, position', async () => {
    stubApi(routes('admin'));
    await renderHistory();

    await waitFor(() => expect(document.title).toBe('Account history | Ledgerstone'));
    expect(screen.getByRole('link', { name: 'Back to Manage User' })).toHaveAttribute(
      'href',
      `/admin-dashboard/manage-user/${USER_ID}`,
    );
    await within(timeline()).findByText('Duplicate bonus reversed');
    expect(
      within(timeline())
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Recorded', 'Type', 'Amount', 'Actor', 'Reason', 'Request id', 'Position']);
    const rows = bodyRows(timeline());
    expect(rows.map((row) => cellTexts(row).slice(1))).toEqual([
      [
        'Balance adjusted (Available)',
        '-$50.00',
        'Alan Turing (admin)',
        'Duplicate bonus reversed',
        'req-0003',
        '3',
      ],
      ['Deposit confirmed', '$5,000.00', 'Grace Hopper (admin)', '—', 'req-0002', '2'],
      ['Deposit requested', '$5,000.00', 'Member', '—', 'req-0001', '1'],
    ]);
    expect(within(rows[0] as HTMLElement).getByText('req-0003')).toHaveStyle({ fontFamily: 'monospace' });
  });

  it('shows security changes among the account events by the time recorded, without an amount', async () => {
    const reset = {
      id: 'a1a1a1a1-0000-4000-8000-000000000004',
      type: 'SecondFactorsResetByAdmin',
      amount: '0.00',
      bucket: null,
      reason: 'Lost phone, checked by call',
      actor: { id: 'y', role: 'admin', name: 'Alan Turing' },
      requestId: 'req-0004',
      streamPosition: 5,
      occurredAt: '2026-03-15T12:00:00.000Z',
    };
    const newDevice = {
      ...reset,
      id: 'a1a1a1a1-0000-4000-8000-000000000005',
      type: 'NewDeviceSignedIn',
      reason: null,
      actor: { id: USER_ID, role: 'member', name: null },
      requestId: 'req-0005',
      streamPosition: 2,
      occurredAt: '2026-03-13T10:00:00.000Z',
    };
    stubApi(
      routes('auditor', {
        [`GET ${USER_URL}/activity?${FIRST_PAGE}`]: activity(
          adjusted,
          reset,
          confirmed,
          requested,
          newDevice,
        ),
      }),
    );
    await renderHistory();
    await within(timeline()).findByText('Lost phone, checked by call');

    expect(bodyRows(timeline()).map((row) => cellTexts(row).slice(1, 5))).toEqual([
      ['Balance adjusted (Available)', '-$50.00', 'Alan Turing (admin)', 'Duplicate bonus reversed'],
      ['Two-step verification reset by an admin', '—', 'Alan Turing (admin)', 'Lost phone, checked by call'],
      ['Deposit confirmed', '$5,000.00', 'Grace Hopper (admin)', '—'],
      ['Deposit requested', '$5,000.00', 'Member', '—'],
      ['Signed in from a new device', '—', 'Member', '—'],
    ]);
  });

  it('asks the server with the type and the From and To moments in UTC, and Clear shows everything again', async () => {
    const from = '2026-03-15T00:00';
    const to = '2026-03-15T23:59';
    const filtered = `GET ${USER_URL}/activity?${new URLSearchParams({
      type: 'DepositConfirmed',
      from: isoOf(from),
      to: isoEndOf(to),
      page: '1',
      pageSize: '10',
    }).toString()}`;
    const api = stubApi(routes('auditor', { [filtered]: activity(confirmed) }));
    await renderHistory();
    await within(timeline()).findByText('Duplicate bonus reversed');

    const user = userEvent.setup();
    await user.click(within(filters()).getByRole('combobox', { name: 'Type' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual([
      'All',
      'Deposit requested',
      'Deposit confirmed',
      'Deposit rejected',
      'Withdrawal requested',
      'Withdrawal paid',
      'Withdrawal rejected',
      'Balance adjusted',
      'Profit accrued',
      'Investment matured',
      'Payout address added',
      'Payout address removed',
      'Withdrawals paused after a security change',
      'Account locked',
      'Account unlocked',
      'Withdrawal limits set',
      'Password changed',
      'Second factor added',
      'Second factor removed',
      'Recovery codes generated',
      'Recovery code used',
      'Two-step verification reset by an admin',
      'Signed out on another device',
      'Signed in from a new device',
    ]);
    await user.click(screen.getByRole('option', { name: 'Deposit confirmed' }));
    fireEvent.change(within(filters()).getByLabelText('From'), { target: { value: from } });
    fireEvent.change(within(filters()).getByLabelText('To'), { target: { value: to } });
    await user.click(within(filters()).getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(bodyRows(timeline())).toHaveLength(1));
    expect(cellTexts(bodyRows(timeline())[0] as HTMLElement)[1]).toBe('Deposit confirmed');
    expect(api.fetchStub.mock.calls.map(([url]) => `GET ${String(url)}`)).toContain(filtered);

    await user.click(within(filters()).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(bodyRows(timeline())).toHaveLength(3));
    expect(within(filters()).getByLabelText('From')).toHaveValue('');
  });

  it('asks the server for one page at a time, and a filter applied goes back to the first page', async () => {
    const event = (index: number) => ({
      ...requested,
      id: `c3c3c3c3-0000-4000-8000-${String(index).padStart(12, '0')}`,
      type: 'ProfitAccrued',
      amount: `${index}.00`,
      streamPosition: index,
    });
    const newestFirst = Array.from({ length: 12 }, (_, index) => event(12 - index));
    const page = (records: object[]) => ({ status: 200, body: { data: records, total: 12 } });
    const filtered = `GET ${USER_URL}/activity?type=ProfitAccrued&page=1&pageSize=10`;
    const api = stubApi(
      routes('auditor', {
        [`GET ${USER_URL}/activity?${FIRST_PAGE}`]: page(newestFirst.slice(0, 10)),
        [`GET ${USER_URL}/activity?page=2&pageSize=10`]: page(newestFirst.slice(10)),
        [filtered]: page(newestFirst.slice(0, 10)),
      }),
    );
    await renderHistory();
    await within(timeline()).findByText('$12.00');
    expect(bodyRows(timeline())).toHaveLength(10);

    const user = userEvent.setup();
    await user.click(screen.getAllByRole('button', { name: 'Next' })[0]!);
    await within(timeline()).findByText('$2.00');
    expect(bodyRows(timeline()).map((row) => cellTexts(row)[2])).toEqual(['$2.00', '$1.00']);

    await user.click(within(filters()).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Profit accrued' }));
    await user.click(within(filters()).getByRole('button', { name: 'Apply' }));
    await within(timeline()).findByText('$12.00');
    expect(api.fetchStub.mock.calls.map(([url]) => `GET ${String(url)}`)).toContain(filtered);
  });

  it("shows the server's refusal and its field errors on the filter", async () => {
    const from = '2026-03-15T00:00';
    const refused = `GET ${USER_URL}/activity?${new URLSearchParams({ from: isoOf(from), page: '1', pageSize: '10' }).toString()}`;
    stubApi(
      routes('admin', {
        [refused]: {
          status: 400,
          body: {
            message: 'Invalid timeline filter',
            fieldErrors: { from: ['must be within the last year'] },
          },
        },
      }),
    );
    await renderHistory();
    await within(timeline()).findByText('Duplicate bonus reversed');

    fireEvent.change(within(filters()).getByLabelText('From'), { target: { value: from } });
    await userEvent.setup().click(within(filters()).getByRole('button', { name: 'Apply' }));

    expect(await screen.findByText('Invalid timeline filter')).toBeInTheDocument();
    expect(within(filters()).getByText('must be within the last year')).toBeInTheDocument();
    expect(within(filters()).getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
  });

  it('refuses a To before From without asking the server', async () => {
    const api = stubApi(routes('admin'));
    await renderHistory();
    await within(timeline()).findByText('Duplicate bonus reversed');

    fireEvent.change(within(filters()).getByLabelText('From'), { target: { value: '2026-03-16T00:00' } });
    fireEvent.change(within(filters()).getByLabelText('To'), { target: { value: '2026-03-15T00:00' } });
    await userEvent.setup().click(within(filters()).getByRole('button', { name: 'Apply' }));

    expect(await within(filters()).findByText('must not be before from')).toBeInTheDocument();
    expect(api.fetchStub.mock.calls.filter(([url]) => String(url).includes('from='))).toHaveLength(0);
  });

  it('shows the balances as of a moment, the events that make them up with the running total, and the head hash', async () => {
    const asOf = '2026-03-16T12:00';
    stubApi(
      routes('auditor', {
        [`GET ${USER_URL}/statement?as_of=${encodeURIComponent(isoEndOf(asOf))}`]: statement,
      }),
    );
    await renderHistory();
    const panel = screen.getByRole('region', { name: 'Balance as of' });

    fireEvent.change(within(panel).getByLabelText('As of'), { target: { value: asOf } });
    expect(within(panel).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${USER_URL}/statement.csv?as_of=${encodeURIComponent(isoEndOf(asOf))}`,
    );
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show balance' }));

    const figures = await within(panel).findByRole('group', { name: 'Balances' });
    expect(
      within(figures)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Available', 'Invested', 'Locked profit', 'Unlocked profit', 'Reserved', 'Total']);
    expect(
      within(figures)
        .getAllByRole('definition')
        .map((value) => value.textContent),
    ).toEqual(['$1,500.00', '$5,000.00', '$0.00', '$0.00', '$0.00', '$6,500.00']);
    expect(within(panel).getByText(HEAD_HASH)).toBeInTheDocument();

    const lines = within(panel).getByRole('table', { name: 'Events up to this moment' });
    expect(
      bodyRows(lines).map((row) => {
        const [position, , type, change, total, hash] = cellTexts(row);
        return [position, type, change, total, hash];
      }),
    ).toEqual([
      ['1', 'Deposit requested', '$0.00', '$0.00', `${'1'.repeat(12)}…`],
      ['2', 'Deposit confirmed', '$5,000.00', '$5,000.00', `${'2'.repeat(12)}…`],
      ['3', 'Balance adjusted (Available)', '$1,500.00', '$6,500.00', `${'3'.repeat(12)}…`],
    ]);
  });

  it('without a moment shows the balance now and downloads the whole statement', async () => {
    stubApi(routes('admin', { [`GET ${USER_URL}/statement`]: statement }));
    await renderHistory();
    const panel = screen.getByRole('region', { name: 'Balance as of' });

    expect(within(panel).getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      `${USER_URL}/statement.csv`,
    );
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Show balance' }));
    expect(await within(panel).findByRole('group', { name: 'Balances' })).toBeInTheDocument();
  });

  it('verifies the member history: intact with the head hash, then a broken link with its reason', async () => {
    const answers = [
      { ok: true, streams: 1, events: 3, headHash: HEAD_HASH, brokenAt: null },
      {
        ok: false,
        streams: 1,
        events: 3,
        headHash: HEAD_HASH,
        brokenAt: { streamId: `account-${USER_ID}`, position: 2, reason: 'the stored hash does not match' },
      },
    ];
    let asked = 0;
    stubApi(
      routes('auditor', {
        [`GET ${USER_URL}/verify-history`]: () => ({ status: 200, body: answers[asked++] }),
      }),
    );
    await renderHistory();
    const section = screen.getByRole('region', { name: 'Verify history' });
    const user = userEvent.setup();

    await user.click(within(section).getByRole('button', { name: 'Verify history' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      `History intact: 3 events, head hash ${HEAD_HASH}`,
    );

    await user.click(within(section).getByRole('button', { name: 'Verify history' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent(
        'Broken link at position 2: the stored hash does not match',
      ),
    );
    expect(asked).toBe(2);
  });

  it('works at 600 px: every part is there and nothing offers a change', async () => {
    setViewportWidth(600);
    stubApi(routes('auditor'));
    await renderHistory();
    await within(timeline()).findByText('Duplicate bonus reversed');

    expect(screen.getByRole('region', { name: 'Account timeline' })).toHaveAttribute('tabindex', '0');
    expect(
      screen
        .getAllByRole('button')
        .map((button) => button.textContent)
        .filter((text) => ['Apply', 'Clear', 'Show balance', 'Verify history'].includes(text ?? '')),
    ).toEqual(['Apply', 'Clear', 'Show balance', 'Verify history']);
    for (const action of [/delete/i, /update/i, /email/i, /save/i]) {
      expect(screen.queryByRole('button', { name: action })).not.toBeInTheDocument();
    }
  });
});
